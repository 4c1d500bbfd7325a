import type { RecordedEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { LIVE_ROOMS, type LiveRoomDocument, liveRoomsProjection } from './project.ts';
import { consoleView, roomView, standingOf } from './views.ts';

const sale = {
  auctionId: 'ls-1',
  title: 'Live: Great Growths',
  kind: 'live',
  description: '',
  startsAt: '2026-11-28T18:00:00.000Z',
  firstCloseAt: '2026-11-28T19:00:00.000Z',
  lotsPerMinute: 1,
  locationId: null,
  premiumText: '',
};

const scheduled = (lotId: string, lotNumber: string) => ({
  lotId,
  lotNumber,
  closesAt: '2026-11-28T19:00:00.000Z',
});

/** A live sale of three lots in catalogue order l-1, l-2, l-3, opened by the auctioneer, two paddles. */
function opening(record = eventRecorder()) {
  const room = (type: string, data: unknown) => record('auction-ls-1', type, data);
  return {
    record,
    room,
    lot: (lotId: string, type: string, data: unknown) => record(`lot-${lotId}`, type, data),
    given: [
      room('AuctionCreated', sale),
      room('AuctionLotsArranged', {
        lots: [scheduled('l-1', '1'), scheduled('l-2', '2'), scheduled('l-3', '3')],
        changed: ['l-1', 'l-2', 'l-3'],
        removed: [],
      }),
      room('LivePaddleAssigned', { paddle: '101', userId: 'flo' }),
      room('LivePaddleAssigned', { paddle: '102', userId: 'pat' }),
      room('LiveSaleOpened', { auctioneerId: 'clerk' }),
    ],
  };
}

const bid = (bidId: string, source: string, bidderId: string, paddle: string | null, amount: number) => ({
  bidId,
  source,
  bidderId,
  paddle,
  amount,
  nextAsk: amount + 1_000,
  answersBidId: null,
});

async function roomAfter(events: readonly RecordedEvent[]) {
  const docs = await applyEvents([liveRoomsProjection], events);
  return {
    docs,
    doc: (await docs.collection<LiveRoomDocument>(LIVE_ROOMS).findOne({ _id: 'ls-1' })) as LiveRoomDocument,
  };
}

describe('the live rooms read model', () => {
  it('starts a sale not open, with its title, catalogue and no lot', async () => {
    const { room } = opening();
    const { doc } = await roomAfter([room('AuctionCreated', sale)]);
    expect(doc).toMatchObject({
      title: 'Live: Great Growths',
      kind: 'live',
      status: 'not_open',
      current_lot_id: null,
      current: null,
      called: [],
      paddles: [],
    });
  });

  it('follows a lot from its call through its bids to the hammer', async () => {
    const { given, room, lot } = opening();
    const { doc } = await roomAfter([
      ...given,
      room('LiveLotCalled', { lotId: 'l-1', previousLotId: null }),
      lot('l-1', 'LiveLotOpened', { auctionId: 'ls-1', ask: 10_000, price: null, leaderId: null }),
      lot('l-1', 'LiveBidTaken', bid('b1', 'internet', 'ivy', null, 10_000)),
      lot('l-1', 'LiveBidTaken', bid('b2', 'floor', 'flo', '101', 11_000)),
      lot('l-1', 'LiveFairWarning', {}),
      lot('l-1', 'LiveLotHammered', { outcome: 'sold', bidderId: 'flo', amount: 11_000 }),
      lot('l-1', 'LiveBidMissed', { bidId: 'b3', bidderId: 'ivy', ask: 12_000 }),
    ]);
    expect(doc.status).toBe('open');
    expect(doc.auctioneer_id).toBe('clerk');
    expect(doc.current_lot_id).toBe('l-1');
    expect(doc.current).toMatchObject({
      ask: 12_000,
      price: 11_000,
      leader_id: 'flo',
      leader_source: 'floor',
      leader_paddle: '101',
      warned: true,
      hammer: { outcome: 'sold', bidder_id: 'flo', amount: 11_000 },
      bidders: ['ivy', 'flo'],
      missed_count: 1,
    });
    expect(doc.current?.bids.map((b) => [b.amount, b.source, b.paddle])).toEqual([
      [10_000, 'internet', null],
      [11_000, 'floor', '101'],
    ]);
    expect(doc.current?.missed).toMatchObject([{ bidder_id: 'ivy', ask: 12_000 }]);
    expect(doc.results).toEqual([{ lot_id: 'l-1', outcome: 'sold', amount: 11_000 }]);
  });

  it('opens a lot at the advance bids, led by the absentee', async () => {
    const { given, room, lot } = opening();
    const { doc } = await roomAfter([
      ...given,
      room('LiveLotCalled', { lotId: 'l-2', previousLotId: null }),
      lot('l-2', 'LiveLotOpened', { auctionId: 'ls-1', ask: 6_000, price: 5_000, leaderId: 'abe' }),
    ]);
    expect(doc.current).toMatchObject({
      ask: 6_000,
      price: 5_000,
      leader_id: 'abe',
      leader_source: 'absentee',
    });
    expect(standingOf(doc.current, 'abe')).toBe('leading');
  });

  it("keeps the absentee's maximum for the clerk's book, spent once the room bids past it", async () => {
    const { given, room, lot } = opening();
    const opened = [
      ...given,
      room('LiveLotCalled', { lotId: 'l-2', previousLotId: null }),
      lot('l-2', 'LiveLotOpened', {
        auctionId: 'ls-1',
        ask: 6_000,
        price: 5_000,
        leaderId: 'abe',
        absenteeMax: 7_000,
      }),
    ];
    const users = new Map([['abe', { _id: 'abe', first_name: 'Abe', last_name: 'Absent' }]]);
    const atOpen = (await roomAfter(opened)).doc;
    expect(consoleView(atOpen, new Map(), users, 'clerk').absentee).toEqual({
      first_name: 'Abe',
      max: 7_000,
      spent: false,
    });
    // Flo bids $60 and $80 from the floor: past Abe's $70 the house bids no more for him.
    const past = (
      await roomAfter([
        ...opened,
        lot('l-2', 'LiveBidTaken', bid('b1', 'floor', 'flo', '101', 6_000)),
        lot('l-2', 'LiveBidTaken', { ...bid('b2', 'absentee', 'abe', null, 7_000), answersBidId: 'b1' }),
        lot('l-2', 'LiveBidTaken', bid('b3', 'floor', 'flo', '101', 8_000)),
      ])
    ).doc;
    expect(consoleView(past, new Map(), users, 'clerk').absentee).toMatchObject({ max: 7_000, spent: true });
    // The room view never shows it.
    expect(roomView(past, new Map(), 'abe')).not.toHaveProperty('absentee');
  });

  it('takes an undone call out of the results, and clears the fair warning', async () => {
    const { given, room, lot } = opening();
    const { doc } = await roomAfter([
      ...given,
      room('LiveLotCalled', { lotId: 'l-1', previousLotId: null }),
      lot('l-1', 'LiveLotOpened', { auctionId: 'ls-1', ask: 10_000, price: null, leaderId: null }),
      lot('l-1', 'LiveFairWarning', {}),
      lot('l-1', 'LiveLotHammered', { outcome: 'passed', bidderId: null, amount: null }),
      lot('l-1', 'LiveCallUndone', { call: 'passed', reason: 'A bid on the floor' }),
    ]);
    expect(doc.current).toMatchObject({ hammer: null, warned: false });
    expect(doc.results).toEqual([]);
  });

  it('moves to the next lot with a fresh current lot, keeping the results in order', async () => {
    const { given, room, lot } = opening();
    const { doc } = await roomAfter([
      ...given,
      room('LiveLotCalled', { lotId: 'l-2', previousLotId: null }),
      lot('l-2', 'LiveLotOpened', { auctionId: 'ls-1', ask: 10_000, price: null, leaderId: null }),
      lot('l-2', 'LiveBidTaken', bid('b1', 'phone', 'pat', '102', 10_000)),
      lot('l-2', 'LiveLotHammered', { outcome: 'sold', bidderId: 'pat', amount: 10_000 }),
      room('LiveLotCalled', { lotId: 'l-1', previousLotId: 'l-2' }),
      lot('l-1', 'LiveLotOpened', { auctionId: 'ls-1', ask: 20_000, price: null, leaderId: null }),
      // A late event of the lot before (the room left it) changes nothing of the new lot.
      lot('l-2', 'LiveAskChanged', { ask: 99_000 }),
    ]);
    expect(doc.called).toEqual(['l-2', 'l-1']);
    expect(doc.current).toMatchObject({ lot_id: 'l-1', ask: 20_000, price: null, bids: [], bidders: [] });
    expect(doc.results).toEqual([{ lot_id: 'l-2', outcome: 'sold', amount: 10_000 }]);
  });

  it('pauses with a reason, resumes, keeps the last 20 messages and 20 bids, and closes', async () => {
    const { given, room, lot } = opening();
    const paused = await roomAfter([...given, room('LiveSalePaused', { reason: 'A short break' })]);
    expect(paused.doc).toMatchObject({ status: 'paused', pause_reason: 'A short break' });
    // Recorded in the log's order: each event after the one before.
    const events = [
      ...given,
      room('LiveSalePaused', { reason: 'A short break' }),
      room('LiveSaleResumed', {}),
    ];
    for (let i = 0; i < 22; i++) events.push(room('LiveRoomMessage', { text: `m${i}` }));
    events.push(
      room('LiveLotCalled', { lotId: 'l-1', previousLotId: null }),
      lot('l-1', 'LiveLotOpened', { auctionId: 'ls-1', ask: 1_000, price: null, leaderId: null }),
    );
    for (let i = 0; i < 23; i++)
      events.push(
        lot('l-1', 'LiveBidTaken', bid(`b${i}`, 'internet', i % 2 ? 'ivy' : 'flo', null, 1_000 * (i + 1))),
      );
    const { doc } = await roomAfter(events);
    expect(doc).toMatchObject({ status: 'open', pause_reason: '' });
    expect(doc.messages.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 2}`));
    expect(doc.current?.bids.map((b) => b.bid_id)).toEqual(Array.from({ length: 20 }, (_, i) => `b${i + 3}`));
    const closed = await roomAfter([
      ...given,
      room('LiveLotCalled', { lotId: 'l-1', previousLotId: null }),
      room('LiveSaleClosed', {}),
    ]);
    expect(closed.doc).toMatchObject({
      status: 'closed',
      current_lot_id: null,
      current: null,
      called: ['l-1'],
    });
  });

  it('ignores the live events of a lot no room is on (a timed lot, or before its call)', async () => {
    const { given, lot } = opening();
    const { doc } = await roomAfter([
      ...given,
      lot('l-3', 'LiveAskChanged', { ask: 5_000 }),
      lot('l-3', 'LiveLotHammered', { outcome: 'passed', bidderId: null, amount: null }),
    ]);
    expect(doc.current).toBeNull();
    expect(doc.results).toEqual([]);
  });

  it('is idempotent when the events are applied twice', async () => {
    const { given, room, lot } = opening();
    const events = [
      ...given,
      room('LiveRoomMessage', { text: 'Welcome' }),
      room('LiveLotCalled', { lotId: 'l-1', previousLotId: null }),
      lot('l-1', 'LiveLotOpened', { auctionId: 'ls-1', ask: 10_000, price: null, leaderId: null }),
      lot('l-1', 'LiveBidTaken', bid('b1', 'internet', 'ivy', null, 10_000)),
      lot('l-1', 'LiveBidMissed', { bidId: 'b2', bidderId: 'flo', ask: 10_000 }),
      lot('l-1', 'LiveLotHammered', { outcome: 'sold', bidderId: 'ivy', amount: 10_000 }),
    ];
    const { docs, doc: once } = await roomAfter(events);
    await applyEvents([liveRoomsProjection], events, docs);
    const twice = await docs.collection<LiveRoomDocument>(LIVE_ROOMS).findOne({ _id: 'ls-1' });
    expect(twice).toEqual(once);
    expect(twice?.paddles).toHaveLength(2);
    expect(twice?.messages).toHaveLength(1);
    expect(twice?.current?.bids).toHaveLength(1);
    expect(twice?.current?.missed_count).toBe(1);
    expect(twice?.results).toHaveLength(1);
  });
});

describe('a bidder standing on the lot the room is on', () => {
  const lot = {
    lot_id: 'l-1',
    ask: 12_000,
    price: 11_000,
    leader_id: 'flo',
    leader_source: 'floor' as const,
    leader_paddle: '101',
    warned: false,
    hammer: null,
    bids: [],
    bidders: ['ivy', 'flo'],
    missed: [],
    missed_count: 0,
  };
  const sold = { ...lot, hammer: { outcome: 'sold' as const, bidder_id: 'flo', amount: 11_000 } };
  const passed = { ...lot, hammer: { outcome: 'passed' as const, bidder_id: null, amount: null } };

  it('leads, is outbid, or never bid while the lot is open', () => {
    expect(standingOf(lot, 'flo')).toBe('leading');
    expect(standingOf(lot, 'ivy')).toBe('outbid');
    expect(standingOf(lot, 'zed')).toBe('none');
  });

  it('has won or lost once the hammer fell, a pass lost to everyone who bid', () => {
    expect(standingOf(sold, 'flo')).toBe('won');
    expect(standingOf(sold, 'ivy')).toBe('lost');
    expect(standingOf(sold, 'zed')).toBe('none');
    expect(standingOf(passed, 'flo')).toBe('lost');
  });

  it('is none for a visitor and with no lot called', () => {
    expect(standingOf(lot, null)).toBe('none');
    expect(standingOf(null, 'flo')).toBe('none');
  });
});
