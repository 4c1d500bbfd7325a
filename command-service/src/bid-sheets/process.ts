import type { MarketSettings } from '@wine/contracts';
import {
  type Actor,
  type BidSheetEvent,
  type LotEvent,
  lotStream,
  type RecordedEvent,
  userStream,
} from '@wine/event-schemas';
import { AppError, type Clock, type Logger } from '@wine/platform';
import { biddingRules } from '../bidding/routes.ts';
import type { CommandContext, Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { type LogFeed, type LogFollower, logFeed, type Steps, tickingProcess } from '../core/follow-log.ts';
import { lotDecider } from '../lots/decide.ts';
import type { Lot } from '../lots/lot.ts';
import { userDecider } from '../users/decide.ts';
import { bidSheetDecider, type LotFacts } from './decide.ts';
import { lotFacts } from './lot-facts.ts';
import type { ActiveSheet } from './sheet.ts';

export interface BidSheetProcessDeps {
  streams: Streams;
  clock: Clock;
  logger: Logger;
  /** The bidding settings as they read now: increments, proxy or hard, the buyer's premium. */
  market: () => MarketSettings;
}

const SHEET_PREFIX = 'bidsheet-';
const LOT_PREFIX = 'lot-';

/** The id of the house's bid on the lot for one placement or raise: named by the sheet's event. */
export const sheetBidId = (sheetEventId: string) => derivedId('BS', sheetEventId);

/** The house acting for the bidder: every event of its steps names both. */
const houseFor = (bidderId: string): Actor => ({ kind: 'system', id: 'bidsheet', actingAs: bidderId });

/** A placement or raise recorded on a sheet whose bid the lot has not taken (or refused) yet. */
interface PendingBid {
  stream: string;
  lotId: string;
  cap: number;
  bidderId: string;
  /** The sheet's event that took the cap: it names the lot command, so a retry bids once. */
  eventId: string;
  bidId: string;
  correlationId: string;
}

/** A sheet lot's close to record on the sheet. */
interface PendingOutcome {
  stream: string;
  lotId: string;
  bidderId: string;
  winnerId: string | null;
  hammerPrice: number | null;
  /** The LotClosed (or LotWithdrawn) event: it names the step. */
  eventId: string;
  correlationId: string;
}

interface Tracked {
  auctionId: string;
  bidderId: string;
  lotIds: string[];
  /** When a lot of the sheet that does not take bids yet opens (epoch ms): the house looks again then. */
  wakeAt: number | null;
}

const keyOf = (stream: string, lotId: string) => `${stream}\u0000${lotId}`;

/**
 * Issue 37 §6: the house executes the bid sheets. It follows the log and, for each sheet:
 * - after a save, a lot's close (won or lost), a refused bid, or when a timed lot of the sheet opens,
 *   decides on the sheet's stream which lines to place or raise (decide.ts: greedy in catalogue order,
 *   within the limit counted with the premium, one line of a group at a time);
 * - for each line placed or raised, bids its cap on the lot for the bidder through the bidding engine
 *   (bid/confirm's PlaceBid on a timed lot; the advance bid the live room executes as the absentee on a
 *   live sale's lot), the actor the house acting for the bidder; a refusal goes back on the sheet and
 *   gives its budget back;
 * - for each close of a sheet's lot, records it won (hammer and premium) or lost.
 * The sheet's event is written first and names the lot's command (`bidsheet:bid:<event id>`), so a
 * crash between the two is completed by the next start (the log still shows the placement without
 * the lot's bid), and any number of instances bid once. Each step's command id is derived from what it
 * is for (the sheet's version, the close's event id), so a retry writes nothing new.
 */
export function bidSheetProcess(
  deps: BidSheetProcessDeps,
  feed: LogFeed = logFeed(deps.streams.store, deps.logger),
  tickMs = 1_000,
): LogFollower {
  const { streams, clock, logger } = deps;
  const sheets = new Map<string, Tracked>();
  const sheetsOfLot = new Map<string, Set<string>>();
  const dirty = new Set<string>();
  const outcomes = new Map<string, PendingOutcome>();
  const bids = new Map<string, PendingBid>();
  /** Pending bids by their bid id, to see the lot take them in the log. */
  const bidKeys = new Map<string, string>();

  function track(stream: string, data: Extract<BidSheetEvent, { type: 'BidSheetSaved' }>['data']) {
    const before = sheets.get(stream);
    for (const lotId of before?.lotIds ?? []) sheetsOfLot.get(lotId)?.delete(stream);
    const lotIds = data.lines.map((line) => line.lotId);
    sheets.set(stream, { auctionId: data.auctionId, bidderId: data.bidderId, lotIds, wakeAt: null });
    for (const lotId of lotIds) {
      const streamsOfLot = sheetsOfLot.get(lotId) ?? new Set<string>();
      streamsOfLot.add(stream);
      sheetsOfLot.set(lotId, streamsOfLot);
    }
  }

  function dropBid(key: string) {
    const pending = bids.get(key);
    if (!pending) return;
    bids.delete(key);
    bidKeys.delete(pending.bidId);
  }

  function followSheet(event: RecordedEvent) {
    const stream = event.streamName;
    const e = { type: event.type, data: event.data } as BidSheetEvent;
    switch (e.type) {
      case 'BidSheetSaved':
        track(stream, e.data);
        dirty.add(stream);
        break;
      case 'BidSheetLinePlaced':
      case 'BidSheetLineRaised': {
        const sheet = sheets.get(stream);
        if (!sheet) break;
        const key = keyOf(stream, e.data.lotId);
        dropBid(key);
        const bidId = sheetBidId(event.id);
        bids.set(key, {
          stream,
          lotId: e.data.lotId,
          cap: e.data.cap,
          bidderId: sheet.bidderId,
          eventId: event.id,
          bidId,
          correlationId: event.metadata.correlationId,
        });
        bidKeys.set(bidId, key);
        break;
      }
      case 'BidSheetLineRefused': {
        const key = keyOf(stream, e.data.lotId);
        if (bids.get(key)?.cap === e.data.cap) dropBid(key);
        dirty.add(stream);
        break;
      }
      case 'BidSheetLineWon':
      case 'BidSheetLineLost': {
        const key = keyOf(stream, e.data.lotId);
        dropBid(key);
        outcomes.delete(key);
        dirty.add(stream);
        break;
      }
      case 'BidSheetCancelled':
        dirty.delete(stream);
        break;
      default: {
        const _exhaustive: never = e;
        break;
      }
    }
  }

  function closed(lotId: string, event: RecordedEvent, winnerId: string | null, hammerPrice: number | null) {
    for (const stream of sheetsOfLot.get(lotId) ?? []) {
      const sheet = sheets.get(stream);
      if (!sheet) continue;
      const key = keyOf(stream, lotId);
      // The lot takes no more bids: a placement it never took is settled by the outcome.
      dropBid(key);
      outcomes.set(key, {
        stream,
        lotId,
        bidderId: sheet.bidderId,
        winnerId,
        hammerPrice,
        eventId: event.id,
        correlationId: event.metadata.correlationId,
      });
    }
  }

  function followLot(event: RecordedEvent) {
    const lotId = event.streamName.slice(LOT_PREFIX.length);
    const e = { type: event.type, data: event.data } as LotEvent;
    switch (e.type) {
      case 'BidPlaced':
      case 'MaxBidRaised': {
        const key = bidKeys.get(e.data.bidId);
        if (key && bids.get(key)?.bidId === e.data.bidId) dropBid(key);
        break;
      }
      case 'LotClosed':
        closed(lotId, event, e.data.outcome === 'sold' ? e.data.winnerId : null, e.data.hammerPrice);
        break;
      case 'LotWithdrawn':
        closed(lotId, event, null, null);
        break;
      default:
        break;
    }
  }

  function follow(event: RecordedEvent) {
    if (event.streamName.startsWith(SHEET_PREFIX)) followSheet(event);
    else if (event.streamName.startsWith(LOT_PREFIX) && sheetsOfLot.size > 0) followLot(event);
  }

  const context = (commandId: string, correlationId: string, bidderId: string, causationId?: string) =>
    ({
      commandId,
      correlationId,
      ...(causationId && { causationId }),
      actor: houseFor(bidderId),
      now: clock.now(),
    }) satisfies CommandContext;

  /** Whether the bidder may bid now: an active account with a card on file (bid/confirm's check). */
  async function canBid(bidderId: string) {
    const user = await streams.load(userStream(bidderId), userDecider);
    return user.status === 'active' && user.cards.length > 0;
  }

  /** The house's step on one sheet: place and raise what the limit and the lots allow now. */
  async function placeLines(stream: string) {
    const state = await streams.load(stream, bidSheetDecider);
    if (state.status !== 'active') return;
    const sheet: ActiveSheet = state;
    const open = sheet.lines.filter(
      (line) =>
        line.status === 'waiting' ||
        (line.status === 'bidding' && line.cap !== null && line.cap < line.max && line.raisable),
    );
    if (open.length === 0) return;
    const now = clock.now();
    const market = deps.market();
    const proxy = market.proxy_bidding_settings !== 0;
    const lots: Record<string, LotFacts> = {};
    let wakeAt: number | null = null;
    for (const line of open) {
      const lot = await streams.load<LotEvent, Lot>(lotStream(line.lotId), lotDecider);
      const { opensAt, ...facts } = lotFacts(line.lotId, lot, sheet.bidderId, now, proxy);
      lots[line.lotId] = facts;
      if (opensAt !== null) wakeAt = wakeAt === null ? opensAt : Math.min(wakeAt, opensAt);
    }
    const tracked = sheets.get(stream);
    if (tracked) tracked.wakeAt = wakeAt;
    const result = await streams.handle(
      stream,
      bidSheetDecider,
      {
        type: 'PlaceLines',
        lots,
        premiumPercent: market.buyer_premium,
        increments: market.bid_increments,
        canBid: await canBid(sheet.bidderId),
      },
      // Named by the version it was decided on: two instances deciding the same sheet write once.
      context(`bidsheet:place@${sheet.version}`, `bidsheet:${stream}`, sheet.bidderId),
    );
    // Another instance decided this version first: look again, on what it wrote.
    if (result.replayed) dirty.add(stream);
  }

  /** The house's bid of a line's cap on its lot; a refusal goes back on the sheet with the lot's code. */
  async function placeBid(key: string, pending: PendingBid) {
    const stream = lotStream(pending.lotId);
    const lot = await streams.load<LotEvent, Lot>(stream, lotDecider);
    const market = deps.market();
    const now = clock.now();
    const command = {
      bidId: pending.bidId,
      bidderId: pending.bidderId,
      amount: pending.cap,
      hasCard: await canBid(pending.bidderId),
      now,
      rules: biddingRules(market),
    };
    const ctx = context(
      `bidsheet:bid:${pending.eventId}`,
      pending.correlationId,
      pending.bidderId,
      pending.eventId,
    );
    try {
      if (lot.status !== 'empty' && (lot.inLiveSale || lot.live))
        await streams.handle(
          stream,
          lotDecider,
          { ...command, type: 'PlaceAdvanceBid', window: 'absentee' },
          ctx,
        );
      else if (!command.rules.proxy) throw new AppError('WRONG_BIDDING_TYPE', { params: { type: 'hard' } });
      else await streams.handle(stream, lotDecider, { ...command, type: 'PlaceBid' }, ctx);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await streams.handle(
        pending.stream,
        bidSheetDecider,
        { type: 'RecordRefusal', lotId: pending.lotId, cap: pending.cap, code: error.code },
        context(
          `bidsheet:refused:${pending.eventId}`,
          pending.correlationId,
          pending.bidderId,
          pending.eventId,
        ),
      );
    }
    if (bids.get(key)?.eventId === pending.eventId) dropBid(key);
  }

  /** A sheet lot's close, recorded on the sheet: won with the premium the invoice counts, or lost. */
  async function recordOutcome(key: string, pending: PendingOutcome) {
    await streams.handle(
      pending.stream,
      bidSheetDecider,
      {
        type: 'RecordOutcome',
        lotId: pending.lotId,
        winnerId: pending.winnerId,
        hammerPrice: pending.hammerPrice,
        premiumPercent: deps.market().buyer_premium,
      },
      context(
        `bidsheet:outcome:${pending.eventId}`,
        pending.correlationId,
        pending.bidderId,
        pending.eventId,
      ),
    );
    if (outcomes.get(key)?.eventId === pending.eventId) outcomes.delete(key);
  }

  function tick({ has, run }: Steps) {
    for (const [key, pending] of outcomes) void run(`o:${key}`, () => recordOutcome(key, pending));
    for (const [key, pending] of bids) void run(`b:${key}`, () => placeBid(key, pending));
    const now = clock.now().getTime();
    for (const [stream, sheet] of sheets) {
      if (sheet.wakeAt !== null && sheet.wakeAt <= now) {
        sheet.wakeAt = null;
        dirty.add(stream);
      }
    }
    for (const stream of dirty) {
      if (has(`s:${stream}`)) continue;
      dirty.delete(stream);
      void run(
        `s:${stream}`,
        () => placeLines(stream),
        () => dirty.add(stream),
      );
    }
  }

  return tickingProcess({
    feed,
    name: 'bid-sheets',
    logger,
    failure: 'a bid sheet step failed; retrying',
    tickMs,
    tickAfterEvents: true,
    follow,
    tick,
  });
}
