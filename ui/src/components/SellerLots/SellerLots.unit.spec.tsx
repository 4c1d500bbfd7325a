import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { aLot } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { MyWinesTabs } from './MyWinesTabs.tsx';
import { SellerLots, type SellerLotsProps } from './SellerLots.tsx';

const props = (over: Partial<SellerLotsProps> = {}): SellerLotsProps => ({
  kind: 'selling',
  records: [],
  totalRecords: 0,
  page: 1,
  limit: 25,
  onPage: vi.fn(),
  onLimit: vi.fn(),
  refetch: vi.fn(),
  ...over,
});

describe('SellerLots', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2030-01-05T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the lots for sale as lot cards, a not yet started one included, with the count', async () => {
    const records = [
      aLot({ id: 's1', title: 'Soon', own_lot: 1 }),
      aLot({
        id: 's2',
        title: 'Later',
        own_lot: 1,
        future_active: true,
        date_added: '2030-01-08T12:00:00.000Z',
      }),
    ];
    const { container } = await render(<SellerLots {...props({ records, totalRecords: 2 })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My Wines');
    expect(screen.getByTestId('total-records').textContent).toBe('2');
    const list = screen.getByRole('list', { name: 'Your wines for sale' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('data-lot-id')),
    ).toEqual(['s1', 's2']);
    expect(within(list).getAllByTestId('countdown')[1]?.dataset.state).toBe('startsIn');
    await expectNoAxeViolations(container);
  });

  it('shows the sold lots with the sold price and the close date', async () => {
    const records = [
      aLot({
        id: 'd1',
        title: '2010 Latour',
        custitemlot_number: '101',
        market_status: 'sold',
        cbidtext: 'Sold Price',
        buynowamount: 42_000,
        wprice: 42_000,
        date_closed: '2030-01-03T18:00:00.000Z',
      }),
    ];
    const { container } = await render(<SellerLots {...props({ kind: 'sold', records, totalRecords: 1 })} />);
    const table = screen.getByRole('table', { name: 'Your sold wines' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Wine', 'Sold Price', 'Date closed']);
    const [row] = within(table).getAllByTestId('sold-lot');
    if (!row) throw new Error('no row');
    expect(within(row).getByRole('link', { name: '2010 Latour' }).getAttribute('href')).toBe(
      '/productview/d1',
    );
    expect(within(row).getByText('Lot #101')).toBeTruthy();
    expect(within(row).getByTestId('sold-price').textContent).toBe('$420.00');
    expect(row.textContent).toContain('01-03-2030');
    await expectNoAxeViolations(container);
  });

  it('explains to a user who sells nothing how to sell, on both lists', async () => {
    const { container, unmount } = await render(<SellerLots {...props()} />);
    expect(screen.getByTestId('seller-lots-empty').textContent).toContain('You have no wines for sale.');
    expect(screen.getByRole('link', { name: 'Sell Your Wine' }).getAttribute('href')).toBe('/sellingwine');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await expectNoAxeViolations(container);
    unmount();
    await render(<SellerLots {...props({ kind: 'sold' })} />);
    expect(screen.getByTestId('seller-lots-empty').textContent).toContain('None of your wines has sold yet.');
    expect(screen.getByRole('link', { name: 'Sell Your Wine' })).toBeTruthy();
  });

  it('pages, and changes the page size to 25, 50 or 100', async () => {
    const onPage = vi.fn();
    const onLimit = vi.fn();
    const records = Array.from({ length: 25 }, (_, i) => aLot({ id: `s${i}` }));
    const { user } = await render(<SellerLots {...props({ records, totalRecords: 60, onPage, onLimit })} />, {
      mantineEnv: 'test',
    });
    vi.useRealTimers();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: '3' }),
    );
    expect(onPage).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole('combobox', { name: 'Per page' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '50' }));
    expect(onLimit).toHaveBeenCalledWith(50);
  });
});

describe('MyWinesTabs', () => {
  it('links the three My Wines lists and marks the current one', async () => {
    const { container } = await render(<MyWinesTabs current="sold" />);
    const nav = screen.getByRole('navigation', { name: 'My Wines lists' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Purchased', '/myWines/purchased'],
      ['Selling', '/myWines/selling'],
      ['Sold', '/myWines/sold'],
    ]);
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Sold');
    await expectNoAxeViolations(container);
  });
});
