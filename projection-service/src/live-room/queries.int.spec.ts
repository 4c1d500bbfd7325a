import { actions, type LiveConsoleView } from '@wine/contracts';
import type { RecordedEvent } from '@wine/event-schemas';
import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { usersProjection } from '../users/project.ts';
import { liveRoomsProjection } from './project.ts';
import { liveRoomQueries } from './queries.ts';

const ROOM = actions.liveRoom.path;
const CONSOLE = actions.liveConsole.path;
const by = { actor: { kind: 'user' as const, id: 'ada' } };

const sale = {
  title: 'Live: Great Growths',
  kind: 'live',
  description: '',
  startsAt: '2026-11-28T18:00:00.000Z',
  firstCloseAt: '2026-11-28T19:00:00.000Z',
  lotsPerMinute: 1,
  locationId: null,
  premiumText: '',
};

const bid = (bidId: string, source: string, bidderId: string, paddle: string | null, amount: number) => ({
  bidId,
  source,
  bidderId,
  paddle,
  amount,
  nextAsk: amount + 1_000,
  answersBidId: null,
});

/**
 * A live sale of seven lots: the clerk Cleo (auctioneer); Flo (paddle 101, on the floor), Ivy (internet)
 * and Pat (paddle 102). Lot L1 was sold to Flo after Ivy bid; L2 is on the block, Ivy leading over Flo's
 * floor bid, a message said. With `extra` the events that follow.
 */
async function room(extra: (on: ReturnType<typeof recorder>) => RecordedEvent[] = () => []) {
  const on = recorder();
  const { record, room: r, lot } = on;
  const lots = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7'];
  const events = [
    record('user-ada', 'UserRegistered', registered('ada', 'Ada', 'Admin')),
    record('user-cleo', 'UserRegistered', registered('cleo', 'Cleo', 'Clerk')),
    record('user-cleo', 'RoleGranted', { role: 'auctioneer' }, by),
    record('user-flo', 'UserRegistered', registered('flo', 'Flo', 'Floorbidder')),
    record('user-ivy', 'UserRegistered', registered('ivy', 'Ivy', 'Internet')),
    record('user-pat', 'UserRegistered', registered('pat', 'Pat', 'Phone')),
    ...lots.map((lotId, i) =>
      record(
        `lot-${lotId}`,
        'LotListed',
        listedLot({
          lotId,
          sku: lotId,
          auctionId: 'ls-1',
          title: `Lot ${lotId}`,
          images: i === 1 ? [{ type: 1, fileName: 'l2.jpg' }] : [],
        }),
      ),
    ),
    r('AuctionCreated', { auctionId: 'ls-1', ...sale }),
    r('AuctionLotsArranged', {
      lots: lots.map((lotId, i) => ({ lotId, lotNumber: String(i + 1), closesAt: sale.firstCloseAt })),
      changed: lots,
      removed: [],
    }),
    r('LivePaddleAssigned', { paddle: '101', userId: 'flo' }),
    r('LivePaddleAssigned', { paddle: '102', userId: 'pat' }),
    r('LiveSaleOpened', { auctioneerId: 'cleo' }),
    r('LiveRoomMessage', { text: 'Welcome to the sale' }),
    r('LiveLotCalled', { lotId: 'L1', previousLotId: null }),
    lot('L1', 'LiveLotOpened', { auctionId: 'ls-1', ask: 10_000, price: null, leaderId: null }),
    lot('L1', 'LiveBidTaken', bid('b1', 'internet', 'ivy', null, 10_000)),
    lot('L1', 'LiveBidTaken', bid('b2', 'floor', 'flo', '101', 11_000)),
    lot('L1', 'LiveFairWarning', {}),
    lot('L1', 'LiveLotHammered', { outcome: 'sold', bidderId: 'flo', amount: 11_000 }),
    r('LiveLotCalled', { lotId: 'L2', previousLotId: 'L1' }),
    lot('L2', 'LiveLotOpened', { auctionId: 'ls-1', ask: 20_000, price: null, leaderId: null }),
    lot('L2', 'LiveBidTaken', bid('b3', 'floor', 'flo', '101', 20_000)),
    lot('L2', 'LiveBidTaken', bid('b4', 'internet', 'ivy', null, 21_000)),
    ...extra(on),
  ];
  const docs = await applyEvents([usersProjection, lotsProjection, liveRoomsProjection], events);
  return queryApp(liveRoomQueries, docs, manualClock('2026-11-28T19:30:00.000Z'));
}

function recorder() {
  const record = eventRecorder('2026-11-28T18:00:00.000Z');
  return {
    record,
    room: (type: string, data: unknown) => record('auction-ls-1', type, data),
    lot: (lotId: string, type: string, data: unknown) => record(`lot-${lotId}`, type, data),
  };
}

/** The answer's data: a room view (the console's has its extras too). */
const data = (response: { json(): { data: { responseData: unknown } } }) =>
  response.json().data.responseData as LiveConsoleView;

describe('the live room (/api/live/room)', () => {
  it('shows a visitor the room after a lot sold and the next called: its lot, bids, results and next lots', async () => {
    const { app, post } = await room();
    const response = await post(ROOM, { auction_id: 'ls-1' });
    expect(response.statusCode).toBe(200);
    const view = data(response);
    expect(view).toMatchObject({
      auction_id: 'ls-1',
      title: 'Live: Great Growths',
      status: 'open',
      pause_reason: '',
      my_paddle: null,
      paddle_count: 2,
      lots_to_come: 5,
      messages: [{ text: 'Welcome to the sale' }],
    });
    expect(view.current_lot).toEqual({
      lot_id: 'L2',
      lot_number: '2',
      title: 'Lot L2',
      image: '/uploads/product/l2.jpg',
      ask: 22_000,
      price: 21_000,
      fair_warning: false,
      hammer: null,
      // Each bid with when the server took it (the recorder's clock: a minute an event).
      bids: [
        { amount: 20_000, source: 'floor', paddle: '101', mine: false, at: '2026-11-28T18:28:00.000Z' },
        { amount: 21_000, source: 'internet', paddle: null, mine: false, at: '2026-11-28T18:29:00.000Z' },
      ],
      standing: 'none',
    });
    expect(view.results).toEqual([
      { lot_id: 'L1', lot_number: '1', title: 'Lot L1', image: null, outcome: 'sold', amount: 11_000 },
    ]);
    expect(view.next_lots.map((l) => l.lot_id)).toEqual(['L3', 'L4', 'L5', 'L6', 'L7']);
    await app.close();
  });

  it('tells each bidder their own standing and paddle: leading, outbid, none', async () => {
    const { app, post, signIn } = await room();
    const ivy = data(await post(ROOM, { auction_id: 'ls-1' }, await signIn('ivy')));
    expect(ivy).toMatchObject({ my_paddle: null, current_lot: { standing: 'leading' } });
    expect(ivy.current_lot?.bids.map((b) => b.mine)).toEqual([false, true]);
    const flo = data(await post(ROOM, { auction_id: 'ls-1' }, await signIn('flo')));
    expect(flo).toMatchObject({ my_paddle: '101', current_lot: { standing: 'outbid' } });
    const pat = data(await post(ROOM, { auction_id: 'ls-1' }, await signIn('pat')));
    expect(pat).toMatchObject({ my_paddle: '102', current_lot: { standing: 'none' } });
    await app.close();
  });

  it('tells the winner they won and the underbidder they lost once the hammer falls', async () => {
    const { app, post, signIn } = await room(({ lot }) => [
      lot('L2', 'LiveFairWarning', {}),
      lot('L2', 'LiveLotHammered', { outcome: 'sold', bidderId: 'ivy', amount: 21_000 }),
    ]);
    const ivy = data(await post(ROOM, { auction_id: 'ls-1' }, await signIn('ivy')));
    expect(ivy.current_lot).toMatchObject({
      standing: 'won',
      fair_warning: true,
      hammer: { outcome: 'sold', amount: 21_000 },
    });
    const flo = data(await post(ROOM, { auction_id: 'ls-1' }, await signIn('flo')));
    expect(flo.current_lot).toMatchObject({ standing: 'lost' });
    await app.close();
  });

  it("never shows a bidder another bidder's id or name", async () => {
    const { app, post, signIn } = await room(({ lot }) => [
      lot('L2', 'LiveLotHammered', { outcome: 'sold', bidderId: 'ivy', amount: 21_000 }),
      lot('L2', 'LiveBidMissed', { bidId: 'b5', bidderId: 'flo', ask: 22_000 }),
    ]);
    for (const caller of ['pat', 'flo', null]) {
      const headers = caller ? await signIn(caller) : {};
      const text = (await post(ROOM, { auction_id: 'ls-1' }, headers)).body;
      for (const other of ['ivy', 'Ivy', 'Internet', 'Floorbidder', 'Phone', 'cleo', 'Cleo']) {
        expect(text).not.toContain(other);
      }
      if (caller !== 'flo') expect(text).not.toContain('"flo"');
      expect(text).not.toContain('missed');
      expect(text).not.toContain('leader');
    }
    await app.close();
  });

  it('answers AUCTION_NOT_FOUND for an unknown sale', async () => {
    const { app, post } = await room();
    const response = await post(ROOM, { auction_id: 'ls-404' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ data: { code: 'AUCTION_NOT_FOUND' } });
    await app.close();
  });
});

describe("the auctioneer's console (/api/live/console)", () => {
  it('is refused to a bidder and a visitor (403)', async () => {
    const { app, post, signIn } = await room();
    expect((await post(CONSOLE, { auction_id: 'ls-1' }, await signIn('ivy'))).statusCode).toBe(403);
    expect((await post(CONSOLE, { auction_id: 'ls-1' }, await signIn('ada'))).statusCode).toBe(403);
    expect((await post(CONSOLE, { auction_id: 'ls-1' })).statusCode).toBe(403);
    await app.close();
  });

  it('shows the auctioneer the leader, the missed bids and every paddle with its bidder', async () => {
    const { app, post, signIn } = await room(({ lot }) => [
      lot('L2', 'LiveLotHammered', { outcome: 'sold', bidderId: 'ivy', amount: 21_000 }),
      lot('L2', 'LiveBidMissed', { bidId: 'b5', bidderId: 'flo', ask: 22_000 }),
    ]);
    const response = await post(CONSOLE, { auction_id: 'ls-1' }, await signIn('cleo'));
    expect(response.statusCode).toBe(200);
    const view = data(response);
    expect(view).toMatchObject({
      status: 'open',
      current_lot: { lot_id: 'L2', hammer: { outcome: 'sold', amount: 21_000 } },
      leader: { source: 'internet', paddle: null, first_name: 'Ivy' },
      missed: [{ first_name: 'Flo', ask: 22_000 }],
      missed_count: 1,
      paddles: [
        { paddle: '101', user_id: 'flo', first_name: 'Flo', last_name: 'Floorbidder' },
        { paddle: '102', user_id: 'pat', first_name: 'Pat', last_name: 'Phone' },
      ],
    });
    await app.close();
  });

  it("names a floor leader by paddle, and starts the next lot's missed bids afresh", async () => {
    const { app, post, signIn } = await room(({ lot, room: r }) => [
      lot('L2', 'LiveBidMissed', { bidId: 'b5', bidderId: 'flo', ask: 22_000 }),
      lot('L2', 'LiveLotHammered', { outcome: 'sold', bidderId: 'ivy', amount: 21_000 }),
      r('LiveLotCalled', { lotId: 'L3', previousLotId: 'L2' }),
      lot('L3', 'LiveLotOpened', { auctionId: 'ls-1', ask: 5_000, price: null, leaderId: null }),
      lot('L3', 'LiveBidTaken', bid('b6', 'phone', 'pat', '102', 5_000)),
    ]);
    const view = data(await post(CONSOLE, { auction_id: 'ls-1' }, await signIn('cleo')));
    expect(view).toMatchObject({
      current_lot: { lot_id: 'L3', price: 5_000, ask: 6_000 },
      leader: { source: 'phone', paddle: '102', first_name: 'Pat' },
      missed: [],
      missed_count: 0,
      lots_to_come: 4,
    });
    expect(view.results.map((r) => [r.lot_id, r.outcome])).toEqual([
      ['L1', 'sold'],
      ['L2', 'sold'],
    ]);
    await app.close();
  });
});
