import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import type { Handlers } from './test-utils/fake-api.ts';
import { aLot, aUser } from './test-utils/fixtures.ts';

const selling = [aLot({ id: 's1', title: 'For sale', own_lot: 1 })];
const sold = [
  aLot({
    id: 'd1',
    title: 'Sold one',
    own_lot: 1,
    market_status: 'sold',
    cbidtext: 'Sold Price',
    buynowamount: 42_000,
    date_closed: '2030-01-03T18:00:00.000Z',
  }),
];

const signedIn = (path: string, api: Handlers = {}) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ id: 'user-1' }),
      mySellingLots: () => ({ records: selling, totalRecords: 1 }),
      mySoldLots: () => ({ records: sold, totalRecords: 1 }),
      allinvoices: () => ({ records: [], totalRecords: 0 }),
      ...api,
    },
  });

describe('/myWines/selling and /myWines/sold', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2030-01-05T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it.each(['/myWines/selling', '/myWines/sold'])(
    'sends a visitor from %s home with the page as referer',
    async (path) => {
      const { api, router } = await renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(router.state.location.search).toEqual({ referer: path });
      expect(api.requests.some((r) => r.action === 'mySellingLots' || r.action === 'mySoldLots')).toBe(false);
    },
  );

  it("lists the user's lots for sale, asking by page and size only (never a seller id)", async () => {
    const { api } = await signedIn('/myWines/selling');
    const list = await screen.findByRole('list', { name: 'Your wines for sale' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.dataset.lotId),
    ).toEqual(['s1']);
    expect(api.requests.filter((r) => r.action === 'mySellingLots').map((r) => r.input)).toEqual([
      { page: 1, limit: 25 },
    ]);
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('moves between Purchased, Selling and Sold with the tab bar', async () => {
    const { api, router, user } = await signedIn('/myWines/selling');
    await screen.findByRole('list', { name: 'Your wines for sale' });
    vi.useRealTimers();
    await user.click(
      within(screen.getByRole('navigation', { name: 'My Wines lists' })).getByRole('link', { name: 'Sold' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/myWines/sold'));
    const table = await screen.findByRole('table', { name: 'Your sold wines' });
    expect(within(table).getByTestId('sold-price').textContent).toBe('$420.00');
    expect(api.requests.filter((r) => r.action === 'mySoldLots').map((r) => r.input)).toEqual([
      { page: 1, limit: 25 },
    ]);
    await user.click(screen.getByRole('link', { name: 'Purchased' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/myWines/purchased'));
    expect(await screen.findByTestId('purchased-empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Purchased', current: 'page' })).toBeTruthy();
  });

  it('asks for the page and page size chosen in the address', async () => {
    const { api } = await signedIn('/myWines/sold?limit=50&page=2', {
      mySoldLots: () => ({ records: sold, totalRecords: 51 }),
    });
    await screen.findByRole('table', { name: 'Your sold wines' });
    expect(api.requests.filter((r) => r.action === 'mySoldLots').at(-1)?.input).toEqual({
      page: 2,
      limit: 50,
    });
  });

  it('falls back to 25 a page for a page size the list does not offer', async () => {
    const { api } = await signedIn('/myWines/sold?limit=30');
    await screen.findByRole('table', { name: 'Your sold wines' });
    expect(api.requests.filter((r) => r.action === 'mySoldLots').at(-1)?.input).toEqual({
      page: 1,
      limit: 25,
    });
  });

  it('explains how to sell to a user who sells nothing', async () => {
    await signedIn('/myWines/selling', { mySellingLots: () => ({ records: [], totalRecords: 0 }) });
    const empty = await screen.findByTestId('seller-lots-empty');
    expect(empty.textContent).toContain('You have no wines for sale.');
    expect(within(empty).getByRole('link', { name: 'Sell Your Wine' }).getAttribute('href')).toBe(
      '/sellingwine',
    );
  });
});
