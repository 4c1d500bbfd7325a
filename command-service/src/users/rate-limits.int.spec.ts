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
