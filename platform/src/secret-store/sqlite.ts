import { systemClock } from '../clock.ts';
import { openPrivateSqlite } from '../sqlite-file.ts';
import { assertKind, type SecretStore, type SecretStoreOptions, toJson } from './port.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS secrets (
    kind       TEXT    NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    expires_at INTEGER NULL,
    PRIMARY KEY (kind, key)
  ) STRICT;
  CREATE INDEX IF NOT EXISTS secrets_expires_at ON secrets (expires_at) WHERE expires_at IS NOT NULL;
`;

/** Expired rows are ignored at once but deleted at most this often, on a write. */
const PURGE_EVERY_MS = 60_000;

/**
 * The embedded secret store: one SQLite file in WAL mode, beside the event log but never in it.
 * Take and increment are single statements (DELETE/UPSERT ... RETURNING), so they are atomic even
 * when a second process opens the same file.
 */
export function openSqliteSecretStore(file: string, options: SecretStoreOptions = {}): SecretStore {
  const db = openPrivateSqlite(file);
  db.exec(SCHEMA);

  const clock = options.clock ?? systemClock;
  const live = '(expires_at IS NULL OR expires_at > @now)';

  const upsert = db.prepare<{ kind: string; key: string; value: string; expiresAt: number | null }>(
    `INSERT INTO secrets (kind, key, value, expires_at) VALUES (@kind, @key, @value, @expiresAt)
     ON CONFLICT (kind, key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
  );
  const select = db.prepare<{ kind: string; key: string; now: number }, { value: string }>(
    `SELECT value FROM secrets WHERE kind = @kind AND key = @key AND ${live}`,
  );
  const takeRow = db.prepare<{ kind: string; key: string; now: number }, { value: string }>(
    `DELETE FROM secrets WHERE kind = @kind AND key = @key AND ${live} RETURNING value`,
  );
  const remove = db.prepare<{ kind: string; key: string }>(
    'DELETE FROM secrets WHERE kind = @kind AND key = @key',
  );
  // A live counter keeps its window (its expires_at); an absent or expired one starts again at 1.
  const bump = db.prepare<
    { kind: string; key: string; now: number; expiresAt: number | null },
    { value: string }
  >(
    `INSERT INTO secrets (kind, key, value, expires_at) VALUES (@kind, @key, '1', @expiresAt)
     ON CONFLICT (kind, key) DO UPDATE SET
       value = CASE WHEN ${live} THEN CAST(CAST(value AS INTEGER) + 1 AS TEXT) ELSE '1' END,
       expires_at = CASE WHEN ${live} THEN expires_at ELSE excluded.expires_at END
     RETURNING value`,
  );
  // Kept while live; an absent or expired one is replaced by the new value.
  const claimRow = db.prepare<
    { kind: string; key: string; value: string; now: number; expiresAt: number | null },
    { value: string }
  >(
    `INSERT INTO secrets (kind, key, value, expires_at) VALUES (@kind, @key, @value, @expiresAt)
     ON CONFLICT (kind, key) DO UPDATE SET
       value = CASE WHEN ${live} THEN value ELSE excluded.value END,
       expires_at = CASE WHEN ${live} THEN expires_at ELSE excluded.expires_at END
     RETURNING value`,
  );
  const purge = db.prepare<{ now: number }>('DELETE FROM secrets WHERE expires_at <= @now');

  let lastPurge = Number.NEGATIVE_INFINITY;
  /** Opportunistic: keeps the file from growing with dead tokens without a timer to stop. */
  const purgeExpired = (now: number) => {
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    purge.run({ now });
  };

  const parse = <T>(row: { value: string } | undefined): T | null =>
    row === undefined ? null : (JSON.parse(row.value) as T);

  return {
    async put(kind, key, value, options = {}) {
      assertKind(kind);
      const now = clock.now().getTime();
      purgeExpired(now);
      upsert.run({ kind, key, value: toJson(value), expiresAt: options.expiresAt?.getTime() ?? null });
    },

    async get<T>(kind: string, key: string) {
      assertKind(kind);
      return parse<T>(select.get({ kind, key, now: clock.now().getTime() }));
    },

    async take<T>(kind: string, key: string) {
      assertKind(kind);
      return parse<T>(takeRow.get({ kind, key, now: clock.now().getTime() }));
    },

    async delete(kind, key) {
      assertKind(kind);
      remove.run({ kind, key });
    },

    async increment(kind, key, options = {}) {
      assertKind(kind);
      const now = clock.now().getTime();
      purgeExpired(now);
      const row = bump.get({ kind, key, now, expiresAt: options.expiresAt?.getTime() ?? null });
      return Number(row?.value);
    },

    async claim<T>(kind: string, key: string, value: T, options: { expiresAt?: Date } = {}) {
      assertKind(kind);
      const now = clock.now().getTime();
      purgeExpired(now);
      const row = claimRow.get({
        kind,
        key,
        value: toJson(value),
        now,
        expiresAt: options.expiresAt?.getTime() ?? null,
      });
      return parse<T>(row) as T;
    },

    async close() {
      if (db.open) db.close();
    },
  };
}
