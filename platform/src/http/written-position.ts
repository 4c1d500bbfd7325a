import { laterPosition } from '@wine/contracts';
import type { Position } from '@wine/event-schemas';

/** What one request has written so far: the latest log position, null while nothing. */
interface Written {
  position: Position | null;
}

/**
 * The requests being answered, by correlation id: every command a request runs carries it, however
 * deep (a checkout's steps, an invoice issued on the way, a follow-up command), as the audit trail
 * needs. Kept here rather than in an AsyncLocalStorage, whose promise hooks cost Node 20 about a
 * tenth of the hot lot's bids per second (bench, issue 32). Two requests sent with one
 * `x-correlation-id` both see the later of their positions: a longer wait, never a wrong answer.
 */
const open = new Map<string, Set<Written>>();

/**
 * Runs a request's work and answers with the latest log position it wrote (read-your-writes,
 * contracts read-your-writes.ts): whatever appends under its correlation id notes its position with
 * `noteWritten`.
 */
export async function trackWrites<T>(
  correlationId: string,
  work: () => Promise<T>,
): Promise<{ result: T; position: Position | null }> {
  const box: Written = { position: null };
  const boxes = open.get(correlationId) ?? new Set<Written>();
  open.set(correlationId, boxes);
  boxes.add(box);
  try {
    const result = await work();
    return { result, position: box.position };
  } finally {
    boxes.delete(box);
    if (boxes.size === 0) open.delete(correlationId);
  }
}

/** Notes a position a command wrote (or found already written, for a retry) for its request, if open. */
export function noteWritten(correlationId: string, position: Position): void {
  const boxes = open.get(correlationId);
  if (boxes) for (const box of boxes) box.position = laterPosition(box.position, position);
}
