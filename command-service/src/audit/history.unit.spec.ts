import { padPosition } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../core/decider.ts';
import { evolveLot, initialLot } from '../lots/lot.ts';
import { buildHistory, changesBetween, pricesOf, toPlain } from './history.ts';
import { lotStreamOf } from './history-fixture.ts';

const lot = { evolve: evolveLot, initialState: initialLot };
describe('a stream history', () => {
  it('gives each event the state its own evolve folds up to it, in order', () => {
    const events = lotStreamOf();
    const history = buildHistory(lot, events);
    expect(history.rows.map((r) => r.revision)).toEqual([0, 1, 2, 3, 4]);
    history.rows.forEach((row, i) => {
      expect(row.state).toEqual(toPlain(fold(lot, events.slice(0, i + 1) as never)));
    });
    expect(history.rows.at(-1)?.state).toMatchObject({ status: 'closed', outcome: 'sold', price: 12_000 });
    expect(history).toMatchObject({ totalRecords: 5, from: 0, next: null });
  });

  it('names who acted, for whom, and the command behind each event', () => {
    const [listed, , forBob] = buildHistory(lot, lotStreamOf()).rows;
    expect(listed).toMatchObject({
      type: 'LotListed',
      occurredAt: '2026-11-22T12:00:00.000Z',
      actor: { kind: 'admin', id: 'adm-1', actingAs: null },
      commandId: 'cmd-0',
      correlationId: 'corr-0',
      causationId: 'cause-0',
      eventId: 'e-0',
      position: padPosition(100),
    });
    expect(forBob?.actor).toEqual({ kind: 'admin', id: 'adm-1', actingAs: 'bob' });
    expect(forBob?.data).toMatchObject({ bidderId: 'bob', amount: 11_000 });
  });

  it('lists what a bid changed from the state before, and only that', () => {
    const rows = buildHistory(lot, lotStreamOf()).rows;
    expect(rows[2]?.changes).toEqual([
      { path: 'price', before: 10_000, after: 11_000 },
      { path: 'bidCount', before: 1, after: 2 },
      { path: 'leader.bidderId', before: 'ann', after: 'bob' },
      { path: 'leader.max', before: 10_000, after: 11_000 },
      { path: 'nextBid', before: 11_000, after: 12_000 },
      { path: 'bidders[1]', after: 'bob' },
    ]);
    // The automatic bid answers for Ann, who is a bidder already: no new bidder row.
    expect(rows[3]?.changes.map((c) => c.path)).not.toContain('bidders[2]');
    expect(rows[0]?.changes).toContainEqual({ path: 'status', before: 'empty', after: 'open' });
  });

  it('pages the rows and still computes each page from the start of the stream', () => {
    const events = lotStreamOf();
    const page = buildHistory(lot, events, { from: 2, limit: 2 });
    expect(page.rows.map((r) => r.revision)).toEqual([2, 3]);
    expect(page).toMatchObject({ totalRecords: 5, from: 2, next: 4 });
    expect(page.rows[0]?.changes).toEqual(buildHistory(lot, events).rows[2]?.changes);
    expect(buildHistory(lot, events, { from: 4, limit: 2 }).next).toBeNull();
  });

  it('gives the state as of an instant: after the last event at or before it', () => {
    const events = lotStreamOf();
    const at = (asOf: string) => buildHistory(lot, events, { asOf }).asOf;
    const between = at('2026-11-22T12:15:00.000Z');
    expect(between).toMatchObject({
      at: '2026-11-22T12:15:00.000Z',
      revision: 1,
      occurredAt: '2026-11-22T12:10:00.000Z',
    });
    expect(between.state).toEqual(toPlain(fold(lot, events.slice(0, 2) as never)));
    // Two events at the same instant: both count.
    expect(at('2026-11-22T12:20:00.000Z').revision).toBe(3);
    expect(at('2026-11-22T11:00:00.000Z')).toMatchObject({ revision: null, state: { status: 'empty' } });
    expect(buildHistory(lot, events).asOf).toMatchObject({
      at: null,
      revision: 4,
      state: { status: 'closed' },
    });
  });

  it('draws the price of every bid by bidder', () => {
    expect(pricesOf(lotStreamOf()).map((p) => [p.bidderId, p.amount, p.type])).toEqual([
      ['ann', 10_000, 'BidPlaced'],
      ['bob', 11_000, 'BidPlaced'],
      ['ann', 12_000, 'ProxyBidPlaced'],
    ]);
  });
});

describe('plain states', () => {
  it('turns maps and sets into sorted plain JSON, the same whatever their insertion order', () => {
    const a = {
      holds: new Map([
        ['b', 2],
        ['a', 1],
      ]),
      tags: new Set(['z', 'y']),
      at: new Date(0),
      gone: undefined,
    };
    const b = {
      holds: new Map([
        ['a', 1],
        ['b', 2],
      ]),
      tags: new Set(['y', 'z']),
      at: new Date(0),
    };
    expect(toPlain(a)).toEqual({ holds: { a: 1, b: 2 }, tags: ['y', 'z'], at: '1970-01-01T00:00:00.000Z' });
    expect(JSON.stringify(toPlain(a))).toBe(JSON.stringify(toPlain(b)));
  });

  it('names removed and created paths with the side that exists', () => {
    expect(changesBetween({ holds: { r1: 2 } }, { holds: { r2: 3 } })).toEqual([
      { path: 'holds.r1', before: 2 },
      { path: 'holds.r2', after: 3 },
    ]);
    expect(changesBetween({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
