import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { LotImage } from './LotImage.tsx';

describe('LotImage', () => {
  it('shows the no-image placeholder when the picture fails to load', async () => {
    const { container } = await render(
      <LotImage src="/uploads/product/gone.jpg" alt="2015 Château Margaux" />,
    );
    const img = screen.getByRole('img', { name: '2015 Château Margaux' });
    expect(img.getAttribute('src')).toBe('/uploads/product/gone.jpg');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: '2015 Château Margaux' }).getAttribute('src')).toBe(
      '/no-image.svg',
    );
    await expectNoAxeViolations(container);
  });

  it('shows the placeholder when the lot has no picture', async () => {
    await render(<LotImage src={undefined} alt="No picture" />);
    expect(screen.getByRole('img', { name: 'No picture' }).getAttribute('src')).toBe('/no-image.svg');
  });

  it('fetches the picture a page leads with first, and the others lazily', async () => {
    await render(
      <>
        <LotImage src="/uploads/product/a.jpg" alt="Lead" loading="eager" />
        <LotImage src="/uploads/product/b.jpg" alt="Card" />
      </>,
    );
    const lead = screen.getByRole('img', { name: 'Lead' });
    expect([lead.getAttribute('loading'), lead.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    const card = screen.getByRole('img', { name: 'Card' });
    expect([card.getAttribute('loading'), card.getAttribute('fetchpriority')]).toEqual(['lazy', null]);
  });
});
