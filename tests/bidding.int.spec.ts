import { lotDecider } from '@wine/command-service';
import {
  actions,
  type BidConfirmResult,
  type BidHistoryRow,
  defaultBidIncrements,
  incrementAt,
  type LotView,
  type PendingCounts,
  type StaffSettings,
} from '@wine/contracts';
import { type LotEvent, lotStream } from '@wine/event-schemas';
import { createLogger, offsetClock } from '@wine/platform';
import { projections, rebuildProjection } from '@wine/projection-service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const $ = (dollars: number) => Math.round(dollars * 100);
const MINUTE = 60_000;
const clock = offsetClock();
let market: TestMarketplace;

beforeAll(async () => {
  market = await startMarketplace({ seed: false, clock });
});
afterAll(async () => {
  await market?.stop();
});

async function createLot(overrides: Parameters<typeof lotInput>[0] = {}) {
  const input = lotInput({
    openingBid: $(250),
    closesAt: new Date(clock.now().getTime() + 3 * 24 * 60 * MINUTE).toISOString(),
    ...overrides,
  });
  return (await market.ok<{ id: string }>('/api/admin/product/create', input, market.admin)).id;
}

const bid = (user: TestUser | null, id: string, wsprice: unknown, extra: Record<string, unknown> = {}) =>
  market.post<BidConfirmResult>('/api/bid/confirm', { id, wsprice, ...extra }, user?.auth ?? {});

async function lotAs(id: string, user?: TestUser): Promise<LotView> {
  await market.caughtUp();
  return market.ok<LotView>('/api/product/lot', { id }, user?.auth ?? {});
}

const lotEvents = async (id: string) =>
  (await market.eventStore.readStream(lotStream(id))).map(
    (e) => ({ type: e.type, data: e.data }) as LotEvent,
  );

describe('bid/confirm', () => {
  it('opens a proxy bid at the opening price and answers the bidder’s standing', async () => {
    const id = await createLot();
    const ann = await market.bidder();
    const { http, body } = await bid(ann, id, $(500), { bidding_type: 'proxy' });
    expect(http).toBe(200);
    expect(body.data.message).toBe('Bid placed successfully');
    expect(body.data.responseData).toMatchObject({
      wprice: $(250),
      next_bid: $(260),
      bid_count: 1,
      bidtopstatus: 'winner',
    });
  });

  it('lets a higher maximum lead at the old maximum plus its increment; each user sees only their own standing', async () => {
    const id = await createLot();
    const [ann, bob] = [await market.bidder(), await market.bidder()];
    await bid(ann, id, $(500));
    const { body } = await bid(bob, id, $(1000));
    expect(body.data.responseData).toMatchObject({ wprice: $(550), bidtopstatus: 'winner' });

    expect(await lotAs(id, ann)).toMatchObject({
      wprice: $(550),
      next_bid: $(600),
      bid_count: 3,
      bidtopstatus: 'outbid',
      bid_or_not: 1,
      my_max_bid: $(500),
    });
    expect(await lotAs(id, bob)).toMatchObject({ bidtopstatus: 'winner', my_max_bid: $(1000) });
    const visitor = await lotAs(id);
    expect(visitor).toMatchObject({ bidtopstatus: null, bid_or_not: 0, my_max_bid: null });
    // No one else's maximum leaves the server.
    expect(JSON.stringify(visitor)).not.toContain(String($(1000)));
    expect(JSON.stringify(await lotAs(id, ann))).not.toContain(String($(1000)));
  });

  it('answers bad amounts with the seeds’ messages and writes nothing', async () => {
    const id = await createLot();
    const ann = await market.bidder();
    // Schema failures name the field (`wsprice: ...`) and carry the seeds' text in their issues.
    const cases: [unknown, string][] = [
      [undefined, 'wsprice: Select bid amount'],
      ['', 'wsprice: Select bid amount'],
      ['abc', 'wsprice: Numbers only!'],
      [{ amount: 5 }, 'wsprice: Numbers only!'],
      [$(250) + 0.5, 'wsprice: Amounts have at most two decimals'],
      [$(249), 'Min. Bid $250.00'],
      [-$(300), 'Min. Bid $250.00'],
      [1e12, 'A bid is capped at $999,999.99'],
    ];
    for (const [wsprice, message] of cases) {
      const { http, body } = await bid(ann, id, wsprice);
      expect([http, body.status, body.data.message], JSON.stringify(wsprice)).toEqual([
        400,
        'error',
        message,
      ]);
    }
    const wrongType = await bid(ann, id, $(300), { bidding_type: 'hard' });
    expect(wrongType.body.data.message).toBe('This auction takes proxy bids');
    const unknownField = await bid(ann, id, $(300), { bidderId: 'someone-else' });
    expect(unknownField.http).toBe(400);
    expect(await lotEvents(id)).toHaveLength(1);
  });

  it('refuses a visitor, a user without a card, and the seller; nothing is written', async () => {
    const seller = await market.bidder();
    await market.post('/api/admin/user/setSeller', { id: seller.id, seller: true }, market.admin);
    const { id } = await market.sellerListing(seller, lotInput({ openingBid: $(100) }));
    const noCard = await market.bidder({ card: false });

    expect((await bid(null, id, $(100))).http).toBe(403);
    const withoutCard = await bid(noCard, id, $(100));
    expect([withoutCard.http, withoutCard.body.data.message]).toEqual([
      402,
      'Please add a card to place bid',
    ]);
    const own = await bid(seller, id, $(100));
    expect([own.http, own.body.data.message]).toEqual([403, 'You cannot bid on your own lot']);
    // The seller's draft, submitted, approved: LotListed is the last, and nothing after it.
    expect((await lotEvents(id)).map((e) => e.type)).toEqual([
      'LotDrafted',
      'LotSubmitted',
      'LotApproved',
      'LotListed',
    ]);
  });

  it('refuses unknown, future, withdrawn and closed lots with a clear message', async () => {
    const ann = await market.bidder();
    expect((await bid(ann, 'no-such-lot', $(100))).body.data.message).toBe('Lot not found');

    const future = await createLot({ startsAt: new Date(clock.now().getTime() + 60 * MINUTE).toISOString() });
    expect((await bid(ann, future, $(250))).body.data.message).toBe(
      'Bidding on this lot has not started yet',
    );

    const withdrawn = await createLot();
    await market.post('/api/admin/product/withdraw', { id: withdrawn, reason: 'cork failure' }, market.admin);
    expect((await bid(ann, withdrawn, $(250))).body.data.message).toBe('This lot has been withdrawn');
    expect((await lotAs(withdrawn)).market_status).toBe('closed');

    const closing = await createLot({
      closesAt: new Date(clock.now().getTime() + 10 * MINUTE).toISOString(),
    });
    clock.advance(11 * MINUTE);
    // The close is the server's: refused whether or not the scheduler got there first.
    expect((await bid(ann, closing, $(250))).body.data.message).toBe('Bidding on this lot has closed');
  });

  it('answers a repeated submission (same command id) with the earlier result and writes nothing new', async () => {
    const id = await createLot();
    const ann = await market.bidder();
    const headers = { ...ann.auth, 'x-command-id': `bid-${id}-once` };
    const first = await market.post<BidConfirmResult>('/api/bid/confirm', { id, wsprice: $(400) }, headers);
    const again = await market.post<BidConfirmResult>('/api/bid/confirm', { id, wsprice: $(400) }, headers);
    expect(again.body.status).toBe('success');
    const position = (r: typeof first) => (r.body.data.responseData as BidConfirmResult).position;
    expect(position(again)).toBe(position(first));
    expect((await lotEvents(id)).filter((e) => e.type === 'BidPlaced')).toHaveLength(1);
  });

  it('moves the close to five minutes after a bid with less than five minutes left', async () => {
    const closesAt = clock.now().getTime() + 3 * MINUTE;
    const id = await createLot({ closesAt: new Date(closesAt).toISOString() });
    const ann = await market.bidder();
    const before = clock.now().getTime();
    const { body } = await bid(ann, id, $(300));
    const extended = Date.parse((body.data.responseData as BidConfirmResult).date_closed);
    expect(extended).toBeGreaterThanOrEqual(before + 5 * MINUTE);
    expect(extended).toBeLessThan(before + 5 * MINUTE + 5_000);
    expect(Date.parse((await lotAs(id)).date_closed)).toBe(extended);
    expect((await lotEvents(id)).map((e) => e.type)).toEqual(['LotListed', 'BidPlaced', 'LotExtended']);
  });
});

describe('two bids at the same moment on one lot', () => {
  it('decides them one after the other on the lot stream: none is lost and the outcome is the sequential one', async () => {
    const id = await createLot();
    const bidders = await Promise.all(Array.from({ length: 12 }, () => market.bidder()));
    const maxima = bidders.map((_, i) => $(300 + i * 100));
    const answers = await Promise.all(bidders.map((b, i) => bid(b, id, maxima[i])));

    const events = await lotEvents(id);
    const placed = events
      .filter((e) => e.type === 'BidPlaced')
      .map((e) => e.data as { bidderId: string; maxAmount: number });
    const accepted = bidders.filter((_, i) => answers[i]?.body.status === 'success');
    // Every accepted bid is in the log, once; every refused one was below the next bid at its turn.
    expect(placed.map((p) => p.bidderId).sort()).toEqual(accepted.map((b) => b.id).sort());
    for (const answer of answers.filter((a) => a.body.status === 'error')) {
      expect(answer.body.data.message).toMatch(/^Min\. Bid \$/);
    }
    // Replaying the accepted bids one by one, in the order the log holds them, gives the same lot.
    const start = clock.now();
    let state = lotDecider.evolve(lotDecider.initialState(), events[0] as LotEvent);
    for (const p of placed) {
      const decided = lotDecider.decide(
        {
          type: 'PlaceBid',
          bidId: 'replay',
          bidderId: p.bidderId,
          amount: p.maxAmount,
          hasCard: true,
          now: start,
          rules: {
            increments: defaultBidIncrements,
            proxy: true,
            softCloseWindowMinutes: 5,
            softCloseExtendMinutes: 5,
          },
        },
        state,
      );
      state = decided.reduce(lotDecider.evolve, state);
    }
    const live = events.reduce(lotDecider.evolve, lotDecider.initialState());
    expect(live.status === 'open' && state.status === 'open').toBe(true);
    if (live.status !== 'open' || state.status !== 'open') return;
    expect([live.price, live.leader, live.bidCount]).toEqual([state.price, state.leader, state.bidCount]);
    // And the leader holds the highest maximum, at the second one plus its increment.
    const sorted = placed.map((p) => p.maxAmount).sort((a, b) => b - a);
    const [top = 0, second = 0] = sorted;
    expect(live.leader?.max).toBe(top);
    expect(live.price).toBe(Math.min(top, second + incrementAt(defaultBidIncrements, second)));
  });
});

describe('closing', () => {
  it('closes at the extended close into sold, with won and lost for the bidders and the auction count for the winner', async () => {
    const id = await createLot({ closesAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString() });
    const [ann, bob] = [await market.bidder(), await market.bidder()];
    await bid(ann, id, $(400));
    await bid(bob, id, $(600));
    clock.advance(31 * MINUTE);
    await vi.waitFor(async () => expect((await lotAs(id)).market_status).toBe('sold'), { timeout: 5000 });
    expect(await lotAs(id, bob)).toMatchObject({
      bidtopstatus: 'won',
      cbidtext: 'Sold Price',
      buynowamount: $(420),
    });
    expect((await lotAs(id, ann)).bidtopstatus).toBe('lost');
    const counts = await market.ok<PendingCounts>('/api/cart/pendingCount', {}, bob.auth);
    expect(counts.auctionCount.totalRecords).toBe(1);
    const won = await market.ok<{ records: LotView[] }>('/api/user/auctions', { type: 'won' }, bob.auth);
    expect(won.records.map((r) => r.id)).toEqual([id]);
    const lost = await market.ok<{ records: LotView[] }>('/api/user/auctions', { type: 'lost' }, ann.auth);
    expect(lost.records.map((r) => r.id)).toEqual([id]);
  });

  it('leaves a lot whose hidden reserve was not met unsold', async () => {
    const id = await createLot({
      reserve: $(5000),
      closesAt: new Date(clock.now().getTime() + 30 * MINUTE).toISOString(),
    });
    const ann = await market.bidder();
    await bid(ann, id, $(1000));
    clock.advance(31 * MINUTE);
    await vi.waitFor(async () => expect((await lotAs(id)).market_status).toBe('unsold'), { timeout: 5000 });
    expect((await lotAs(id, ann)).bidtopstatus).toBe('lost');
  });
});

describe('bid history, similar lots and My Bids', () => {
  it('pages the history 10 at a time, newest first, naming only the caller’s own rows', async () => {
    const id = await createLot({ openingBid: $(100) });
    const [ann, bob] = [await market.bidder(), await market.bidder()];
    // Hard-raising maxima one after the other: each bid is answered by the other's proxy.
    for (let i = 0; i < 6; i++) {
      await bid(ann, id, (await lotAs(id)).next_bid);
      await bid(bob, id, (await lotAs(id)).next_bid);
    }
    await market.caughtUp();
    const { records, totalRecords } = await market.ok<{ records: BidHistoryRow[]; totalRecords: number }>(
      '/api/bid/history',
      { id },
      ann.auth,
    );
    expect(records).toHaveLength(10);
    expect(totalRecords).toBe((await lotAs(id)).bid_count);
    expect(records.map((r) => r.proposed_amount)).toEqual(
      [...records.map((r) => r.proposed_amount)].sort((a, b) => b - a),
    );
    for (const row of records) {
      expect(row.user_id === null || row.user_id === ann.id).toBe(true);
      expect(row.mine).toBe(row.user_id === ann.id);
    }
    expect(records.some((r) => r.mine) && records.some((r) => !r.mine)).toBe(true);
    const page2 = await market.ok<{ records: BidHistoryRow[] }>('/api/bid/history', { id, page: 2 });
    expect(page2.records).toHaveLength(totalRecords - 10);
    expect(page2.records.every((r) => !r.mine && r.user_id === null)).toBe(true);
  });

  it('offers three similar open lots closing soonest, never the lot itself', async () => {
    const soon = (h: number) => new Date(clock.now().getTime() + h * 60 * MINUTE).toISOString();
    const base = { country: 'Portugal', colour: 'Fortified' as const, auctionId: `port-${Date.now()}` };
    const id = await createLot({ ...base, closesAt: soon(50) });
    const others = [
      await createLot({ ...base, closesAt: soon(54) }),
      await createLot({ ...base, closesAt: soon(51) }),
      await createLot({ ...base, closesAt: soon(53) }),
      await createLot({ ...base, closesAt: soon(52) }),
    ];
    await market.caughtUp();
    const similar = await market.ok<{ records: LotView[] }>('/api/product/getAllSimilarProducts', { id });
    expect(similar.records.map((r) => r.id)).toEqual([others[1], others[3], others[2]]);
  });
});

describe('buy now', () => {
  const buyNowLot = (over: Parameters<typeof lotInput>[0] = {}) =>
    createLot({
      auction: false,
      buyNow: true,
      buyNowPrice: $(100),
      quantity: 12,
      discounts: [
        { quantity: 6, price: $(90) },
        { quantity: 12, price: $(80) },
      ],
      ...over,
    });
  const add = (user: TestUser, cart: unknown) =>
    market.post<{ lines: { unit_price: number }[] }>('/api/buynow/addToCart', { cart }, user.auth);

  it('adds a buy-now line at the discounted unit price and counts it in the cart', async () => {
    const id = await buyNowLot();
    const ann = await market.bidder();
    const { body } = await add(ann, [{ product_id: id, qty: 6 }]);
    expect(body.data.message).toBe('Added to cart');
    expect((body.data.responseData as { lines: unknown[] }).lines).toEqual([
      { product_id: id, qty: 6, unit_price: $(90) },
    ]);
    await market.caughtUp();
    const counts = await market.ok<PendingCounts>('/api/cart/pendingCount', {}, ann.auth);
    expect(counts.buynowCount.totalRecords).toBe(1);
  });

  it('applies every quantity rule of the seeds with their messages, writing nothing', async () => {
    const ann = await market.bidder();
    const plain = await buyNowLot();
    const enforced = await buyNowLot({ minimumQuantity: 3, enforceMinimumQuantity: true });
    const auctionOnly = await createLot();
    const both = await createLot({ buyNow: true, buyNowPrice: $(400), quantity: 2 });
    const closingSoon = await createLot({
      buyNow: true,
      buyNowPrice: $(400),
      closesAt: new Date(clock.now().getTime() + 24 * 60 * MINUTE).toISOString(),
    });
    const bob = await market.bidder();
    await bid(bob, both, $(250));
    const cases: [unknown, string][] = [
      [[{ product_id: plain, qty: 13 }], 'Max Quantity 12'],
      [[{ product_id: enforced, qty: 2 }], 'Minimum Quantity 3'],
      [[{ product_id: auctionOnly, qty: 1 }], 'Buy now is not available for this lot'],
      [[{ product_id: closingSoon, qty: 1 }], 'Buy now is not available for this lot'],
      [[{ product_id: both, qty: 1 }], 'Minimum Quantity 2'],
      [[{ product_id: plain }], 'cart.0.qty: Enter quantity'],
      [[{ qty: 1 }], 'cart.0.product_id: Product ID required'],
      [
        [
          { product_id: plain, qty: 1 },
          { product_id: auctionOnly, qty: 1 },
        ],
        'Buy now is not available for this lot',
      ],
    ];
    for (const [cart, message] of cases) {
      const { body } = await add(ann, cart);
      expect([body.status, body.data.message], JSON.stringify(cart)).toEqual(['error', message]);
    }
    expect((await add(ann, [{ product_id: both, qty: 2 }])).body.status).toBe('success');
    const noCard = await market.bidder({ card: false });
    expect((await add(noCard, [{ product_id: plain, qty: 1 }])).body.data.message).toBe(
      'Please add a card to buy',
    );
    expect(await market.eventStore.readStream(`cart-${ann.id}`)).toHaveLength(1);
  });
});

describe('watchlist', () => {
  it('toggles the watchlist flag and lists the watched lots', async () => {
    const id = await createLot();
    const ann = await market.bidder();
    const added = await market.post('/api/user/addWatchlist', { project_id: id }, ann.auth);
    expect(added.body.data.message).toBe('Added to watchlist');
    expect((await lotAs(id, ann)).watchlistid).toBe(1);
    expect((await lotAs(id)).watchlistid).toBe(0);
    const listed = await market.ok<{ records: LotView[] }>('/api/user/watchlist', {}, ann.auth);
    expect(listed.records.map((r) => r.id)).toEqual([id]);
    await market.post('/api/user/removeWatchlist', { project_id: id }, ann.auth);
    expect((await lotAs(id, ann)).watchlistid).toBe(0);
    expect((await market.post('/api/user/addWatchlist', { project_id: 'no-such-lot' }, ann.auth)).http).toBe(
      404,
    );
  });
});

describe('sellers', () => {
  it('lists, changes and withdraws their own lots only; the deal is fixed once bid on', async () => {
    const [seller, other] = [await market.bidder(), await market.bidder()];
    const notYet = await market.post('/api/seller/product/create', lotInput(), seller.auth);
    expect([notYet.http, notYet.body.data.message]).toEqual([403, 'Only a seller can do this']);
    await market.post('/api/admin/user/setSeller', { id: seller.id, seller: true }, market.admin);
    await market.post('/api/admin/user/setSeller', { id: other.id, seller: true }, market.admin);
    const { id } = await market.sellerListing(seller, lotInput({ openingBid: $(100) }));
    const renamed = await market.ok<{ changed: string[] }>(
      '/api/seller/product/update',
      { id, title: 'Renamed lot', openingBid: $(120) },
      seller.auth,
    );
    expect(renamed.changed).toEqual(['title', 'openingBid']);
    expect(await lotAs(id)).toMatchObject({ title: 'Renamed lot', next_bid: $(120) });
    const foreign = await market.post('/api/seller/product/update', { id, title: 'Mine now' }, other.auth);
    expect([foreign.http, foreign.body.data.message]).toEqual([403, 'You can only change your own lots']);

    await bid(await market.bidder(), id, $(150));
    const reprice = await market.post('/api/seller/product/update', { id, openingBid: $(50) }, seller.auth);
    expect([reprice.http, reprice.body.data.message]).toEqual([
      409,
      'openingBid cannot change once the lot has bids',
    ]);
    expect(
      (await market.post('/api/seller/product/withdraw', { id, reason: 'sold privately' }, other.auth)).http,
    ).toBe(403);
    expect(
      (await market.post('/api/seller/product/withdraw', { id, reason: 'sold privately' }, seller.auth)).body
        .status,
    ).toBe('success');
  });
});

describe('the bidding read models are disposable', () => {
  it('a blue/green rebuild of each gives exactly the documents the live projections wrote', async () => {
    const watcher = await market.bidder();
    await market.ok('/api/user/addWatchlist', { project_id: await createLot() }, watcher.auth);
    // Wallet credit bought with the watcher's card, so the wallets read model has something to rebuild.
    const cards = await market.ok<{ data: { id: string }[] }>('/api/user/getSkyflowCredit', {}, watcher.auth);
    await market.ok(
      '/api/credit/addCreditBalance',
      { amount: 1_000, card_id: cards.data[0]?.id },
      watcher.auth,
    );
    // ...and part of it held as a bid deposit, for the deposits read model.
    await market.ok('/api/credit/addBidDeposit', { amount: 500 }, watcher.auth);
    // A gift card issued and redeemed, so the gift cards read model has something to rebuild.
    const { cards: gifts } = await market.ok<{ cards: { code: string }[] }>(
      '/api/admin/giftcard/issue',
      { amount: 500, count: 1 },
      market.admin,
    );
    await market.ok('/api/giftcard/addGiftCardWalletBalance', { code: gifts[0]?.code }, watcher.auth);
    // A bottle bought by card and returned to the wallet, so the returns read model has something to rebuild.
    const bottle = await createLot({ auction: false, buyNow: true, buyNowPrice: 2_000, openingBid: 0 });
    await market.ok('/api/buynow/addToCart', { cart: [{ product_id: bottle, qty: 1 }] }, watcher.auth);
    const order = await market.ok<{ invoice_ids: string[] }>(
      '/api/cart/checkout',
      {
        type: 'buynow',
        cart_id: `rebuild-${process.pid}`,
        delivery: 'pickup',
        payment: { card_id: cards.data[0]?.id },
      },
      watcher.auth,
    );
    const invoice_id = order.invoice_ids[0];
    const { return_id } = await market.ok<{ return_id: string }>(
      '/api/product/raiseReturnRequest',
      { invoice_id, product_id: bottle, qty: 1, reason: 'Corked' },
      watcher.auth,
    );
    await market.ok(
      '/api/admin/returns/decide',
      { invoice_id, return_id, decision: 'accept', to: 'wallet' },
      market.admin,
    );
    // Issue 31: the bottle received (back in stock), then refunded.
    await market.ok(
      '/api/admin/returns/receive',
      { invoice_id, return_id, good: 1, damaged: 0 },
      market.admin,
    );
    await market.ok('/api/admin/returns/refund', { invoice_id, return_id }, market.admin);
    // Its pickup booked, so the appointments read model has something to rebuild.
    const slots = await market.ok<{ records: { starts_at: string; remaining: number }[] }>(
      '/api/appointment/checkAppointments',
      {},
      watcher.auth,
    );
    const free = slots.records.find((slot) => slot.remaining > 0)?.starts_at;
    await market.ok('/api/appointment/update', { invoice_id, starts_at: free }, watcher.auth);
    // A producer followed, a search saved, a lot viewed, a page and a banner published (storefront models).
    await market.ok('/api/user/addFollower', { follows: 'Château Margaux', rating: 4 }, watcher.auth);
    await market.ok(
      '/api/user/saveSearch',
      {
        name: 'Red Bordeaux',
        search: { filters: { color: { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' } } },
        notify: true,
      },
      watcher.auth,
    );
    await market.ok('/api/product/increaseProductViewCount', { id: bottle }, watcher.auth);
    await market.ok(
      '/api/user/addressBook/save',
      { label: 'Home', address: { address1: '1 N State St', city: 'Chicago', state: 'IL', zip: '60602' } },
      watcher.auth,
    );
    await market.ok(
      '/api/admin/page/publish',
      { id: 'about', title: 'About us', content_type: 'html', content: '<p>Since 1982.</p>' },
      market.admin,
    );
    await market.ok('/api/admin/banner/publish', { id: 'spring-sale', title: 'Spring sale' }, market.admin);
    // A condition added (issue 38 §5), so the reference data read model has something to rebuild.
    await market.ok(
      actions.insertEntry.path,
      { table: 'conditions', value: `Ullaged ${process.pid}`, value_es: `Con merma ${process.pid}` },
      market.admin,
    );
    // An auction with a lot placed (issue 33), so the auctions read model has something to rebuild.
    const auction = await market.ok<{ id: string }>(
      '/api/admin/auction/create',
      {
        title: 'Rebuild sale',
        kind: 'timed',
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        firstCloseAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      },
      market.admin,
    );
    const sheetLot = await createLot();
    await market.ok('/api/admin/auction/arrange', { id: auction.id, lotIds: [sheetLot] }, market.admin);
    // A bid sheet on it (issue 37), so the bid sheets read model has something to rebuild.
    await market.ok(
      actions.bidSheetSave.path,
      { auction_id: auction.id, limit: 100_000, lines: [{ lot_id: sheetLot, max: 50_000 }] },
      watcher.auth,
    );
    // A seller's payout preference (issue 33 "Sellers"), so the seller payouts model has something to rebuild.
    const consignor = await market.staff('seller');
    await market.ok(
      actions.setSellerPayoutPreference.path,
      { payee: 'Cellar Holdings LLC', method: 'check' },
      consignor.auth,
    );
    // A charge billed to that seller (issue 38 §1), so the seller charges model has something to rebuild.
    await market.ok(
      actions.billSellerCharge.path,
      { seller_id: consignor.id, kind: 'storage', amount: 1_500, note: 'One case, one month' },
      market.admin,
    );
    // A setting changed (issue 34), so the settings read model has something to rebuild.
    const settings = await market.ok<StaffSettings>(actions.staffSettings.path, {}, market.admin);
    await market.ok(actions.changeMoneySettings.path, { ...settings.money, returnDays: 21 }, market.admin);
    // A visitor's enquiry answered (issue 34), so the enquiries read model has something to rebuild.
    await market.ok(
      actions.submitContactUs.path,
      {
        name: 'Vera Visitor',
        email: 'vera@example.com',
        subject: 'Cellar visit',
        message: 'Open Saturdays?',
      },
      { 'x-command-id': `rebuild-enquiry-${process.pid}` },
    );
    const enquiry = await market.ok<{ records: { id: string }[] }>(
      actions.staffEnquiries.path,
      {},
      market.admin,
    );
    await market.ok(
      actions.answerEnquiry.path,
      { id: enquiry.records[0]?.id, message: 'Yes, 10 to 4.' },
      market.admin,
    );
    // A newsletter sign-up (issue 34), so the newsletter read model has something to rebuild.
    await market.ok(actions.addNewsletterContact.path, { email: 'reader@example.com' });
    // A sheet uploaded for import (issue 33), so the imports read model has something to rebuild.
    const sheet = new FormData();
    sheet.append('file_name', 'cellar.csv');
    sheet.append(
      'file_upload',
      new Blob(['Lot,Title,Producer,Country,Opening bid\n77,1990 Latour,Latour,France,500\n']),
      'cellar.csv',
    );
    const uploaded = await fetch(`${market.url}/api/product/uploadXLSXFile`, {
      method: 'POST',
      headers: market.admin,
      body: sheet,
    });
    expect(uploaded.status).toBe(200);
    // A consignment agreement and an investor (issue 35), so their read models have something to rebuild.
    const seller = await market.bidder({ firstName: 'Sam', card: false });
    await market.ok(actions.setSeller.path, { id: seller.id, seller: true }, market.admin);
    await market.ok(actions.createPandaDocForSV.path, { seller_id: seller.id }, market.admin);
    await market.ok(
      actions.onBoardIndividual.path,
      {
        first_name: 'Wes',
        last_name: 'Watcher',
        email: watcher.email,
        dob: '1975-06-01',
        domicile: 'us_citizen',
        address1: '1 Main St',
        city: 'Evanston',
        state: 'IL',
        zip: '60201',
      },
      watcher.auth,
    );
    await market.caughtUp();
    for (const projection of projections) {
      const snapshot = async () =>
        Promise.all(
          projection.collections.map((name) => market.docs.collection(name).find({}, { sort: { _id: 1 } })),
        );
      const live = await snapshot();
      expect(live.flat().length, projection.name).toBeGreaterThan(0);
      await rebuildProjection({
        eventStore: market.eventStore,
        docs: market.docs,
        projection,
        clock,
        logger: createLogger('silent'),
        runner: market.runner,
      });
      expect(await snapshot(), projection.name).toEqual(live);
    }
  });
});
