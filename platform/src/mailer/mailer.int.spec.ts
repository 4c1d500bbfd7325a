import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { openMailer } from './index.ts';
import { openOutboxMailer } from './outbox.ts';
import type { Mailer } from './port.ts';

const dir = mkdtempSync(join(tmpdir(), 'mailer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const newFile = () => join(dir, `outbox-${++files}.sqlite`);

/** The kept messages; fails the test when the mailer has no outbox. */
function outboxOf(mailer: Mailer): NonNullable<Mailer['outbox']> {
  if (!mailer.outbox) throw new Error('expected the embedded outbox');
  return mailer.outbox;
}

describe('outbox mailer', () => {
  it('keeps each message with an id and the sending time from the clock', async () => {
    const clock = manualClock('2030-03-04T05:06:07.000Z');
    const mailer = openOutboxMailer(newFile(), { clock });
    await mailer.send({ to: 'ann@example.com', subject: 'Your code', text: 'Code: 123456' });
    clock.advance(1000);
    await mailer.send({ to: 'ann@example.com', subject: 'Again', text: 'Code: 654321' });
    const kept = await outboxOf(mailer)();
    expect(kept.map(({ id: _, ...rest }) => rest)).toEqual([
      { to: 'ann@example.com', subject: 'Again', text: 'Code: 654321', sentAt: '2030-03-04T05:06:08.000Z' },
      {
        to: 'ann@example.com',
        subject: 'Your code',
        text: 'Code: 123456',
        sentAt: '2030-03-04T05:06:07.000Z',
      },
    ]);
    expect(kept.every((m) => /^[0-9a-f-]{36}$/.test(m.id))).toBe(true);
    expect(kept[0]?.id).not.toBe(kept[1]?.id);
    await mailer.close();
  });

  it('lists newest first in sending order, even when the clock goes back', async () => {
    const clock = manualClock('2030-01-01T12:00:00Z');
    const mailer = openOutboxMailer(newFile(), { clock });
    await mailer.send({ to: 'a@example.com', subject: 'first', text: '1' });
    clock.set('2030-01-01T11:00:00Z');
    await mailer.send({ to: 'b@example.com', subject: 'second', text: '2' });
    await mailer.send({ to: 'c@example.com', subject: 'third', text: '3' });
    expect((await outboxOf(mailer)()).map((m) => m.subject)).toEqual(['third', 'second', 'first']);
    await mailer.close();
  });

  it('filters by recipient, ignoring case, and keeps the address as it was sent', async () => {
    const mailer = openOutboxMailer(newFile());
    await mailer.send({ to: 'Ann.Smith@Example.com', subject: 'to ann', text: '1' });
    await mailer.send({ to: 'bob@example.com', subject: 'to bob', text: '2' });
    await mailer.send({ to: 'ann.smith@example.com', subject: 'to ann again', text: '3' });
    const forAnn = await outboxOf(mailer)({ to: 'ANN.SMITH@example.COM' });
    expect(forAnn.map((m) => [m.subject, m.to])).toEqual([
      ['to ann again', 'ann.smith@example.com'],
      ['to ann', 'Ann.Smith@Example.com'],
    ]);
    expect(await outboxOf(mailer)({ to: 'nobody@example.com' })).toEqual([]);
    await mailer.close();
  });

  it('gives at most limit messages, 50 by default', async () => {
    const mailer = openOutboxMailer(newFile());
    for (let i = 1; i <= 55; i++) await mailer.send({ to: 'x@example.com', subject: `#${i}`, text: '' });
    const all = await outboxOf(mailer)();
    expect(all).toHaveLength(50);
    expect(all[0]?.subject).toBe('#55');
    expect(all[49]?.subject).toBe('#6');
    expect((await outboxOf(mailer)({ limit: 2 })).map((m) => m.subject)).toEqual(['#55', '#54']);
    expect(await outboxOf(mailer)({ to: 'x@example.com', limit: 60 })).toHaveLength(55);
    expect(await outboxOf(mailer)({ limit: 0 })).toEqual([]);
    await mailer.close();
  });

  it('keeps the outbox in the file (WAL) across a reopen', async () => {
    const file = newFile();
    const first = openOutboxMailer(file);
    await first.send({ to: 'ann@example.com', subject: 'kept', text: 'still here' });
    await first.close();
    const again = openOutboxMailer(file);
    await again.send({ to: 'ann@example.com', subject: 'after reopen', text: '' });
    expect((await outboxOf(again)()).map((m) => m.subject)).toEqual(['after reopen', 'kept']);
    await again.close();
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('keeps the names and sizes of the files sent with a message, never their bytes (issue 30)', async () => {
    const file = newFile();
    const mailer = openOutboxMailer(file);
    const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
    await mailer.send({
      to: 'ann@example.com',
      subject: 'Your pickup',
      text: 'See you',
      attachments: [
        { filename: 'pickup-A-1.ics', contentType: 'text/calendar; charset=utf-8', content: ics },
      ],
    });
    await mailer.send({ to: 'ann@example.com', subject: 'Plain', text: '' });
    const [plain, withFile] = await outboxOf(mailer)();
    expect(withFile?.attachments).toEqual(['pickup-A-1.ics']);
    expect(plain).not.toHaveProperty('attachments');
    const photo = Buffer.from('a photo an enquiry sent, kept nowhere but in the mail').toString('base64');
    await mailer.send({
      to: 'selling@example.com',
      subject: 'Enquiry',
      text: '',
      attachments: [
        { filename: 'photo-1.jpg', contentType: 'image/jpeg', content: photo, encoding: 'base64' },
      ],
    });
    await mailer.close();
    const raw = new Database(file, { readonly: true });
    const rows = raw.prepare<[], { attachments: string }>('SELECT attachments FROM messages').all();
    raw.close();
    const kept = rows.map((row) => row.attachments).join('\n');
    expect(kept).not.toContain(photo);
    expect(kept).not.toContain('BEGIN:VCALENDAR');
    expect(JSON.parse(rows[2]?.attachments ?? '[]')).toEqual([
      { filename: 'photo-1.jpg', contentType: 'image/jpeg', bytes: 53 },
    ]);
  });

  it('opens an outbox made before attachments were kept, adding their column', async () => {
    const file = newFile();
    const old = new Database(file);
    old.exec(`CREATE TABLE messages (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE,
      to_address TEXT NOT NULL, to_lower TEXT NOT NULL, subject TEXT NOT NULL, text TEXT NOT NULL,
      sent_at TEXT NOT NULL) STRICT`);
    old
      .prepare('INSERT INTO messages VALUES (1, ?, ?, ?, ?, ?, ?)')
      .run('m-1', 'a@x.org', 'a@x.org', 'old', '', 'T');
    old.close();
    const mailer = openOutboxMailer(file);
    await mailer.send({
      to: 'a@x.org',
      subject: 'new',
      text: '',
      attachments: [{ filename: 'a.ics', contentType: 'text/calendar', content: 'x' }],
    });
    expect((await outboxOf(mailer)()).map((m) => [m.subject, m.attachments])).toEqual([
      ['new', ['a.ics']],
      ['old', undefined],
    ]);
    await mailer.close();
  });

  it('keeps the header fields a message was sent with (a List-Unsubscribe), and none for the others', async () => {
    const mailer = openOutboxMailer(newFile());
    const unsubscribe = '<https://wine.example/newsletter/unsubscribe?c=1&t=2>';
    await mailer.send({ to: 'a@x.org', subject: 'plain', text: '' });
    await mailer.send({
      to: 'a@x.org',
      subject: 'news',
      text: '',
      headers: { 'List-Unsubscribe': unsubscribe },
    });
    expect((await outboxOf(mailer)()).map((m) => [m.subject, m.headers])).toEqual([
      ['news', { 'List-Unsubscribe': unsubscribe }],
      ['plain', undefined],
    ]);
    await mailer.close();
  });
});

describe('openMailer', () => {
  it('opens the outbox at DATA_DIR/outbox.sqlite without SMTP_URL', async () => {
    const dataDir = join(dir, 'data');
    const mailer = openMailer({ MAIL_FROM: 'shop@example.com', dataDir });
    await mailer.send({ to: 'ann@example.com', subject: 'hello', text: '' });
    await mailer.close();
    const reopened = openOutboxMailer(join(dataDir, 'outbox.sqlite'));
    expect((await outboxOf(reopened)()).map((m) => m.subject)).toEqual(['hello']);
    await reopened.close();
  });

  // Sending over SMTP is not tested here: this machine has no SMTP server, and a fake one would only
  // test our fake. nodemailer connects on the first send, so opening it needs no server.
  it('opens the SMTP mailer, which keeps no outbox, for an smtp:// URL', async () => {
    const mailer = openMailer({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'shop@example.com',
      dataDir: join(dir, 'unused'),
    });
    expect(mailer.outbox).toBeUndefined();
    expect(existsSync(join(dir, 'unused'))).toBe(false);
    await mailer.close();
  });
});
