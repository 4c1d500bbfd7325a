import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aLot } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { LotGrid, PRIORITY_CARDS } from './LotGrid.tsx';

describe('LotGrid', () => {
  it('loads the pictures of the first row at once and the others as they near the viewport', async () => {
    const lots = Array.from({ length: PRIORITY_CARDS + 2 }, (_, i) =>
      aLot({ id: `lot-${i}`, title: `Lot ${i}` }),
    );
    await render(<LotGrid lots={lots} empty="No lots" label="Lots" />);
    const loading = screen
      .getAllByTestId('lot-card')
      .map((card) => card.querySelector('img')?.getAttribute('loading'));
    expect(loading).toEqual([...Array(PRIORITY_CARDS).fill('eager'), 'lazy', 'lazy']);
  });
});
