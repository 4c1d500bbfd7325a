import { randomUUID } from 'node:crypto';
import type { LoginResult, OutboxMessage, RegisterResult, UserRecord } from '@wine/contracts';
import { afterAll, beforeAll } from 'vitest';
import { startMarketplace, type TestMarketplace } from './marketplace.ts';

/** The account specs' shared marketplace (one per spec file) and their helpers. */
export function accountsMarketplace() {
  let market: TestMarketplace | undefined;
  beforeAll(async () => {
    market = await startMarketplace({ seed: false, rateLimit: 10 });
  });
  afterAll(async () => {
    await market?.stop();
  });
  const live = (): TestMarketplace => {
    if (!market) throw new Error('the marketplace is not started');
    return market;
  };

  /** Registers and finishes with the mailed code, as the person would: the new user's session. */
  async function register(email = newEmail(), overrides: Record<string, unknown> = {}) {
    const { http, body } = await live().post<RegisterResult>(
      '/api/user/register',
      registration(email, overrides),
    );
    if (body.status !== 'success') throw new Error(`register ${http}: ${body.data.message}`);
    const session = await live().ok<LoginResult>('/api/user/verifyEmailVerifyCode', {
      email,
      code: await live().mailedCode(email),
    });
    return { email, ...session };
  }

  async function outbox(to: string): Promise<OutboxMessage[]> {
    const { body } = await live().post<{ records: OutboxMessage[] }>('/api/dev/outbox', {}, live().admin);
    if (body.status !== 'success') throw new Error(body.data.message);
    return body.data.responseData.records.filter((m) => m.to === to);
  }

  async function validate(token: string) {
    return live().post<UserRecord>('/api/user/validateUser', {}, bearer(token));
  }

  return { market: live, register, outbox, validate };
}

export const PASSWORD = 'cellar-door-1982';
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const newEmail = () => `taster-${randomUUID().slice(0, 8)}@example.com`;

export const registration = (email: string, overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  password: PASSWORD,
  confirm_password: PASSWORD,
  terms: true,
  ...overrides,
});

export const codeIn = (m: OutboxMessage) => m.text.match(/code is (\d{6})/)?.[1] as string;
export const linkTokenIn = (m: OutboxMessage, path: string) =>
  m.text.match(new RegExp(`/${path}/([\\w-]+)`))?.[1] as string;
