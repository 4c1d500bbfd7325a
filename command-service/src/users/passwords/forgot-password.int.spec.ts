import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createHttpApp,
  createLogger,
  type HttpApp,
  type Mailer,
  type MailMessage,
  marketUpcaster,
  openSqliteEventStore,
  openSqliteSecretStore,
  systemClock,
} from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandService } from '../../index.ts';

/**
 * A mail server that takes its time, as a real one does: its delay must not show in the answer to
 * forgotPassword, or the answer's timing would tell an address with an account from one without.
 */
const MAIL_DELAY_MS = 400;
const dir = mkdtempSync(join(tmpdir(), 'forgot-password-'));
const sent: MailMessage[] = [];
let delivered: (() => void) | null = null;
const slowMailer: Mailer = {
  async send(message) {
    await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS));
    sent.push(message);
    delivered?.();
  },
  async close() {},
};

let app: HttpApp;
const store = openSqliteEventStore(join(dir, 'events.sqlite'), { upcast: marketUpcaster });
const secrets = openSqliteSecretStore(join(dir, 'secrets.sqlite'));

beforeAll(async () => {
  app = createHttpApp(createLogger('silent'));
  await commandService(app, {
    store,
    clock: systemClock,
    secrets,
    mailer: slowMailer,
    sessionSecret: 'a-session-secret-of-at-least-32-characters',
    publicUrl: () => 'http://localhost',
    logger: createLogger('silent'),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await secrets.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, payload });

async function timed(email: string) {
  const started = performance.now();
  const answer = await post('/api/user/forgotPassword', { email });
  return { ms: performance.now() - started, status: answer.statusCode, body: answer.json() };
}

describe('forgot-password with a slow mail server', () => {
  it('answers an address with an account as fast as one without, and the mail still goes out', async () => {
    const email = 'dave@example.com';
    const password = 'cellar-door-1982';
    const register = await post('/api/user/register', {
      first_name: 'Dave',
      last_name: 'Known',
      email,
      password,
      confirm_password: password,
      terms: true,
    });
    expect(register.statusCode).toBe(200);
    const reset = new Promise<void>((resolve) => {
      delivered = () => {
        if (sent.some((m) => m.subject === 'Reset your password')) resolve();
      };
    });
    const known = await timed(email);
    const unknown = await timed('nobody@example.com');
    expect(known.body).toEqual(unknown.body);
    expect(known.status).toBe(unknown.status);
    // The answer does not wait for the mail server.
    expect(known.ms).toBeLessThan(MAIL_DELAY_MS / 2);
    await reset;
    expect(sent.find((m) => m.subject === 'Reset your password')?.to).toBe(email);
  });
});
