import type { KeyObject } from 'node:crypto';
import { type LogAnchor, type Position, START } from '@wine/event-schemas';
import { LOG_CHAIN_START, nextLogHash } from '@wine/event-schemas/hash-chain';
import type { EventStore } from '@wine/platform';
import { readAnchorWitness } from './anchor-process.ts';
import { type LogCheckResult, logChecker } from './verify-checks.ts';

export interface VerifyProgress {
  /** How far the log is read, and the head's position, as numbers (SQLite's positions; EventStoreDB's commit). */
  done: number;
  total: number;
  events: number;
}

export interface VerifyOptions {
  pageSize?: number;
  /** The anchors' public key; null or absent, the log's anchors are checked against the chain only. */
  publicKey?: KeyObject | null;
  /** Anchors the auditors kept. */
  auditorAnchors?: readonly LogAnchor[];
  /**
   * The file outside the log holding the last anchor the key signed of it (anchor-process.ts): that
   * anchor must be in the log and hold, as an auditor's, so a log whose anchors were all deleted
   * (and its chain recomputed) fails instead of passing with nothing to check.
   */
  witnessFile?: string | undefined;
  onProgress?: (progress: VerifyProgress) => void;
}

export interface LogVerification extends LogCheckResult {
  /** The head verified (the log's head when verify began). */
  head: Position;
}

/** A position as a number for progress: SQLite's is one, EventStoreDB's `commit:prepare` its commit. */
export const positionOrdinal = (position: Position): number =>
  position === START ? 0 : Number(position.split(':')[0]);

/**
 * Proves the log was not altered (DOMAIN.md "Audit"): reads every event as stored (not upcast), page
 * by page, up to the head as it stood when verify began, and hands each to the checks of
 * verify-checks.ts (per-stream chains, the global chain, the anchors). Between pages it lets the
 * event loop run, so a server verifying its own log keeps answering.
 */
export async function verifyLog(store: EventStore, options: VerifyOptions = {}): Promise<LogVerification> {
  const pageSize = options.pageSize ?? 1000;
  // Read before the head: the witness's anchor is at or before it.
  const witness = options.witnessFile ? readAnchorWitness(options.witnessFile) : null;
  const kept = options.auditorAnchors ?? [];
  const auditorAnchors =
    witness && !kept.some((a) => a.position === witness.position) ? [...kept, witness] : kept;
  const head = await store.headPosition();
  const total = positionOrdinal(head);
  const checker = logChecker({
    publicKey: options.publicKey ?? null,
    auditorAnchors,
  });
  let after: Position = START;
  let reading = head !== START;
  while (reading) {
    const page = await store.readAll({ after, maxCount: pageSize, raw: true });
    if (page.length === 0) break;
    for (const event of page) {
      if (event.position > head) {
        reading = false;
        break;
      }
      checker.check(event);
      after = event.position;
    }
    options.onProgress?.({ done: Math.min(positionOrdinal(after), total), total, events: checker.checked() });
    await new Promise((resolve) => setImmediate(resolve));
  }
  const deferred = checker.deferredPositions();
  if (deferred.size > 0) checker.resolveDeferred(await logHashesAt(store, deferred, pageSize));
  const result = checker.finish();
  options.onProgress?.({ done: total, total, events: result.events });
  return { ...result, head };
}

/** The recomputed log hashes at some positions: the chain from the start up to the last of them. */
async function logHashesAt(
  store: EventStore,
  positions: ReadonlySet<Position>,
  pageSize: number,
): Promise<Map<Position, string>> {
  const found = new Map<Position, string>();
  const last = [...positions].sort().at(-1) ?? START;
  let chain = LOG_CHAIN_START;
  let after: Position = START;
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize, raw: true });
    for (const event of page) {
      if (event.position > last) return found;
      chain = nextLogHash(chain, event);
      if (positions.has(event.position)) found.set(event.position, chain);
      after = event.position;
    }
    if (page.length === 0) return found;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
