import { randomUUID } from 'node:crypto';
import type { OutboxMessage } from '@wine/contracts';
import Database from 'better-sqlite3';
import { type Clock, systemClock } from '../clock.ts';
import { privateSqliteFile } from '../data-dir.ts';
import type { Mailer, MailMessage } from './port.ts';

export interface OutboxMailerOptions {
  /** Stamps sentAt; tests pass a manual clock. */
  clock?: Clock;
  /** Also hands each message here once kept (the embedded default prints it to its console). */
  echo?: (message: MailMessage) => void;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS messages (
    seq          INTEGER PRIMARY KEY AUTOINCREMENT,
    id           TEXT    NOT NULL UNIQUE,
    to_address   TEXT    NOT NULL,
    to_lower     TEXT    NOT NULL,
    subject      TEXT    NOT NULL,
    text         TEXT    NOT NULL,
    sent_at      TEXT    NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS messages_to ON messages (to_lower, seq);
`;
/** Files sent with a message, as JSON (an outbox made before attachments gets the column at open). */
const ATTACHMENTS_COLUMN = "ALTER TABLE messages ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]'";
/** A message's header fields, as JSON (an outbox made before them gets the column at open). */
const HEADERS_COLUMN = "ALTER TABLE messages ADD COLUMN headers TEXT NOT NULL DEFAULT '{}'";

interface Row {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  sent_at: string;
  attachments: string;
  headers: string;
}

const DEFAULT_LIMIT = 50;

/**
 * The embedded mailer: nothing is sent, every message is kept in a SQLite file (WAL) so a developer
 * can read the codes and links the product mailed, and they survive a restart. Newest first is the
 * order of sending (the rowid), not of sentAt, so a clock moved back cannot reorder the outbox.
 */
export function openOutboxMailer(file: string, options: OutboxMailerOptions = {}): Mailer {
  // 0600 before SQLite opens it (its -wal and -shm take its mode): DATA_DIR is the server's alone.
  privateSqliteFile(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(messages)').all();
  if (!columns.some((c) => c.name === 'attachments')) db.exec(ATTACHMENTS_COLUMN);
  if (!columns.some((c) => c.name === 'headers')) db.exec(HEADERS_COLUMN);

  const clock = options.clock ?? systemClock;
  const insert = db.prepare<[string, string, string, string, string, string, string, string]>(
    'INSERT INTO messages (id, to_address, to_lower, subject, text, sent_at, attachments, headers) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const newest = db.prepare<[number], Row>('SELECT * FROM messages ORDER BY seq DESC LIMIT ?');
  const newestTo = db.prepare<[string, number], Row>(
    'SELECT * FROM messages WHERE to_lower = ? ORDER BY seq DESC LIMIT ?',
  );

  // Lower-cased in JS, not with SQLite's NOCASE, which folds ASCII letters only.
  const normalise = (address: string) => address.trim().toLowerCase();
  const toMessage = (row: Row): OutboxMessage => {
    const files = (JSON.parse(row.attachments) as { filename: string }[]).map((a) => a.filename);
    const headers = JSON.parse(row.headers) as Record<string, string>;
    return {
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      text: row.text,
      sentAt: row.sent_at,
      ...(files.length > 0 && { attachments: files }),
      ...(Object.keys(headers).length > 0 && { headers }),
    };
  };

  return {
    async send({ to, subject, text, attachments = [], headers = {} }) {
      // The attachments' names and sizes only: their bytes (an enquiry's photos) are never kept here.
      const files = JSON.stringify(
        attachments.map(({ filename, contentType, content, encoding }) => ({
          filename,
          contentType,
          bytes: encoding === 'base64' ? Buffer.byteLength(content, 'base64') : Buffer.byteLength(content),
        })),
      );
      insert.run(
        randomUUID(),
        to,
        normalise(to),
        subject,
        text,
        clock.now().toISOString(),
        files,
        JSON.stringify(headers),
      );
      options.echo?.({ to, subject, text });
    },

    async outbox({ to, limit = DEFAULT_LIMIT } = {}) {
      const max = Math.max(0, Math.floor(limit));
      const rows = to === undefined ? newest.all(max) : newestTo.all(normalise(to), max);
      return rows.map(toMessage);
    },

    async close() {
      if (db.open) db.close();
    },
  };
}
