import { z } from 'zod';
import { Cents } from './lot-events.ts';
import { defineEvent } from './registry.ts';

const Id = z.string().min(1).max(64);

/**
 * DOMAIN.md "Buy now and cart": a checkout holds stock on the lot's stream (`lot-<id>`), guarded by
 * the stream's expected revision, so two checkouts can never take more than the lot holds. A hold
 * lapses at `expiresAt` unless its invoice is paid; the decider counts a lapsed hold as free.
 */
export const StockReserved = defineEvent({
  type: 'StockReserved',
  version: 1,
  schema: z.object({
    reservationId: Id,
    invoiceId: Id,
    buyerId: Id,
    qty: z.number().int().min(1).max(100_000),
    unitPrice: Cents,
    expiresAt: z.iso.datetime(),
  }),
});

/** A hold given back: its checkout failed on another line, its payment failed, or it lapsed. */
export const ReservationReleased = defineEvent({
  type: 'ReservationReleased',
  version: 1,
  schema: z.object({
    reservationId: Id,
    reason: z.enum(['checkout_failed', 'payment_failed', 'expired']),
  }),
});

/** The invoice holding this reservation was paid: the bottles are sold. */
export const StockSold = defineEvent({
  type: 'StockSold',
  version: 1,
  schema: z.object({ reservationId: Id, invoiceId: Id, qty: z.number().int().min(1) }),
});

/** Issue 31: bottles of a return received in good condition, back on the lot's stock to sell again. */
export const StockReturned = defineEvent({
  type: 'StockReturned',
  version: 1,
  schema: z.object({ returnId: Id, invoiceId: Id, qty: z.number().int().min(1) }),
});

export type StockEvent =
  | { type: 'StockReserved'; data: z.infer<typeof StockReserved.schema> }
  | { type: 'ReservationReleased'; data: z.infer<typeof ReservationReleased.schema> }
  | { type: 'StockSold'; data: z.infer<typeof StockSold.schema> }
  | { type: 'StockReturned'; data: z.infer<typeof StockReturned.schema> };
export const stockEventDefinitions = [StockReserved, ReservationReleased, StockSold, StockReturned] as const;
