import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actions } from '@wine/contracts';
import {
  createHttpApp,
  createLogger,
  type EventStore,
  type HttpApp,
  marketUpcaster,
  openOutboxMailer,
  openSqliteEventStore,
  openSqliteSecretStore,
  type SecretStore,
  systemClock,
} from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandService } from '../../index.ts';

/** Every call made on the event store and the secret store, by name, while `calls` is listening. */
let calls: string[] = [];
function recorded<T extends object>(target: T, name: string): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(`${name}.${String(property)}`);
        return value.apply(object, args);
      };
    },
  });
}

const dir = mkdtempSync(join(tmpdir(), 'forgot-password-work-'));
const store = openSqliteEventStore(join(dir, 'events.sqlite'), { upcast: marketUpcaster });
const secrets = openSqliteSecretStore(join(dir, 'secrets.sqlite'));
const mailer = openOutboxMailer(':memory:');
let app: HttpApp;
/** The calls made up to the moment the answer was sent. */
let beforeAnswer: string[] = [];

beforeAll(async () => {
  app = createHttpApp(createLogger('silent'));
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.url === actions.forgotPassword.path) beforeAnswer = [...calls];
    return payload;
  });
  await commandService(app, {
    store: recorded<EventStore>(store, 'store'),
    clock: systemClock,
    secrets: recorded<SecretStore>(secrets, 'secrets'),
    mailer,
    sessionSecret: 'a-session-secret-of-at-least-32-characters',
    publicUrl: () => 'http://localhost',
    logger: createLogger('silent'),
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await mailer.close();
  await secrets.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function forgot(email: string) {
  calls = [];
  const answer = await app.inject({ method: 'POST', url: actions.forgotPassword.path, payload: { email } });
  return { body: answer.json(), work: beforeAnswer };
}

describe('forgot-password', () => {
  it('does the same work before answering for an address with an account and one without', async () => {
    const email = 'erin@example.com';
    const password = 'cellar-door-1982';
    const registered = await app.inject({
      method: 'POST',
      url: actions.register.path,
      payload: {
        first_name: 'Erin',
        last_name: 'Known',
        email,
        password,
        confirm_password: password,
        terms: true,
      },
    });
    expect(registered.statusCode).toBe(200);
    const known = await forgot(email);
    // The log records the request after the answer (waited for here, so the next request's calls are its own).
    const registeredAs = (await store.readAll({ maxCount: 100 })).find((e) => e.type === 'UserRegistered');
    const stream = registeredAs?.streamName as string;
    await expect
      .poll(async () => (await store.readStream(stream)).map((e) => e.type))
      .toContain('PasswordResetRequested');
    const unknown = await forgot('nobody-at-all@example.com');
    expect(known.body).toEqual(unknown.body);
    expect(known.work).toEqual(unknown.work);
    expect(known.work.filter((c) => c === 'secrets.put')).toHaveLength(2);
    expect(known.work).not.toContain('store.append');
    // The link goes out to the account's owner only.
    const mails = (await mailer.outbox?.({ limit: 10 })) ?? [];
    expect(mails.filter((m) => m.subject === 'Reset your password').map((m) => m.to)).toEqual([email]);
  });
});
