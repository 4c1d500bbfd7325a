import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aLot } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { LotCard } from './LotCard.tsx';

describe('LotCard', () => {
  it('names the card by its title, links to the product and shows the current bid', async () => {
    const { container } = await render(<LotCard lot={aLot({ id: 'lot-7', wprice: 123_400 })} />);
    const card = screen.getByRole('article', { name: '2015 Château Margaux' });
    expect(card.dataset.testid).toBe('lot-card');
    expect(card.dataset.lotId).toBe('lot-7');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('2015 Château Margaux');
    expect(within(card).getByRole('link', { name: '2015 Château Margaux' }).getAttribute('href')).toBe(
      '/productview/lot-7',
    );
    expect(within(card).getByTestId('lot-price').textContent).toBe('$1,234.00');
    expect(within(card).getByText('Current Bid')).toBeTruthy();
    expect(within(card).getByText('Lot #42')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('shows the buy-now price of a buy-now-only lot', async () => {
    await render(<LotCard lot={aLot({ auction: 0, buynow: 1, bprice: 8_950 })} />);
    expect(screen.getByText('Buy Now')).toBeTruthy();
    expect(screen.getByTestId('lot-price').textContent).toBe('$89.50');
    expect(screen.queryByTestId('bid-count')).toBeNull();
  });

  it('falls back to the no-image picture when the image breaks', async () => {
    const { container } = await render(<LotCard lot={aLot()} />);
    const img = container.querySelector('img');
    if (!img) throw new Error('no image');
    expect(img.getAttribute('src')).toBe('/uploads/product/margaux.jpg');
    fireEvent.error(img);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/no-image.svg');
  });
});
