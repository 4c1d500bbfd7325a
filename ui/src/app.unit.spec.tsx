import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import { defaultMarketSettings, type LotView } from '@wine/contracts';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient } from './api/realtime/client.ts';
import { AppProviders } from './app-providers.tsx';
import { routeTree } from './routeTree.gen.ts';
import { realtimeClientAtom } from './state/realtime.ts';
import { FakeSocket } from './test-utils/fake-socket.ts';
import { aLot } from './test-utils/fixtures.ts';
import { testQueryClient } from './test-utils/query-client.ts';

const envelope = (responseData: unknown) => ({
  status: 'success',
  data: { message: 'ok', responseType: 200, responseData },
});
const bundle = {
  ...defaultMarketSettings,
  countries: [{ value: 'France', count: 1 }],
  regions: [{ country: 'France', value: 'Bordeaux', count: 1 }],
  subregions: [{ country: 'France', region: 'Bordeaux', value: 'Margaux', count: 1 }],
  wine_colors: ['Red', 'White'],
  vintages: [2015],
  bottle_sizes: ['750ml'],
};

function stubApi(lots: LotView[]) {
  const fetch = vi.fn(async (path: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body));
    if (path === '/api/common/getDefault') return Response.json(envelope(bundle));
    if (path === '/api/product/search')
      return Response.json(envelope({ records: lots, totalRecords: lots.length }));
    if (path === '/api/product/lot') {
      const lot = lots.find((l) => l.id === body.id);
      return lot
        ? Response.json(envelope(lot))
        : Response.json({
            status: 'error',
            data: { message: 'Lot not found', responseType: 404, responseData: null },
          });
    }
    return new Response('', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function renderApp(path: string) {
  const store = createStore();
  const queryClient = testQueryClient();
  const socket = new FakeSocket();
  store.set(realtimeClientAtom, createRealtimeClient({ url: 'ws://test/ws', createSocket: () => socket }));
  const router = createRouter({
    routeTree,
    context: { store, queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await act(async () => {
    render(
      <AppProviders store={store} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await router.load();
  });
  await act(async () => socket.open());
  return { socket, router };
}

describe('the storefront', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2030-01-09T12:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows a product with its details, visitor buttons and meta tags, and updates it live', async () => {
    const lot = aLot({
      id: 'lot-9',
      buynow: 1,
      bprice: 30_000,
      date_closed: '2030-01-20T12:00:00.000Z',
      discount_buynow_records: [{ id: 'd', quantity: 6, bprice: 27_000 }],
      desc_proc: 'x'.repeat(400),
    });
    stubApi([lot]);
    const { socket } = await renderApp('/productview/lot-9');

    expect((await screen.findByTestId('lot-title')).textContent).toBe('2015 Château Margaux');
    expect(screen.getByTestId('lot-sku').textContent).toBe('SKU-1001');
    expect(screen.getByTestId('lot-number').textContent).toBe('42');
    expect(screen.getByTestId('current-bid').textContent).toBe('$1,250.00');
    expect(screen.getByTestId('premium-note').textContent).toBe(
      "All bids are subject to a 20% buyer's premium.",
    );
    expect(screen.getByRole('link', { name: 'Login to Bid' }).getAttribute('href')).toBe('/login?pid=lot-9');
    expect(screen.getByRole('link', { name: 'Login to buy' }).getAttribute('href')).toBe('/login?pid=lot-9');
    expect(within(screen.getByTestId('discount-table')).getByText('6 & up')).toBeTruthy();
    expect(screen.getByTestId('lot-description').textContent).toHaveLength(301);
    expect(document.title).toBe('Château Margaux 2015');
    expect(document.head.querySelector('meta[name="keywords"]')?.getAttribute('content')).toBe(
      'margaux, bordeaux',
    );
    expect(screen.getByTestId('live-status').textContent).toBe('Live');
    expect(socket.sent).toContainEqual({ type: 'subscribe', channels: ['lot:lot-9'] });

    await act(async () =>
      socket.receive({
        type: 'bidAddtime',
        position: '00000000000000000010',
        events: ['BidPlaced'],
        event: 'BidPlaced',
        lot: { ...lot, wprice: 140_000, bid_count: 4, date_closed: '2030-01-20T12:04:00.000Z' },
        below_five: 0,
        date_closed: '2030-01-20T12:04:00.000Z',
      }),
    );
    expect(screen.getByTestId('current-bid').textContent).toBe('$1,400.00');
    expect(screen.getByTestId('bid-count').textContent).toBe('4 bids');
  });

  it('lists search results with their count and replaces a changed lot in place', async () => {
    const lots = [aLot({ id: 'a', title: 'Alpha' }), aLot({ id: 'b', title: 'Beta' })];
    stubApi(lots);
    const { socket } = await renderApp('/search?country=France');
    expect((await screen.findByTestId('total-records')).textContent).toBe('2');
    expect(screen.getAllByTestId('lot-card').map((c) => c.dataset.lotId)).toEqual(['a', 'b']);
    await act(async () =>
      socket.receive({
        type: 'lotChanged',
        position: '00000000000000000011',
        event: 'BidPlaced',
        lot: { ...lots[1], title: 'Beta', wprice: 999_900 },
      }),
    );
    const beta = screen.getAllByTestId('lot-card')[1];
    expect(beta && within(beta).getByTestId('lot-price').textContent).toBe('$9,999.00');
  });

  it('shows the fallback page for any other path', async () => {
    stubApi([]);
    await renderApp('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
  });

  it('shows a lot that does not exist as not found', async () => {
    stubApi([]);
    await renderApp('/productview/missing');
    expect((await screen.findByTestId('not-found')).textContent).toContain('Lot not found');
  });
});
