/**
 * In-process bus for the embedded deployment. Behaves like the JetStream adapter: messages get an
 * increasing seq, the last `retain` messages are kept for `afterSeq` replay, a `msgId` seen within
 * the retained window is dropped (the publish reports `duplicate` and the original seq), data goes
 * through JSON (each handler gets its own copy, dates arrive as strings), and each subscription's
 * handler is awaited before the next message is handed to it.
 */
import type { Bus, BusMessage, BusSubscription, PublishOptions } from './port.ts';
import { subjectMatches } from './port.ts';

interface Retained {
  subject: string;
  seq: number;
  json: string;
  msgId?: string;
}

interface Subscription {
  pattern: string;
  handler: (message: BusMessage<unknown>) => void | Promise<void>;
  queue: Retained[];
  /** Index of the next message in `queue` (shift() would be O(n) on a long replay). */
  next: number;
  /** Messages with seq <= afterSeq are never delivered (a resume point past the end waits for it). */
  afterSeq: number;
  running: boolean;
  closed: boolean;
}

export interface InProcessBusOptions {
  /** How many messages to keep for replay and deduplication. Default 10000. */
  retain?: number;
  /** Called when a handler throws; delivery goes on with the next message. Default: console.error. */
  onHandlerError?: (error: unknown, message: BusMessage<unknown>) => void;
}

export function createInProcessBus(options: InProcessBusOptions = {}): Bus {
  const retain = Math.max(1, options.retain ?? 10_000);
  const onHandlerError =
    options.onHandlerError ??
    ((error: unknown, message: BusMessage<unknown>) =>
      console.error(`bus handler failed on ${message.subject} #${message.seq}`, error));
  // A ring kept as an array with a moving head, compacted now and then (shift() would be O(n)).
  let log: Retained[] = [];
  let head = 0;
  const byMsgId = new Map<string, number>();
  const subscriptions = new Set<Subscription>();
  let seq = 0;
  let closed = false;

  function evict(): void {
    while (log.length - head > retain) {
      const old = log[head]!;
      if (old.msgId !== undefined && byMsgId.get(old.msgId) === old.seq) byMsgId.delete(old.msgId);
      head++;
    }
    if (head > retain) {
      log = log.slice(head);
      head = 0;
    }
  }

  /** Handlers run after publish/subscribe return, as they would with a remote bus. */
  function schedule(sub: Subscription): void {
    if (!sub.running) queueMicrotask(() => void drain(sub));
  }

  async function drain(sub: Subscription): Promise<void> {
    if (sub.running) return;
    sub.running = true;
    try {
      while (!sub.closed && sub.next < sub.queue.length) {
        const next = sub.queue[sub.next++]!;
        if (sub.next === sub.queue.length) {
          sub.queue = [];
          sub.next = 0;
        }
        const message: BusMessage<unknown> = {
          subject: next.subject,
          seq: next.seq,
          data: JSON.parse(next.json),
        };
        try {
          await sub.handler(message);
        } catch (error) {
          onHandlerError(error, message);
        }
      }
    } finally {
      sub.running = false;
    }
  }

  return {
    async publish<T>(subject: string, data: T, publishOptions?: PublishOptions) {
      if (closed) throw new Error('bus is closed');
      const msgId = publishOptions?.msgId;
      if (msgId !== undefined) {
        const original = byMsgId.get(msgId);
        if (original !== undefined) return { seq: original, duplicate: true };
      }
      const entry: Retained = { subject, seq: ++seq, json: JSON.stringify(data ?? null) };
      if (msgId !== undefined) {
        entry.msgId = msgId;
        byMsgId.set(msgId, entry.seq);
      }
      log.push(entry);
      evict();
      for (const sub of subscriptions) {
        if (entry.seq <= sub.afterSeq || !subjectMatches(sub.pattern, subject)) continue;
        sub.queue.push(entry);
        schedule(sub);
      }
      return { seq: entry.seq, duplicate: false };
    },

    async subscribe<T>(
      pattern: string,
      handler: (message: BusMessage<T>) => void | Promise<void>,
      subscribeOptions?: { afterSeq?: number },
    ): Promise<BusSubscription> {
      if (closed) throw new Error('bus is closed');
      const sub: Subscription = {
        pattern,
        handler: handler as Subscription['handler'],
        queue: [],
        next: 0,
        afterSeq: subscribeOptions?.afterSeq ?? seq,
        running: false,
        closed: false,
      };
      const afterSeq = subscribeOptions?.afterSeq;
      if (afterSeq !== undefined) {
        for (let i = head; i < log.length; i++) {
          const entry = log[i]!;
          if (entry.seq > afterSeq && subjectMatches(pattern, entry.subject)) sub.queue.push(entry);
        }
      }
      subscriptions.add(sub);
      schedule(sub);
      return {
        async close() {
          sub.closed = true;
          sub.queue = [];
          subscriptions.delete(sub);
        },
      };
    },

    async close() {
      closed = true;
      for (const sub of subscriptions) {
        sub.closed = true;
        sub.queue = [];
      }
      subscriptions.clear();
    },
  };
}
