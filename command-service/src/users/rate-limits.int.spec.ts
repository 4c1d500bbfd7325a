import { actions } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

/**
 * @fastify/rate-limit is registered on the parent app and the areas' routes live in their own plugins:
 * the limits set on those routes, and the staff's shared limiter, must still count there.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService({ rateLimit: 2, staffRateLimit: 3 });
});
afterAll(() => service.close());

const statuses = async (count: number, send: () => Promise<{ status: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send()).status);
  return out;
};

describe('rate limits inside the areas’ plugins', () => {
  it('limits registrations per client and address', async () => {
    const body = { first_name: 'Ann', last_name: 'Spec', email: 'ann@limits.example', terms: true };
    const password = { password: 'cellar-door-1982', confirm_password: 'cellar-door-1982' };
    expect(await statuses(3, () => service.post(actions.register.path, { ...body, ...password }))).toEqual([
      200, 200, 429,
    ]);
  });

  it('limits sign-in per client, whatever the address', async () => {
    const tries = await statuses(7, () =>
      service.post(actions.login.path, {
        email: `x${Math.random()}@limits.example`,
        password: 'wrong-one-1',
      }),
    );
    expect(tries).toEqual([400, 400, 400, 400, 400, 400, 429]);
  });

  it('counts every staff action of a client against one budget, guessed tokens included', async () => {
    const guess = () =>
      service.post(actions.createLot.path, {}, { headers: { authorization: 'Bearer not-a-token' } });
    const refused = await service.post(actions.withdrawLot.path, {});
    expect(refused.status).toBe(403);
    expect(await statuses(3, guess)).toEqual([403, 403, 429]);
  });
});

describe('registration mail to other people’s addresses', () => {
  it('mails at most 5 × the limit distinct addresses an hour from one client, however slowly it asks', async () => {
    const shop = await openTestCommandService({ rateLimit: 2 });
    try {
      const password = { password: 'cellar-door-1982', confirm_password: 'cellar-door-1982' };
      const register = (n: number, client: string) =>
        shop.app.inject({
          method: 'POST',
          url: actions.register.path,
          remoteAddress: client,
          payload: {
            first_name: 'Vic',
            last_name: 'Tim',
            email: `victim-${n}@third.example`,
            terms: true,
            ...password,
          },
        });
      const answers: number[] = [];
      for (let n = 0; n < 12; n++) {
        answers.push((await register(n, '203.0.113.5')).statusCode);
        // Slower than the per-minute limit: only the distinct addresses count.
        shop.clock.advance(61_000);
      }
      expect(answers).toEqual([...Array(10).fill(200), 429, 429]);
      const mailed = (await shop.mailer.outbox?.({ limit: 100 })) ?? [];
      expect(new Set(mailed.map((m) => m.to)).size).toBe(10);
      // An address named already is not a new one; an anonymous code request for a new one is.
      expect((await register(3, '203.0.113.5')).statusCode).toBe(200);
      const code = await shop.app.inject({
        method: 'POST',
        url: actions.sendEmailVerifyCode.path,
        remoteAddress: '203.0.113.5',
        payload: { email: 'victim-99@third.example' },
      });
      expect(code.json().data.code).toBe('RATE_LIMITED');
      // Another client, and the same one an hour later, may register.
      expect((await register(50, '203.0.113.6')).statusCode).toBe(200);
      shop.clock.advance(3_600_000);
      expect((await register(51, '203.0.113.5')).statusCode).toBe(200);
    } finally {
      await shop.close();
    }
  });
});
