import { lotStream, parseStreamName, type RecordedEvent } from '@wine/event-schemas';
import type { Clock, Logger } from '@wine/platform';
import TinyQueue from 'tinyqueue';
import type { Streams } from '../core/command-handler.ts';
import { type LogFeed, logFeed } from '../core/follow-log.ts';
import { lotDecider } from './decide.ts';

export interface ClosingSchedulerDeps {
  streams: Streams;
  clock: Clock;
  logger: Logger;
  /** The log as the write side's processes share it; a feed of its own otherwise. */
  feed?: LogFeed;
  /** How often due lots are looked for (the clock may jump, so timers are not trusted alone). */
  tickMs?: number;
}

export interface ClosingScheduler {
  /** Resolves once the log has been read up to its head (every open lot is known). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Lots waiting to close. */
  pending(): number;
}

interface Due {
  lotId: string;
  at: number;
}

/** The close command's id: the same for every instance, so a close is appended once (idempotent ids). */
export const closeCommandId = (lotId: string, closesAt: string) => `close:${lotId}:${closesAt}`;

/**
 * DOMAIN.md "Bids": the system closes each lot at its (possibly extended) close. It follows the log
 * for close times and, when one is due, sends CloseLot on the lot stream. With several instances
 * running, each sends it; the expected revision and the deterministic command id let only one
 * LotClosed through, and the decider ignores a close that is early or already done.
 */
export function closingScheduler(deps: ClosingSchedulerDeps): ClosingScheduler {
  const { streams, clock, logger } = deps;
  const closes = new Map<string, string>();
  const queue = new TinyQueue<Due>([], (a, b) => a.at - b.at);
  const inFlight = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  /**
   * Set once the whole log has been read: a lot that looks due halfway through the log may have
   * closed further on, and closing it then costs a read of its stream for a close the decider
   * ignores (10,000 of them made a restart on a million events read the lots' streams again).
   */
  let live = false;

  const track = (lotId: string, closesAt: string) => {
    closes.set(lotId, closesAt);
    queue.push({ lotId, at: Date.parse(closesAt) });
  };

  function follow(event: RecordedEvent) {
    const stream = parseStreamName(event.streamName);
    if (stream?.category !== 'lot') return;
    const data = event.data as { closesAt?: string };
    switch (event.type) {
      case 'LotListed':
      case 'LotExtended':
      case 'LotScheduled':
        track(stream.id, data.closesAt as string);
        break;
      case 'LotUpdated':
      case 'BidsCancelled':
        // A cancel moves the close when it extends it or reopens the lot (null otherwise).
        if (data.closesAt) track(stream.id, data.closesAt);
        break;
      case 'LotClosed':
      case 'LotWithdrawn':
        closes.delete(stream.id);
        break;
    }
  }

  async function close(lotId: string, closesAt: string) {
    inFlight.add(lotId);
    try {
      const now = clock.now();
      const commandId = closeCommandId(lotId, closesAt);
      await streams.handle(
        lotStream(lotId),
        lotDecider,
        { type: 'CloseLot', now },
        { commandId, correlationId: commandId, actor: { kind: 'system', id: 'closing-scheduler' }, now },
      );
    } catch (error) {
      logger.error({ err: error, lotId }, 'closing a lot failed; retrying');
      queue.push({ lotId, at: clock.now().getTime() + 1000 });
    } finally {
      inFlight.delete(lotId);
    }
  }

  function tick() {
    if (!live) return;
    const now = clock.now().getTime();
    for (let due = queue.peek(); due && due.at <= now; due = queue.peek()) {
      queue.pop();
      const closesAt = closes.get(due.lotId);
      // A later close (extension, update) superseded this entry, or the lot is closed already.
      if (!closesAt || Date.parse(closesAt) !== due.at || inFlight.has(due.lotId)) continue;
      void close(due.lotId, closesAt);
    }
  }

  const feed = deps.feed ?? logFeed(streams.store, logger);
  const log = feed.follow('closing scheduler', (events) => {
    for (const event of events) follow(event);
    tick();
  });

  return {
    async start() {
      timer = setInterval(() => {
        if (!stopped) tick();
      }, deps.tickMs ?? 250);
      timer.unref();
      await log.start();
      live = true;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await log.stop();
      while (inFlight.size > 0) await new Promise((r) => setTimeout(r, 10));
    },
    pending: () => closes.size,
  };
}
