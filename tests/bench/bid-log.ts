/**
 * A realistic bidding log for the catch-up benchmark: lots listed, then bids on them as the lot
 * decider decides them (BidPlaced, ProxyBidPlaced, MaxBidRaised, LotExtended, LotClosed), written
 * through the real command handling (`createStreams(store).handle`: expected revision, command ids,
 * hash chain). Bids on different lots interleave in the log as they would in a live auction.
 */
import { createStreams, demoCatalogue, eventIdFor, type Lot, lotDecider } from '@wine/command-service';
import { defaultBidIncrements, incrementAt, MAX_BID_CENTS } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { type EventStore, marketUpcaster, openSqliteEventStore } from '@wine/platform';
import { fmt, progress, progressDone } from './table.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** mulberry32: the same log on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BidLog {
  events: number;
  lots: number;
  commands: number;
  counts: Record<string, number>;
}

/**
 * Writes about `target` events into the SQLite log at `file`: `lots` lots listed, bidding rounds over
 * all of them (each lot gets one bid per round), three last-minute rounds that extend the close, and
 * the close of every lot.
 */
export async function writeBidLog(file: string, target = 1_000_000, lots = 10_000): Promise<BidLog> {
  const store: EventStore = openSqliteEventStore(file, { upcast: marketUpcaster });
  const streams = createStreams(store, { cacheSize: lots + 100 });
  const rand = random(4_2026);
  const rules = {
    increments: defaultBidIncrements,
    proxy: true,
    softCloseWindowMinutes: 5,
    softCloseExtendMinutes: 5,
  };
  const bidders = Array.from({ length: 2_000 }, (_, i) => `bench-bidder-${i}`);
  const t0 = Date.now() - 30 * 24 * HOUR;
  const template = demoCatalogue(new Date(t0), 300);
  const states = new Map<string, Lot>();
  const counts: Record<string, number> = {};
  let events = 0;
  let commands = 0;
  let reported = 0;

  const run = async (
    lotId: string,
    command: Parameters<typeof lotDecider.decide>[0],
    actor: string,
    now: Date,
  ) => {
    commands += 1;
    const commandId = `bench-log-${commands}`;
    const result = await streams.handle(lotStream(lotId), lotDecider, command, {
      commandId,
      correlationId: commandId,
      actor: { kind: actor === 'system' ? 'system' : 'user', id: actor },
      now,
    });
    let state = states.get(lotId) ?? lotDecider.initialState();
    for (const e of result.events) {
      state = lotDecider.evolve(state, e);
      counts[e.type] = (counts[e.type] ?? 0) + 1;
    }
    states.set(lotId, state);
    events += result.events.length;
    if (events - reported >= 50_000) {
      reported = events;
      progress(`catch-up: writing the bidding log, ${fmt(events)} of ~${fmt(target)} events`);
    }
  };

  /**
   * Runs `work` for every lot, a few hundred lots at a time: commands on different lots in flight
   * together, as on a live site, so their appends share commits (one command per lot at a time).
   */
  const eachLot = async (work: (lotId: string, i: number) => Promise<void>) => {
    for (let i = 0; i < ids.length; i += 256) {
      await Promise.all(ids.slice(i, i + 256).map((lotId, j) => work(lotId, i + j)));
    }
  };

  const ids = Array.from({ length: lots }, (_, i) => `bench-log-${i}`);
  await eachLot(async (lotId, i) => {
    const { lot } = template[i % template.length] as (typeof template)[number];
    const listed = {
      ...lot,
      lotId,
      auction: true,
      startsAt: new Date(t0).toISOString(),
      closesAt: new Date(t0 + 10 * 24 * HOUR + i * 7_000).toISOString(),
    };
    await run(
      lotId,
      { type: 'ListLot', data: listed, by: { kind: 'admin' }, now: new Date(t0) },
      'house',
      new Date(t0),
    );
  });

  /** One bid on the lot at `now`: the leader raising, a newcomer outbidding, or one bidding under the leader. */
  const bid = async (lotId: string, now: Date) => {
    const state = states.get(lotId);
    if (state?.status !== 'open') return;
    const { leader, nextBid } = state;
    const inc = (amount: number) => incrementAt(rules.increments, amount);
    const step = () => 1 + Math.floor(rand() * 3);
    const roll = rand();
    let bidderId: string;
    let amount: number;
    if (leader && roll < 0.15) {
      bidderId = leader.bidderId;
      amount = Math.max(nextBid, leader.max + inc(leader.max) * step());
    } else {
      do bidderId = bidders[Math.floor(rand() * bidders.length)] as string;
      while (bidderId === leader?.bidderId);
      amount =
        leader && roll < 0.55
          ? Math.max(nextBid, leader.max + inc(leader.max) * step())
          : nextBid + inc(nextBid) * Math.floor(rand() * 3);
    }
    if (amount > MAX_BID_CENTS) return;
    const bidId = eventIdFor(`bench-log-${commands + 1}`, lotStream(lotId), -1);
    await run(lotId, { type: 'PlaceBid', bidId, bidderId, amount, hasCard: true, now, rules }, bidderId, now);
  };

  // Regular rounds, two hours apart, until what is left is the last minutes and the closes.
  const endPhase = lots * 8;
  for (let round = 0; events < target - endPhase; round++) {
    const now = new Date(t0 + HOUR + round * 2 * HOUR);
    await eachLot((lotId) => bid(lotId, now));
  }
  // DOMAIN.md soft close: bids two minutes before the (extended) close move it.
  for (let round = 0; round < 3; round++) {
    await eachLot(async (lotId) => {
      const state = states.get(lotId);
      if (state?.status !== 'open') return;
      await bid(lotId, new Date(Date.parse(state.lot.closesAt) - 2 * MINUTE));
    });
  }
  await eachLot(async (lotId) => {
    const state = states.get(lotId);
    if (state?.status !== 'open') return;
    const now = new Date(Date.parse(state.lot.closesAt) + MINUTE);
    await run(lotId, { type: 'CloseLot', now }, 'system', now);
  });
  progressDone();
  await store.close();
  return { events, lots, commands, counts };
}
