/**
 * Read-your-writes across the two sides (ARCHITECTURE.md): the read models follow the log a moment
 * after a command has written to it, so a client that reads right after it wrote could be shown the
 * state before its own change. A command's answer names the log position of what it wrote
 * (`x-log-position`); the client sends the highest it has seen with its reads (`x-after-position`),
 * and the read side answers once its read models have projected that far, for at most
 * READ_AFTER_WAIT_MS (a late read model then answers as it is: a wait, never an error).
 */
export const LOG_POSITION_HEADER = 'x-log-position';
export const AFTER_POSITION_HEADER = 'x-after-position';

/** The longest a read waits for the read models to reach the caller's last write. */
export const READ_AFTER_WAIT_MS = 3_000;

/** A log position as the stores write it: zero-padded (SQLite), or commit:prepare (EventStoreDB). */
const LOG_POSITION = /^\d{20}(?::\d{20})?$/;

export const isLogPosition = (value: unknown): value is string =>
  typeof value === 'string' && LOG_POSITION.test(value);

/** The later of two log positions (they sort as strings in log order). */
export const laterPosition = (kept: string | null, next: string): string =>
  kept === null || next > kept ? next : kept;
