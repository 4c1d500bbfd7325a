import { type LiveRoomChangedNotice, subjects, type UserChangedNotice } from '@wine/contracts';
import type { RecordedEvent } from '@wine/event-schemas';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { addChanges, noChanges, publishChanges } from '../core/publisher.ts';
import { applyEvents, eventRecorder, recordingBus } from '../core/testing.ts';
import { lotsNotifier } from '../lots/notify.ts';
import { lotsProjection } from '../lots/project.ts';
import { watchlistsProjection } from '../watchlists/project.ts';
import { liveRoomsNotifier, openLiveRoomChanges } from './notify.ts';
import { type LiveRoomDocument, liveRoomsProjection } from './project.ts';
import { lotComingUp, userPatches } from './views.ts';

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
const LOTS = ['l-1', 'l-2', 'l-3', 'l-4', 'l-5', 'l-6'];

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
 * Live sale ls-1 of six lots (l-1 … l-6 in catalogue order), open, Flo holding paddle 101; a timed
 * auction t-1 beside it. Ann and Bob watch l-4, Cat watched it and stopped, Dan watches l-5.
 */
function sales() {
  const record = eventRecorder('2026-11-28T18:00:00.000Z');
  const room = (type: string, data: unknown) => record('auction-ls-1', type, data);
  const lot = (lotId: string, type: string, data: unknown) => record(`lot-${lotId}`, type, data);
  const given = [
    ...LOTS.map((lotId) =>
      record(
        `lot-${lotId}`,
        'LotListed',
        listedLot({ lotId, sku: lotId, auctionId: 'ls-1', title: `Lot ${lotId}` }),
      ),
    ),
    room('AuctionCreated', { auctionId: 'ls-1', ...sale }),
    room('AuctionLotsArranged', {
      lots: LOTS.map((lotId, i) => ({ lotId, lotNumber: String(i + 1), closesAt: sale.firstCloseAt })),
      changed: LOTS,
      removed: [],
    }),
    room('LivePaddleAssigned', { paddle: '101', userId: 'flo' }),
    room('LiveSaleOpened', { auctioneerId: 'cleo' }),
    record('auction-t-1', 'AuctionCreated', { auctionId: 't-1', ...sale, kind: 'timed' }),
    record('user-ann', 'LotWatched', { lotId: 'l-4' }),
    record('user-bob', 'LotWatched', { lotId: 'l-4' }),
    record('user-cat', 'LotWatched', { lotId: 'l-4' }),
    record('user-cat', 'LotUnwatched', { lotId: 'l-4' }),
    record('user-dan', 'LotWatched', { lotId: 'l-5' }),
  ];
  return { record, room, lot, given };
}

/** Applies `given` and `batch`, then publishes what the live rooms' notifier gathered from `batch`. */
async function published(
  given: readonly RecordedEvent[],
  batch: readonly RecordedEvent[],
  notifiers = [liveRoomsNotifier],
) {
  const docs = await applyEvents(
    [lotsProjection, watchlistsProjection, liveRoomsProjection],
    [...given, ...batch],
  );
  const { bus, published: out } = recordingBus<LiveRoomChangedNotice | UserChangedNotice>();
  await publishChanges(bus, docs, addChanges(noChanges(notifiers), batch), new Date());
  return out;
}

const frames = (out: Awaited<ReturnType<typeof published>>) =>
  out.filter((p) => p.subject.startsWith('market.live.')) as {
    subject: string;
    data: LiveRoomChangedNotice;
    msgId: string | undefined;
  }[];
const comingUp = (out: Awaited<ReturnType<typeof published>>) =>
  out.filter((p) => p.subject.startsWith('market.user.')) as {
    subject: string;
    data: UserChangedNotice;
    msgId: string | undefined;
  }[];

describe('live room notices: the room', () => {
  it('tells one frame per room changed, at its last event (its lot’s included), as a visitor sees it', async () => {
    const { given, room, lot, record } = sales();
    const batch = [
      room('LiveLotCalled', { lotId: 'l-1', previousLotId: null }),
      lot('l-1', 'LiveLotOpened', { auctionId: 'ls-1', ask: 10_000, price: null, leaderId: null }),
      lot('l-1', 'LiveBidTaken', bid('b1', 'internet', 'ivy', null, 10_000)),
      lot('l-1', 'LiveBidTaken', bid('b2', 'floor', 'flo', '101', 11_000)),
      // The timed auction, and a lot no room is on, are no room's news.
      record('auction-t-1', 'AuctionUpdated', { title: 'Timed' }),
      lot('l-6', 'LiveAskChanged', { ask: 5_000 }),
    ];
    const out = frames(await published(given, batch));
    expect(out).toHaveLength(1);
    const [frame] = out;
    const last = batch[3] as RecordedEvent;
    expect(frame?.subject).toBe(subjects.liveRoomChanged('ls-1'));
    expect(frame?.msgId).toBe(`live-room:${last.id}`);
    expect(frame?.data).toMatchObject({ position: last.position, eventId: last.id, auctionId: 'ls-1' });
    expect(frame?.data.room).toMatchObject({
      auction_id: 'ls-1',
      status: 'open',
      my_paddle: null,
      paddle_count: 1,
      current_lot: { lot_id: 'l-1', title: 'Lot l-1', ask: 12_000, price: 11_000, standing: 'none' },
    });
    expect(frame?.data.room.current_lot?.bids).toEqual([
      { amount: 10_000, source: 'internet', paddle: null, mine: false, at: batch[2]?.metadata.occurredAt },
      { amount: 11_000, source: 'floor', paddle: '101', mine: false, at: batch[3]?.metadata.occurredAt },
    ]);
    // The bidders' own parts, for the realtime side; never in the room itself.
    expect(frame?.data.users).toEqual({
      ivy: { standing: 'outbid', mine: [0] },
      flo: { standing: 'leading', mine: [1] },
    });
    expect(JSON.stringify(frame?.data.room)).not.toMatch(/"(ivy|flo)"/);
  });

  it('tells a room of its lot’s events alone (a bid, the hammer) and of its own (a message)', async () => {
    const { given, room, lot } = sales();
    const earlier = [
      ...given,
      room('LiveLotCalled', { lotId: 'l-2', previousLotId: null }),
      lot('l-2', 'LiveLotOpened', { auctionId: 'ls-1', ask: 10_000, price: 9_000, leaderId: 'abe' }),
    ];
    const hammered = [
      lot('l-2', 'LiveBidTaken', bid('b1', 'internet', 'ivy', null, 10_000)),
      lot('l-2', 'LiveLotHammered', { outcome: 'sold', bidderId: 'ivy', amount: 10_000 }),
    ];
    const [frame] = frames(await published(earlier, hammered));
    expect(frame?.data).toMatchObject({
      eventId: hammered[1]?.id,
      room: { current_lot: { hammer: { outcome: 'sold' } } },
    });
    expect(frame?.data.users).toEqual({
      abe: { standing: 'lost', mine: [] },
      ivy: { standing: 'won', mine: [0] },
    });
    const said = [room('LiveRoomMessage', { text: 'Last call' })];
    const [message] = frames(await published([...earlier, ...hammered], said));
    expect(message?.data).toMatchObject({
      eventId: said[0]?.id,
      room: { messages: [{ text: 'Last call' }] },
    });
  });

  it('keeps its message ids apart from the lots’ notices of the same events (the bus drops a second use)', async () => {
    const { given, room, lot } = sales();
    const batch = [
      room('LiveLotCalled', { lotId: 'l-1', previousLotId: null }),
      lot('l-1', 'LiveLotOpened', { auctionId: 'ls-1', ask: 10_000, price: null, leaderId: null }),
    ];
    const out = await published(given, batch, [lotsNotifier, liveRoomsNotifier]);
    expect(out.map((p) => p.subject)).toEqual(
      expect.arrayContaining([subjects.lotChanged('l-1'), subjects.liveRoomChanged('ls-1')]),
    );
    const msgIds = out.map((p) => p.msgId);
    expect(new Set(msgIds).size).toBe(msgIds.length);
  });

  it('publishes nothing when no live room changed', async () => {
    const { given, record } = sales();
    const batch = [record('auction-t-1', 'AuctionUpdated', { title: 'Timed' })];
    const changes = openLiveRoomChanges();
    changes.add([record('user-ann', 'LotWatched', { lotId: 'l-1' })]);
    expect(changes.pending()).toBe(0);
    expect(await published(given, batch)).toEqual([]);
  });
});

describe('live room notices: coming up', () => {
  it('tells the watchers of the lot three further in the order not called, once each, on their own channel', async () => {
    const { given, room } = sales();
    const call = room('LiveLotCalled', { lotId: 'l-1', previousLotId: null });
    const out = comingUp(await published(given, [call]));
    const told = (userId: string) => ({
      subject: subjects.userChanged(userId),
      msgId: `live-coming-up:${userId}:${call.id}`,
      data: {
        position: call.position,
        eventId: call.id,
        userId,
        message: {
          type: 'liveComingUp',
          position: call.position,
          auction_id: 'ls-1',
          lot_id: 'l-4',
          lots_before: 3,
        },
      },
    });
    expect(out.sort((a, b) => a.data.userId.localeCompare(b.data.userId))).toEqual([
      told('ann'),
      told('bob'),
    ]);
  });

  it('counts the lots not called yet, whatever order the auctioneer calls them in', async () => {
    const { given, room, lot } = sales();
    const earlier = [
      ...given,
      room('LiveLotCalled', { lotId: 'l-2', previousLotId: null }),
      lot('l-2', 'LiveLotHammered', { outcome: 'passed', bidderId: null, amount: null }),
    ];
    // Not called: l-1, l-3, l-4, l-5, l-6; after l-3 is called: l-1, l-4, l-5 (third), l-6.
    const out = comingUp(
      await published(earlier, [room('LiveLotCalled', { lotId: 'l-3', previousLotId: 'l-2' })]),
    );
    expect(out.map((p) => [p.data.userId, p.data.message])).toEqual([
      ['dan', expect.objectContaining({ lot_id: 'l-5', lots_before: 3 })],
    ]);
  });

  it('tells no one of a call the room has left by the time it is told (a catch-up)', async () => {
    const { given, room } = sales();
    const batch = [
      room('LiveLotCalled', { lotId: 'l-1', previousLotId: null }),
      room('LiveLotCalled', { lotId: 'l-2', previousLotId: 'l-1' }),
    ];
    // The second call's third lot not called is l-5: Dan; the first call's watchers (of l-4) hear nothing.
    const out = comingUp(await published(given, batch));
    expect(out.map((p) => [p.data.userId, p.data.eventId])).toEqual([['dan', batch[1]?.id]]);
  });
});

describe('the room’s parts', () => {
  const doc = (over: Partial<LiveRoomDocument>): LiveRoomDocument => ({
    _id: 'ls-1',
    title: 'Sale',
    kind: 'live',
    catalogue: LOTS.map((lot_id, i) => ({ lot_id, lot_number: String(i + 1) })),
    status: 'open',
    auctioneer_id: 'cleo',
    pause_reason: '',
    current_lot_id: null,
    current: null,
    called: [],
    results: [],
    messages: [],
    paddles: [],
    _position: '1',
    ...over,
  });
  const entry = (bidder_id: string, amount: number) => ({
    bid_id: `b-${amount}`,
    amount,
    source: 'internet' as const,
    paddle: null,
    bidder_id,
    at: '2026-11-28T19:00:00.000Z',
  });

  it('gives each bidder on the lot, and the winner, their standing and their bids’ places', () => {
    const current = {
      lot_id: 'l-1',
      ask: 14_000,
      price: 13_000,
      leader_id: 'ivy',
      leader_source: 'internet' as const,
      leader_paddle: null,
      warned: false,
      hammer: null,
      bids: [entry('ivy', 10_000), entry('flo', 11_000), entry('pat', 12_000), entry('ivy', 13_000)],
      bidders: ['ivy', 'flo', 'pat'],
      missed: [],
      missed_count: 0,
    };
    expect(userPatches(doc({ current_lot_id: 'l-1', current }))).toEqual({
      ivy: { standing: 'leading', mine: [0, 3] },
      flo: { standing: 'outbid', mine: [1] },
      pat: { standing: 'outbid', mine: [2] },
    });
    const sold = { ...current, hammer: { outcome: 'sold' as const, bidder_id: 'ivy', amount: 13_000 } };
    expect(userPatches(doc({ current_lot_id: 'l-1', current: sold })).ivy).toEqual({
      standing: 'won',
      mine: [0, 3],
    });
    expect(userPatches(doc({}))).toEqual({});
  });

  it('finds the lot coming up as the room stood at a call', () => {
    const room = doc({ called: ['l-1', 'l-2', 'l-6'] });
    expect(lotComingUp(room, 'l-1', 3)).toBe('l-4');
    // As the room stood at l-2's call: l-6 was still to come.
    expect(lotComingUp(room, 'l-2', 3)).toBe('l-5');
    expect(lotComingUp(room, 'l-6', 3)).toBe('l-5');
    expect(lotComingUp(room, 'l-6', 4)).toBeNull();
    expect(lotComingUp(room, 'l-3', 3)).toBeNull();
  });
});
