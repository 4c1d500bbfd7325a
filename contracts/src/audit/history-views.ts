import { z } from 'zod';

/** Who acted (the event's metadata.actor); `actingAs` is the user an admin acted as, else null. */
export const HistoryActor = z.object({
  kind: z.enum(['user', 'admin', 'system']),
  id: z.string(),
  actingAs: z.string().nullable(),
});
export type HistoryActor = z.infer<typeof HistoryActor>;

/** One difference between the state before and after an event; a side is absent when the path was not there. */
export const HistoryChange = z.object({
  path: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type HistoryChange = z.infer<typeof HistoryChange>;

/** One event of the stream with the aggregate's state after it, as its own evolve computes it. */
export const HistoryRow = z.object({
  /** 0-based revision of the event in its stream. */
  revision: z.number().int(),
  /** Its position in the whole log. */
  position: z.string(),
  eventId: z.string(),
  /** Server time (metadata.occurredAt), ISO 8601. */
  occurredAt: z.string(),
  type: z.string(),
  actor: HistoryActor,
  commandId: z.string(),
  correlationId: z.string(),
  causationId: z.string(),
  data: z.unknown(),
  state: z.unknown(),
  changes: z.array(HistoryChange),
});
export type HistoryRow = z.infer<typeof HistoryRow>;

/** The state as of an instant: after the event at `revision`, or the initial state (null) before any. */
export const HistoryStateAsOf = z.object({
  /** The instant asked for, or null for the latest state. */
  at: z.string().nullable(),
  revision: z.number().int().nullable(),
  occurredAt: z.string().nullable(),
  state: z.unknown(),
});
export type HistoryStateAsOf = z.infer<typeof HistoryStateAsOf>;

/** A bid's price for the chart of the price over time by bidder (BidPlaced, ProxyBidPlaced). */
export const PricePoint = z.object({
  revision: z.number().int(),
  occurredAt: z.string(),
  bidderId: z.string(),
  amount: z.number().int(),
  type: z.string(),
});
export type PricePoint = z.infer<typeof PricePoint>;

/** One page of a stream's history (DOMAIN.md "Audit"). `next` is the `from` of the next page, or null. */
export const StreamHistory = z.object({
  id: z.string(),
  streamName: z.string(),
  totalRecords: z.number().int(),
  from: z.number().int(),
  next: z.number().int().nullable(),
  rows: z.array(HistoryRow),
  asOf: HistoryStateAsOf,
});
export type StreamHistory = z.infer<typeof StreamHistory>;

/** A lot's history, with every bid's price for the chart (small points, not paged). */
export const LotHistory = StreamHistory.extend({ prices: z.array(PricePoint) });
export type LotHistory = z.infer<typeof LotHistory>;

/** seeds 001 §7 "Reports": an export is the file's name and its text (saved as a download). */
export const HistoryExport = z.object({ filename: z.string(), records: z.string() });
export type HistoryExport = z.infer<typeof HistoryExport>;
