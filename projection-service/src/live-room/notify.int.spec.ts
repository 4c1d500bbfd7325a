import { type LiveRoomChangedNotice, subjects, type UserChangedNotice } from '@wine/contracts';
import { type NewEvent, events as registry } from '@wine/event-schemas';
import {
  createEmbeddedDocumentStore,
  createInProcessBus,
  createLogger,
  marketUpcaster,
  openSqliteEventStore,
  systemClock,
} from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createProjectionRunner, projections } from '../index.ts';

let n = 0;
const event = (type: string, data: unknown): NewEvent => {
  n += 1;
  return {
    id: `00000000-0000-5000-8000-${String(n).padStart(12, '0')}`,
    type,
    version: registry.currentVersion(type),
    data: registry.validate(type, data),
    metadata: {
      correlationId: `c-${n}`,
      causationId: `c-${n}`,
      commandId: `c-${n}`,
      actor: { kind: 'user', id: 'spec' },
      occurredAt: new Date(Date.parse('2026-11-28T19:00:00.000Z') + n * 1_000).toISOString(),
      prevHash: '',
      hash: `h-${n}`,
    },
  };
};

const LOTS = ['nl-1', 'nl-2', 'nl-3', 'nl-4'];

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

describe('live room notices through the runner (issue 37)', () => {
  it('tells the bus of the room after each committed change, and the watchers of the lot three further', async () => {
    const store = openSqliteEventStore(':memory:', { upcast: marketUpcaster });
    const bus = createInProcessBus();
    const rooms: LiveRoomChangedNotice[] = [];
    const users: UserChangedNotice[] = [];
    await bus.subscribe<LiveRoomChangedNotice>(subjects.anyLiveRoomChanged, ({ data }) => {
      rooms.push(data);
    });
    await bus.subscribe<UserChangedNotice>(subjects.anyUserChanged, ({ data }) => {
      users.push(data);
    });
    for (const lotId of LOTS) {
      await store.append(
        `lot-${lotId}`,
        [event('LotListed', listedLot({ lotId, sku: lotId, auctionId: 'nls-1', title: `Lot ${lotId}` }))],
        'no_stream',
      );
    }
    await store.append('user-wes', [event('LotWatched', { lotId: 'nl-4' })], 'any');
    await store.append(
      'auction-nls-1',
      [
        event('AuctionCreated', {
          auctionId: 'nls-1',
          title: 'Live: Great Growths',
          kind: 'live',
          description: '',
          startsAt: '2026-11-28T18:00:00.000Z',
          firstCloseAt: '2026-11-28T19:00:00.000Z',
          lotsPerMinute: 1,
          locationId: null,
          premiumText: '',
        }),
        event('AuctionLotsArranged', {
          lots: LOTS.map((lotId, i) => ({
            lotId,
            lotNumber: String(i + 1),
            closesAt: '2026-11-28T19:00:00.000Z',
          })),
          changed: LOTS,
          removed: [],
        }),
        event('LiveSaleOpened', { auctioneerId: 'cleo' }),
      ],
      'no_stream',
    );
    const runner = createProjectionRunner({
      name: 'spec',
      eventStore: store,
      docs: createEmbeddedDocumentStore(),
      projections,
      clock: systemClock,
      logger: createLogger('silent'),
      bus,
    });
    closing.push(async () => {
      await runner.stop();
      await store.close();
    });
    await runner.start();

    // Live: the lot called, then opened and bid on, each committed on its own.
    const called = event('LiveLotCalled', { lotId: 'nl-1', previousLotId: null });
    const { position: calledAt } = await store.append('auction-nls-1', [called], 2);
    await runner.waitFor(calledAt);
    // Told of before the next change (notices go out at most every 10 ms: changes closer together
    // than that are told of together, in one room).
    await expect
      .poll(() => rooms.find((r) => r.position === calledAt)?.room.current_lot?.lot_id)
      .toBe('nl-1');
    await store.append(
      'lot-nl-1',
      [event('LiveLotOpened', { auctionId: 'nls-1', ask: 10_000, price: null, leaderId: null })],
      0,
    );
    const bid = event('LiveBidTaken', {
      bidId: 'nb-1',
      source: 'internet',
      bidderId: 'ivy',
      paddle: null,
      amount: 10_000,
      nextAsk: 11_000,
      answersBidId: null,
    });
    const { position: bidAt } = await store.append('lot-nl-1', [bid], 1);
    await runner.waitFor(bidAt);

    await expect.poll(() => rooms.at(-1)?.position).toBe(bidAt);
    expect(rooms.at(-1)).toMatchObject({
      eventId: bid.id,
      auctionId: 'nls-1',
      room: {
        status: 'open',
        my_paddle: null,
        current_lot: { lot_id: 'nl-1', price: 10_000, ask: 11_000, standing: 'none' },
      },
      users: { ivy: { standing: 'leading', mine: [0] } },
    });
    await expect
      .poll(() => users.filter((u) => u.message.type === 'liveComingUp'))
      .toEqual([
        {
          position: calledAt,
          eventId: called.id,
          userId: 'wes',
          message: {
            type: 'liveComingUp',
            position: calledAt,
            auction_id: 'nls-1',
            lot_id: 'nl-4',
            lots_before: 3,
          },
        },
      ]);
  });
});
