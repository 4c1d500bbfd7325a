import { invoiceNumberStream, invoiceStream } from '@wine/event-schemas';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { invoiceNumberDecider } from './decide.ts';

interface Waiting {
  invoiceId: string;
  now: Date;
  resolve: (number: string | undefined) => void;
  reject: (error: unknown) => void;
}
interface YearQueue {
  waiting: Waiting[];
  running: boolean;
}

/** Invoices numbered in one command at most. */
const BATCH = 100;
const queues = new WeakMap<Streams, Map<number, YearQueue>>();

/**
 * Issue 31: the readable number an invoice is issued with (`2026-000123`), taken from the sequence of
 * the year it is issued in, just before it is issued. The invoices of one instance waiting for a
 * number are numbered together, one command after the other (decide.ts); the expected revision on the
 * year's stream keeps instances apart. An invoice already issued keeps the number it has, and one
 * numbered but not yet issued (a retry) gets its number again while it is among the latest numbered.
 */
export async function invoiceNumberFor(
  streams: Streams,
  invoiceId: string,
  now: Date,
): Promise<string | undefined> {
  const invoice = await streams.load(invoiceStream(invoiceId), invoiceDecider);
  if (invoice.status === 'issued') return invoice.issued.number;
  const year = now.getUTCFullYear();
  const byYear = queues.get(streams) ?? new Map<number, YearQueue>();
  queues.set(streams, byYear);
  const queue = byYear.get(year) ?? { waiting: [], running: false };
  byYear.set(year, queue);
  return new Promise((resolve, reject) => {
    queue.waiting.push({ invoiceId, now, resolve, reject });
    if (!queue.running) void drain(streams, year, queue);
  });
}

async function drain(streams: Streams, year: number, queue: YearQueue) {
  queue.running = true;
  try {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, BATCH);
      const invoiceIds = batch.map((w) => w.invoiceId);
      const commandId = derivedId('invoice-numbers', String(year), ...invoiceIds);
      try {
        const stream = invoiceNumberStream(year);
        await streams.handle(
          stream,
          invoiceNumberDecider,
          { type: 'AssignInvoiceNumbers', year, invoiceIds },
          {
            commandId,
            correlationId: commandId,
            actor: { kind: 'system', id: 'invoice-numbers' },
            now: (batch[0] as Waiting).now,
          },
        );
        const numbers = await streams.load(stream, invoiceNumberDecider);
        for (const w of batch) w.resolve(numbers.latest.get(w.invoiceId));
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
  } finally {
    queue.running = false;
  }
}
