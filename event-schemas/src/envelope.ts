import { z } from 'zod';

/** Who acted: a user, an admin acting as a user (switch user), the system (scheduler), or the admin key. */
export const Actor = z.object({
  kind: z.enum(['user', 'admin', 'system']),
  id: z.string().min(1),
  /** Set when an admin acts as another user (seeds 001 §7 switchuser). */
  actingAs: z.string().optional(),
});
export type Actor = z.infer<typeof Actor>;

export const EventMetadata = z.object({
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  commandId: z.string().min(1),
  actor: Actor,
  /** Server clock, ISO 8601. */
  occurredAt: z.iso.datetime(),
  /** Hash of the previous event of the same stream ('' for the first). */
  prevHash: z.string(),
  /** sha256 over prevHash and this event's own content. */
  hash: z.string(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** An event as the domain produces it, before metadata is attached. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** An event ready to be appended: typed, versioned, with metadata and a deterministic id. */
export interface NewEvent<Type extends string = string, Data = unknown> extends DomainEvent<Type, Data> {
  id: string;
  version: number;
  metadata: EventMetadata;
}

/**
 * Log positions are opaque strings that sort in log order (zero-padded numbers), so they survive
 * JSON and Mongo without bigint trouble (ARCHITECTURE.md, pitfalls of @eventstore/db-client).
 */
export type Position = string;

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamName: string;
  /** 0-based revision of the event in its stream. */
  revision: number;
  position: Position;
  /**
   * The global chain (DOMAIN.md "Audit", `logHash` in hash-chain.ts): set by the SQLite log at append,
   * inside its write transaction. Absent on EventStoreDB, whose writers cannot chain atomically across
   * streams: there `verify` computes the chain itself and the signed anchors carry the proof.
   */
  logHash?: string;
}

export const START: Position = '';

export function padPosition(n: bigint | number): Position {
  return BigInt(n).toString().padStart(20, '0');
}

export function isAfter(a: Position, b: Position): boolean {
  return a > b;
}
