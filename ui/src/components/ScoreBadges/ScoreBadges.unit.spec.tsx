import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { ScoreBadges } from './ScoreBadges.tsx';

describe('ScoreBadges', () => {
  it('shows the scores the lot has, in the catalogue order', async () => {
    const { container } = await render(
      <ScoreBadges
        lot={{ custitem_gvo_wa: '99', custitem_gvo_ws: '97-98', custitemtwi: ' ', custitem3: '18.5' }}
      />,
    );
    const list = screen.getByRole('list', { name: 'Critic scores' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['WS 97-98', 'WA 99', 'JR 18.5']);
    await expectNoAxeViolations(container);
  });

  it('renders nothing without scores', async () => {
    await render(<ScoreBadges lot={{}} />);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
