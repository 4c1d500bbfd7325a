import { actions, type LiveLotStanding } from '@wine/contracts';
import { type LotEvent, lotStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

/**
 * Issue 37 through the API: advance (absentee) bids left on a live sale's lots before they are called
 * (seeds 001 §7 ttwbid/confirm, bid/preBidConfirm, ttwbid/future_proxy), the auctioneer bidding for the
 * consignor below the reserve, the house's second chance after a lot passed in the room, and the sale's
 * close taking the lots it never called out of the catalogue.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
  await service.service.scheduler.start();
});
afterAll(async () => {
  await service.service.scheduler.stop();
  await service.close();
});

const DAY = 24 * 3600_000;
let n = 0;
const post = <T = unknown>(path: string, body: unknown, token: string, commandId?: string) =>
  service.post<T>(path, body, { token, ...(commandId && { commandId }) });
async function bidder(name: string, card = true) {
  n += 1;
  const user = await service.signUp(`${name}${n}@advance.example`);
  if (card) await service.addCard(user.token);
  return user;
}
const lotEvents = async (lotId: string) =>
  (await service.service.streams.store.readStream(lotStream(lotId))).map(
    (e) => ({ type: e.type, data: e.data }) as LotEvent,
  );
const closedData = async (lotId: string) =>
  (await lotEvents(lotId)).find((e) => e.type === 'LotClosed')?.data;

/**
 * A live sale of three lots opening at $100 (the third with a $500 reserve), starting `startsIn` from
 * now (a day ahead by default: the catalogue is out, the room not yet open), and its staff.
 */
async function liveSale(startsIn = DAY) {
  n += 1;
  const admin = await service.signUp(`admin${n}@advance.example`, ['admin']);
  const clerk = await service.signUp(`clerk${n}@advance.example`, ['auctioneer']);
  const seller = await service.signUp(`seller${n}@advance.example`, ['seller']);
  const now = service.clock.now().getTime();
  const lots: string[] = [];
  for (const [i, reserve] of [null, null, 50_000].entries()) {
    const lot = await service.listLot({
      auction: true,
      buyNow: false,
      openingBid: 10_000,
      reserve,
      quantity: 1,
      title: `Lot ${i + 1}`,
      sellerId: seller.id,
      closesAt: new Date(now + 7 * DAY).toISOString(),
    });
    lots.push(lot.lotId);
  }
  const created = await post<{ id: string }>(
    actions.createAuction.path,
    {
      title: 'Evening Sale',
      kind: 'live',
      startsAt: new Date(now + startsIn).toISOString(),
      firstCloseAt: new Date(now + 2 * DAY).toISOString(),
    },
    admin.token,
  );
  expect(created.status).toBe(200);
  const auctionId = created.body.data.responseData.id;
  const arranged = await post(actions.arrangeAuction.path, { id: auctionId, lotIds: lots }, admin.token);
  expect(arranged.status).toBe(200);
  return { admin, clerk, seller, auctionId, lots: lots as [string, string, string] };
}

const call = (token: string, auctionId: string, lotId: string) =>
  post<LiveLotStanding>(actions.liveCallLot.path, { auction_id: auctionId, lot_id: lotId }, token);

describe('advance bids before the room calls the lot (issue 37)', () => {
  it('takes maximums on all three paths before the sale starts (bid/confirm does not), and the room opens at their price with the house bidding the leader’s maximum', async () => {
    const { clerk, auctionId, lots } = await liveSale();
    const [lot1, lot2] = lots;
    const [ann, bob, flo] = [await bidder('ann'), await bidder('bob'), await bidder('flo')];
    // Today's bid/confirm on a lot of a sale that has not started: refused, the lot not yet open.
    const timed = await post(actions.bidConfirm.path, { id: lot1, wsprice: 30_000 }, ann.token);
    expect(timed.body.data.code).toBe('NOT_STARTED');

    const placed = await post<{ wprice: number; bidtopstatus: string }>(
      '/api/ttwbid/confirm',
      { id: lot1, wsprice: 30_000 },
      ann.token,
    );
    expect(placed.status).toBe(200);
    expect(placed.body.data.responseData).toMatchObject({ wprice: 10_000, bidtopstatus: 'winner' });
    // Bob's pre-bid from the lot page, then a future proxy: Ann's maximum answers both.
    const pre = await post<{ wprice: number; bidtopstatus: string }>(
      '/api/bid/preBidConfirm',
      { id: lot1, wsprice: 20_000 },
      bob.token,
    );
    expect(pre.body.data.responseData).toMatchObject({ wprice: 21_000, bidtopstatus: 'outbid' });
    const future = await post<{ wprice: number }>(
      actions.ttwbidFutureProxy.path,
      { id: lot1, wsprice: 25_000 },
      bob.token,
    );
    expect(future.body.data.responseData).toMatchObject({ wprice: 26_000 });
    // Lot 2 has no advance bid.

    const paddle = (
      await post<{ paddle: string }>(actions.liveRegister.path, { auction_id: auctionId }, flo.token)
    ).body.data.responseData.paddle;
    expect((await post(actions.liveOpenSale.path, { auction_id: auctionId }, clerk.token)).status).toBe(200);
    const opened = await call(clerk.token, auctionId, lot1);
    // At the price the advance bids reached ($260 for Ann), asking $270.
    expect(opened.body.data.responseData).toMatchObject({ price: 26_000, ask: 27_000 });
    // Called: advance bids are closed on it.
    const late = await post('/api/ttwbid/confirm', { id: lot1, wsprice: 40_000 }, bob.token);
    expect(late.body.data.code).toBe('ADVANCE_LOT_CALLED');
    // The floor bids $270; the house bids $280 for Ann; the floor $290; Ann's $300 answers; the floor
    // $320 is past her maximum: the floor leads.
    const floor = async (ask: number) =>
      (await post<LiveLotStanding>(actions.liveFloorBid.path, { lot_id: lot1, ask, paddle }, clerk.token))
        .body.data.responseData;
    expect(await floor(27_000)).toMatchObject({ price: 28_000, leading: false });
    expect(await floor(29_000)).toMatchObject({ price: 30_000, leading: false });
    expect(await floor(32_000)).toMatchObject({ price: 32_000, leading: true });
    expect((await post(actions.liveHammer.path, { lot_id: lot1, outcome: 'sold' }, clerk.token)).status).toBe(
      200,
    );
    const absentee = (await lotEvents(lot1)).filter(
      (e) => e.type === 'LiveBidTaken' && e.data.source === 'absentee',
    );
    expect(absentee.map((e) => e.type === 'LiveBidTaken' && e.data.amount)).toEqual([28_000, 30_000]);
    // Lot 2 opens at its opening bid.
    expect((await call(clerk.token, auctionId, lot2)).body.data.responseData).toMatchObject({
      price: null,
      ask: 10_000,
    });
  });

  it('checks what bid/confirm checks, refuses a timed lot and a future proxy once the sale started, and takes one bid per x-command-id', async () => {
    const { seller, lots } = await liveSale();
    const [lot1] = lots;
    const [ann, cardless] = [await bidder('ann'), await bidder('nocard', false)];
    const advance = (token: string, body: unknown, commandId?: string) =>
      post('/api/ttwbid/confirm', body, token, commandId);
    expect((await advance(cardless.token, { id: lot1, wsprice: 20_000 })).body.data.code).toBe('ADD_CARD');
    expect((await advance(seller.token, { id: lot1, wsprice: 20_000 })).body.data.code).toBe('OWN_LOT');
    expect((await advance(ann.token, { id: lot1, wsprice: 5_000 })).body.data.code).toBe('MIN_BID');
    expect((await advance(ann.token, { id: lot1, wsprice: 'lots' })).status).toBe(400);
    const timed = await service.listLot({ auction: true, buyNow: false, openingBid: 10_000 });
    expect((await advance(ann.token, { id: timed.lotId, wsprice: 20_000 })).body.data.code).toBe(
      'ADVANCE_NOT_LIVE',
    );
    // A visitor is refused before anything is read.
    expect((await service.post('/api/ttwbid/confirm', { id: lot1, wsprice: 20_000 })).status).toBe(403);

    // The same advance bid twice with one x-command-id: one bid in the log.
    const [a, b] = await Promise.all([
      advance(ann.token, { id: lot1, wsprice: 20_000 }, 'advance-once'),
      advance(ann.token, { id: lot1, wsprice: 20_000 }, 'advance-once'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await lotEvents(lot1)).filter((e) => e.type === 'BidPlaced')).toHaveLength(1);

    // A sale under way: a future proxy is refused, an absentee bid still taken.
    const started = await liveSale(-3600_000);
    const bob = await bidder('bob');
    const [startedLot] = started.lots;
    const futureProxy = await post(
      actions.ttwbidFutureProxy.path,
      { id: startedLot, wsprice: 20_000 },
      bob.token,
    );
    expect(futureProxy.body.data.code).toBe('ADVANCE_SALE_STARTED');
    expect((await advance(bob.token, { id: startedLot, wsprice: 20_000 })).status).toBe(200);
  });
});

describe('the consignor’s bids below the reserve, and the second chance after a pass (issue 37)', () => {
  it('bids for the consignor below the reserve only, never sells to them, and offers the passed lot to the top bidder in the room at the reserve', async () => {
    const { clerk, seller, auctionId, lots } = await liveSale();
    const [, lot2, lot3] = lots;
    const [cat, eve] = [await bidder('cat'), await bidder('eve')];
    await post(actions.liveOpenSale.path, { auction_id: auctionId }, clerk.token);
    await call(clerk.token, auctionId, lot3);
    const bid = (token: string, ask: number) =>
      post<LiveLotStanding>(actions.liveBid.path, { lot_id: lot3, ask }, token);
    const forConsignor = (ask: number, token = clerk.token) =>
      post<LiveLotStanding>(actions.liveReserveBid.path, { lot_id: lot3, ask }, token);
    expect((await bid(cat.token, 10_000)).status).toBe(200);
    // Only the auctioneer bids for the consignor.
    expect((await forConsignor(11_000, cat.token)).status).toBe(403);
    expect((await forConsignor(11_000)).body.data.responseData).toMatchObject({ price: 11_000, ask: 12_000 });
    expect((await bid(eve.token, 12_000)).status).toBe(200);
    expect((await forConsignor(13_000)).status).toBe(200);
    // Sold with the consignor's bid last: refused; at the reserve the consignor may not bid.
    const sold = await post(actions.liveHammer.path, { lot_id: lot3, outcome: 'sold' }, clerk.token);
    expect(sold.body.data.code).toBe('LIVE_CONSIGNOR_LEADS');
    await post(actions.liveAsk.path, { lot_id: lot3, ask: 50_000 }, clerk.token);
    expect((await forConsignor(50_000)).body.data.code).toBe('LIVE_CONSIGNOR_BID_LIMIT');
    expect(
      (await post(actions.liveHammer.path, { lot_id: lot3, outcome: 'passed' }, clerk.token)).status,
    ).toBe(200);
    // The room moves on: the lot closes unsold below its reserve, the seller no loser.
    await call(clerk.token, auctionId, lot2);
    expect(await closedData(lot3)).toMatchObject({
      outcome: 'unsold',
      reserveMet: false,
      bidCount: 2,
      losers: [cat.id, eve.id],
    });
    const taken = (await lotEvents(lot3)).filter((e) => e.type === 'LiveBidTaken');
    expect(taken.map((e) => e.type === 'LiveBidTaken' && [e.data.source, e.data.bidderId])).toEqual([
      ['internet', cat.id],
      ['consignor', seller.id],
      ['internet', eve.id],
      ['consignor', seller.id],
    ]);
    // The house's second chance: Eve, the top bidder in the room, is offered the lot at the reserve.
    const offered = await vi.waitFor(
      async () => {
        const made = (await lotEvents(lot3)).find((e) => e.type === 'OfferMade');
        if (!made) throw new Error('no second chance yet');
        return made.data;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(offered).toMatchObject({ buyerId: eve.id, price: 50_000, kind: 'second_chance' });
  });
});

describe('closing a live sale with lots never called (issue 37)', () => {
  it('closes the lots the room never called, unsold with their advance bidders lost, once however often it is sent', async () => {
    const { clerk, auctionId, lots } = await liveSale();
    const [lot1, lot2, lot3] = lots;
    const [ann, bob] = [await bidder('ann'), await bidder('bob')];
    expect((await post('/api/ttwbid/confirm', { id: lot2, wsprice: 30_000 }, ann.token)).status).toBe(200);
    expect((await post('/api/ttwbid/confirm', { id: lot2, wsprice: 20_000 }, bob.token)).status).toBe(200);
    // Closing a room never opened is refused, and touches no lot.
    const unopened = await post(actions.liveCloseSale.path, { auction_id: auctionId }, clerk.token);
    expect(unopened.body.data.code).toBe('LIVE_SALE_NOT_OPEN');
    expect(await closedData(lot2)).toBeUndefined();

    await post(actions.liveOpenSale.path, { auction_id: auctionId }, clerk.token);
    await call(clerk.token, auctionId, lot1);
    await post(actions.liveHammer.path, { lot_id: lot1, outcome: 'passed' }, clerk.token);
    const close = () =>
      post(actions.liveCloseSale.path, { auction_id: auctionId }, clerk.token, 'close-evening');
    expect((await close()).status).toBe(200);
    expect(await closedData(lot1)).toMatchObject({ outcome: 'unsold', endedBy: 'close' });
    expect(await closedData(lot2)).toMatchObject({
      outcome: 'unsold',
      winnerId: null,
      endedBy: 'close',
      losers: [ann.id, bob.id],
      bidCount: 3,
    });
    expect(await closedData(lot3)).toMatchObject({ outcome: 'unsold', losers: [], bidCount: 0 });
    // Sent again (a retry): nothing written twice; another click is told the sale is over.
    const counts = async () => Promise.all(lots.map(async (lotId) => (await lotEvents(lotId)).length));
    const before = await counts();
    expect((await close()).status).toBe(200);
    const again = await post(actions.liveCloseSale.path, { auction_id: auctionId }, clerk.token);
    expect(again.body.data.code).toBe('LIVE_SALE_CLOSED');
    expect(await counts()).toEqual(before);
    // Out of the catalogue: no advance bid is taken on them any more.
    const late = await post('/api/ttwbid/confirm', { id: lot3, wsprice: 30_000 }, bob.token);
    expect(late.body.data.code).toBe('ADVANCE_LOT_CLOSED');
  });
});
