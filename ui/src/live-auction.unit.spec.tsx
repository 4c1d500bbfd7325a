import { act, screen, waitFor, within } from '@testing-library/react';
import type { BidAddtimeMessage, LotChangedMessage, SearchFilter } from '@wine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure } from './test-utils/fake-api.ts';
import { aLot, anAuction } from './test-utils/fixtures.ts';

const detail = anAuction({ next_close: '2030-01-11T18:00:00.000Z' });
const openLots = [
  aLot({ id: 'o1', title: 'Open one', auctionid: 'a-7', date_closed: '2030-01-11T18:00:00.000Z' }),
  aLot({ id: 'o2', title: 'Open two', auctionid: 'a-7', date_closed: '2030-01-12T18:00:00.000Z' }),
];
const closedLots = [aLot({ id: 'c1', title: 'Closed one', auctionid: 'a-7', market_status: 'sold' })];

const isOpenSearch = (filter: SearchFilter) => filter.filters?.market_status?.type === 'array';

/** /liveAuction/a-7 served by a fake API: open lots and closed lots by the market_status filter. */
function auctionApi(open = openLots) {
  return {
    auctionDetail: ({ auctionid }: { auctionid: string }) => {
      if (auctionid !== 'a-7') throw new Failure('Auction not found', 404);
      return detail;
    },
    productSearch: (filter: SearchFilter) =>
      isOpenSearch(filter)
        ? { records: open, totalRecords: open.length }
        : { records: closedLots, totalRecords: closedLots.length },
  };
}

describe('/liveAuction/:aid', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2030-01-10T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("shows one auction's open lots first, then its closed ones, from the search by auction id", async () => {
    const { api } = await renderApp('/liveAuction/a-7', { api: auctionApi() });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Auction a-7');
    const open = screen.getByRole('list', { name: 'Open lots of auction a-7' });
    expect(
      within(open)
        .getAllByRole('article')
        .map((a) => a.dataset.lotId),
    ).toEqual(['o1', 'o2']);
    const closed = screen.getByRole('list', { name: 'Closed lots of auction a-7' });
    expect(
      within(closed)
        .getAllByRole('article')
        .map((a) => a.dataset.lotId),
    ).toEqual(['c1']);
    const searches = api.requests
      .filter((r) => r.action === 'productSearch')
      .map((r) => r.input as SearchFilter);
    expect(searches.every((s) => s.filters?.auctionid?.value?.toString() === 'a-7')).toBe(true);
    expect(document.title).toContain('Auction a-7');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('shows a not-found page with the way back to the auctions for an unknown auction id', async () => {
    await renderApp('/liveAuction/nope', { api: auctionApi() });
    expect(await screen.findByTestId('auction-not-found')).toBeTruthy();
    expect(screen.getByText(/There is no auction nope\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all auctions' }).getAttribute('href')).toBe('/auction');
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('changes a shown lot live and reloads when a lot is newly listed in this auction', async () => {
    const { api, openSocket } = await renderApp('/liveAuction/a-7', { api: auctionApi() });
    await screen.findByRole('list', { name: 'Open lots of auction a-7' });
    const socket = await openSocket();
    const [first] = openLots;
    if (!first) throw new Error('no lot');
    await act(async () =>
      socket.receive({
        type: 'bidAddtime',
        position: '00000000000000000070',
        events: ['BidPlaced'],
        event: 'BidPlaced',
        lot: { ...first, wprice: 777_700, bid_count: 9 },
        below_five: 0,
        date_closed: first.date_closed,
      } satisfies BidAddtimeMessage),
    );
    const card = screen.getByRole('article', { name: 'Open one' });
    expect(within(card).getByTestId('lot-price').textContent).toBe('$7,777.00');

    const before = api.requests.filter((r) => r.action === 'productSearch').length;
    vi.useRealTimers();
    await act(async () =>
      socket.receive({
        type: 'lotChanged',
        position: '00000000000000000071',
        events: ['LotListed'],
        event: 'LotListed',
        lot: aLot({ id: 'o3', title: 'New one', auctionid: 'a-7' }),
      } satisfies LotChangedMessage),
    );
    await waitFor(() =>
      expect(api.requests.filter((r) => r.action === 'productSearch').length).toBeGreaterThan(before),
    );
  });

  it("moves the header's countdown when a bid extends the next close (issue 31)", async () => {
    vi.setSystemTime(Date.parse('2030-01-11T17:58:00.000Z'));
    let summary = detail;
    const { openSocket } = await renderApp('/liveAuction/a-7', {
      api: { ...auctionApi(), auctionDetail: () => summary },
    });
    const header = await screen.findByTestId('auction-next-close');
    expect(within(header).getByRole('timer').textContent).toMatch(/\b2m 0s/);
    const socket = await openSocket();
    const [first] = openLots;
    if (!first) throw new Error('no lot');
    // The bid at 17:58 came inside the soft-close window: the lot (and the auction's next close) moves to 18:03.
    const extended = '2030-01-11T18:03:00.000Z';
    summary = { ...detail, next_close: extended };
    await act(async () =>
      socket.receive({
        type: 'bidAddtime',
        position: '00000000000000000080',
        events: ['BidPlaced', 'LotExtended'],
        event: 'BidPlaced',
        lot: { ...first, wprice: 80_000, bid_count: 3, date_closed: extended },
        below_five: 1,
        date_closed: extended,
      } satisfies BidAddtimeMessage),
    );
    await waitFor(() => expect(within(header).getByRole('timer').textContent).toMatch(/\b5m 0s/));
  });

  it('leaves the header alone for a plain bid of another auction', async () => {
    const { api, openSocket } = await renderApp('/liveAuction/a-7', { api: auctionApi() });
    await screen.findByTestId('auction-next-close');
    const socket = await openSocket();
    const before = api.requests.filter((r) => r.action === 'auctionDetail').length;
    await act(async () =>
      socket.receive({
        type: 'bidAddtime',
        position: '00000000000000000081',
        events: ['BidPlaced', 'LotExtended'],
        event: 'BidPlaced',
        lot: aLot({ id: 'x1', auctionid: 'a-9' }),
        below_five: 1,
        date_closed: '2030-01-11T18:03:00.000Z',
      } satisfies BidAddtimeMessage),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.requests.filter((r) => r.action === 'auctionDetail').length).toBe(before);
  });

  it('is where "View lots" on /auction leads', async () => {
    await renderApp('/auction', {
      api: { auctions: () => ({ records: [detail], totalRecords: 1 }), ...auctionApi() },
    });
    const link = await screen.findByRole('link', { name: 'View lots' });
    expect(link.getAttribute('href')).toBe('/liveAuction/a-7');
  });
});
