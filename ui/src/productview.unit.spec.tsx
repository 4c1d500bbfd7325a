import { act, screen, waitFor, within } from '@testing-library/react';
import type { BidAddtimeMessage, BidHistoryRow, LotView, RealClosedUpdatesMessage } from '@wine/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure } from './test-utils/fake-api.ts';
import { aBidResult, aLot, aUser } from './test-utils/fixtures.ts';

const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);
const lot = (over: Partial<LotView> = {}) =>
  aLot({ id: 'lot-7', wprice: 125_000, next_bid: 130_000, date_closed: '2030-01-20T12:00:00.000Z', ...over });

/** The product page for a signed-in user (with a card unless told otherwise). */
async function signedIn(
  shown: LotView,
  api: NonNullable<Parameters<typeof renderApp>[1]>['api'] = {},
  card = true,
) {
  return renderApp(`/productview/${shown.id}`, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ id: 'user-1', card_on_file: card }),
      productLot: () => shown,
      similarProducts: () => ({ records: [], totalRecords: 0 }),
      ...api,
    },
  });
}

describe('/productview/:pid for a signed-in bidder', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2030-01-09T12:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('offers ten amounts from next_bid, confirms, bids, and shows the new standing', async () => {
    const { api, user } = await signedIn(lot(), {
      bidConfirm: () => aBidResult(),
    });
    await user.click(await screen.findByTestId('bid-select'));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      '$1,300.00',
      '$1,400.00',
      '$1,500.00',
      '$1,600.00',
      '$1,700.00',
      '$1,800.00',
      '$1,900.00',
      '$2,000.00',
      '$2,100.00',
      '$2,200.00',
    ]);
    await user.click(screen.getByRole('option', { name: '$1,500.00' }));
    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Bid' });
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('$1,500.00');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(alertTexts()).toContain('Bid placed successfully'));
    expect(api.to('bidConfirm')[0]?.input).toEqual({ id: 'lot-7', wsprice: 150_000, bidding_type: 'proxy' });
    expect(screen.getByTestId('bid-status').textContent).toBe('You are winning this lot.');
    expect(screen.getByTestId('current-bid').textContent).toBe('$1,300.00');
    expect(screen.getByRole('button', { name: 'Increase max bid' })).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('says why an amount cannot be bid, with the seeds’ texts, and sends nothing', async () => {
    const { api, user } = await signedIn(lot());
    const amount = await screen.findByRole('textbox', { name: 'Or enter an amount' });
    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    expect(screen.getByTestId('bid-error').textContent).toBe('Select bid amount');
    await user.type(amount, '12x');
    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    expect(screen.getByTestId('bid-error').textContent).toBe('Numbers only!');
    await user.clear(amount);
    await user.type(amount, '1,299');
    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    expect(screen.getByTestId('bid-error').textContent).toBe('Min. Bid $1,300.00');
    expect(api.to('bidConfirm')).toHaveLength(0);
  });

  it('sends a bidder without a card to My Account to add one', async () => {
    const { api, user, router } = await signedIn(
      lot(),
      { getCards: () => ({ data: [], has_more: false }) },
      false,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Or enter an amount' }), '1300');
    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    await waitFor(() => expect(alertTexts()).toContain('Please add a card to place bid'));
    expect(api.to('bidConfirm')).toHaveLength(0);
  });

  it('sends the bidder to add a card when the server says ADD_CARD, whatever its wording', async () => {
    const { api, user, router } = await signedIn(lot(), {
      bidConfirm: () => {
        throw new Failure('The card on file was removed', 402, null, 'ADD_CARD');
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Or enter an amount' }), '1300');
    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Bid' })).getByRole('button', {
        name: 'Submit',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    await waitFor(() => expect(alertTexts()).toContain('Please add a card to place bid'));
    expect(api.to('bidConfirm')).toHaveLength(1);
  });

  it('shows the server’s refusal when the bid was overtaken meanwhile', async () => {
    const { user } = await signedIn(lot(), {
      bidConfirm: () => {
        throw new Failure('Min. Bid $1,400.00', 400, { field: 'wsprice' }, 'MIN_BID');
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Or enter an amount' }), '1300');
    await user.click(screen.getByRole('button', { name: 'Place Bid' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Bid' })).getByRole('button', {
        name: 'Submit',
      }),
    );
    await waitFor(() => expect(alertTexts()).toContain('Min. Bid $1,400.00'));
  });

  it('turns to outbid when the socket says so, with one alert, and keeps live price and count', async () => {
    const shown = lot({ bidtopstatus: 'winner', bid_or_not: 1, my_max_bid: 150_000 });
    const { openSocket } = await signedIn(shown);
    await screen.findByTestId('bid-status');
    const socket = await openSocket();
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'auth', token: 'tok-1' }));
    const message: BidAddtimeMessage = {
      type: 'bidAddtime',
      position: '00000000000000000050',
      events: ['ProxyBidPlaced', 'BidPlaced'],
      event: 'BidPlaced',
      lot: {
        ...shown,
        wprice: 160_000,
        next_bid: 170_000,
        bid_count: 6,
        bidtopstatus: null,
        bid_or_not: 0,
        my_max_bid: null,
      },
      below_five: 0,
      date_closed: shown.date_closed,
      status: { bidtopstatus: 'outbid', bid_or_not: 1, my_max_bid: 150_000 },
      outbid: true,
    };
    await act(async () => socket.receive(message));
    expect(screen.getByTestId('bid-status').textContent).toBe('you have been outbid.');
    expect(screen.getByTestId('current-bid').textContent).toBe('$1,600.00');
    expect(screen.getByTestId('bid-count').textContent).toBe('6 bids');
    expect(screen.getByRole('button', { name: 'Place Bid' })).toBeTruthy();
    await waitFor(() => expect(alertTexts()).toEqual(['2015 Château Margaux: you have been outbid.']));
  });

  it('shows the extended close of a bid in the last five minutes', async () => {
    vi.setSystemTime(Date.parse('2030-01-20T11:57:00.000Z'));
    const shown = lot();
    const { openSocket } = await signedIn(shown);
    await screen.findByTestId('countdown');
    const socket = await openSocket();
    await act(async () =>
      socket.receive({
        type: 'bidAddtime',
        position: '00000000000000000060',
        events: ['BidPlaced', 'LotExtended'],
        event: 'LotExtended',
        lot: { ...shown, date_closed: '2030-01-20T12:02:00.000Z' },
        below_five: 1,
        date_closed: '2030-01-20T12:02:00.000Z',
      } satisfies BidAddtimeMessage),
    );
    expect(screen.getByRole('timer').textContent).toBe('0d 0h 5m 0s');
  });

  it('congratulates the winner when the lot closes, with the sold price', async () => {
    const shown = lot({ bidtopstatus: 'winner', bid_or_not: 2, my_max_bid: 200_000 });
    const { openSocket } = await signedIn(shown);
    await screen.findByTestId('bid-status');
    const socket = await openSocket();
    const closed: RealClosedUpdatesMessage = {
      type: 'realclosedupdates',
      position: '00000000000000000070',
      events: ['LotClosed'],
      event: 'LotClosed',
      lot: {
        ...shown,
        market_status: 'sold',
        cbidtext: 'Sold Price',
        buynowamount: 125_000,
        bidtopstatus: null,
      },
      status: { bidtopstatus: 'won', bid_or_not: 2, my_max_bid: 200_000 },
    };
    await act(async () => socket.receive(closed));
    expect(screen.getByTestId('bid-status').textContent).toBe('Congratulations you have won this item');
    expect(screen.getByText('Sold Price')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Place Bid|Increase/ })).toBeNull();
    expect(screen.getByTestId('countdown').getAttribute('data-state')).toBe('closedOn');
  });

  it('pages the bid history, labelling own rows My Bid and others Other', async () => {
    const rows = (page: number): BidHistoryRow[] =>
      Array.from({ length: page === 1 ? 10 : 2 }, (_, i) => ({
        id: `b-${page}-${i}`,
        user_id: i % 2 ? 'user-1' : null,
        mine: i % 2 === 1,
        proposed_amount: 200_000 - (page - 1) * 10_000 - i * 1_000,
        created_at: '2030-01-09T11:00:00.000Z',
        declined: 0,
        proxy: false,
      }));
    const { api, user } = await signedIn(lot({ bid_count: 12 }), {
      bidHistory: (input) => ({ records: rows(input.page ?? 1), totalRecords: 12 }),
    });
    await user.click(await screen.findByRole('button', { name: 'View Bid History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bid History' });
    const table = await within(dialog).findByTestId('bid-history');
    const labels = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('td')?.textContent);
    expect(labels.slice(0, 4)).toEqual(['Other', 'My Bid', 'Other', 'My Bid']);
    await user.click(within(dialog).getByRole('button', { name: '2' }));
    await waitFor(() =>
      expect(api.to('bidHistory').at(-1)?.input).toEqual({ id: 'lot-7', page: 2, limit: 10 }),
    );
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(3));
  });

  it('adds to and removes from the watchlist', async () => {
    const { api, user } = await signedIn(lot(), {
      addWatchlist: () => ({ watchlistid: 1 }),
      removeWatchlist: () => ({ watchlistid: 0 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Watchlist' }));
    await user.click(await screen.findByRole('button', { name: 'Remove from Watchlist' }));
    await screen.findByRole('button', { name: 'Add to Watchlist' });
    expect(
      api.requests
        .filter((r) => r.action === 'addWatchlist' || r.action === 'removeWatchlist')
        .map((r) => [r.action, r.input]),
    ).toEqual([
      ['addWatchlist', { project_id: 'lot-7' }],
      ['removeWatchlist', { project_id: 'lot-7' }],
    ]);
  });

  it('buys now after the quantity rules, at the discounted price', async () => {
    const shown = lot({
      auction: 0,
      buynow: 1,
      bprice: 10_000,
      qty: 12,
      bid_count: 0,
      discount_buynow_records: [{ id: 'd1', quantity: 6, bprice: 9_000 }],
    });
    const { api, user } = await signedIn(shown, {
      addToCart: () => ({ lines: [{ product_id: 'lot-7', qty: 6, unit_price: 9_000 }] }),
    });
    const quantity = await screen.findByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '13');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByTestId('buy-error').textContent).toBe('Max Quantity 12');
    await user.clear(quantity);
    await user.type(quantity, '6');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm buy now' });
    expect(within(dialog).getByTestId('buy-total').textContent).toBe('$540.00');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(api.to('addToCart')[0]?.input).toEqual({ cart: [{ product_id: 'lot-7', qty: 6 }] }),
    );
  });

  it('tells the seller of a lot they cannot bid on it or buy it, instead of offering to', async () => {
    await signedIn(lot({ buynow: 1, bprice: 10_000, qty: 12, bid_count: 0, own_lot: 1 }));
    expect((await screen.findByTestId('own-lot')).textContent).toBe('You cannot bid on your own lot');
    expect(screen.getByTestId('own-lot-buy').textContent).toBe('You cannot buy your own lot');
    expect(screen.queryByRole('button', { name: 'Place Bid' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    expect(screen.getByTestId('current-bid').textContent).toBe('$1,250.00');
    await expectNoAxeViolations(screen.getByRole('main'));
  });
});
