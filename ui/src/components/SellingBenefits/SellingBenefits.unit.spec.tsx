import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { SellingBenefits } from './SellingBenefits.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('SellingBenefits', () => {
  it('shows the four benefit cards in order, each with its sentence', async () => {
    const { container } = await render(<SellingBenefits />);
    const section = screen.getByRole('region', { name: 'Why sell your wine with us' });
    const cards = within(section).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Free Professional Appraisal',
      'Access to Markets',
      '24/7 Visibility',
      'Logistics',
    ]);
    for (const card of cards) expect(card.querySelector('p')?.textContent?.length).toBeGreaterThan(30);
    await expectNoAxeViolations(container);
  });

  it('speaks Spanish when the language is Spanish', async () => {
    await i18n.changeLanguage('es');
    await render(<SellingBenefits />);
    expect(screen.getByRole('heading', { name: 'Tasación profesional gratuita' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Logística' })).toBeTruthy();
  });
});
