import { actions } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';

/** Every password check that reaches the slow hash, counted (the real check runs). */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../passwords/passwords.ts', async (original) => {
  const real = await original<typeof import('../passwords/passwords.ts')>();
  return {
    ...real,
    verifyPassword: async (password: string, stored: string) => {
      checks.count += 1;
      return real.verifyPassword(password, stored);
    },
  };
});

let service: TestCommandService;
beforeAll(async () => {
  // The per-client request limit high enough that only the per-address count is what stops the guesses.
  service = await openTestCommandService({ rateLimit: 100 });
});
afterAll(() => service.close());

const login = (email: string, password: string, client: string) =>
  service.app.inject({
    method: 'POST',
    url: actions.login.path,
    payload: { email, password },
    remoteAddress: client,
  });

describe('wrong passwords for one address', () => {
  it('lets at most 10 guesses reach the hash, however many are sent at once from however many clients', async () => {
    const ann = await service.signUp('ann@attempts.example');
    checks.count = 0;
    // 59 wrong passwords at once, 10 per client address, then the real one.
    const guesses = Array.from({ length: 59 }, (_, i) =>
      login(ann.email, `wrong-guess-${i}`, `203.0.113.${Math.floor(i / 10) + 1}`),
    );
    const answers = await Promise.all(guesses);
    const codes = answers.map((a) => a.json().data.code as string);
    expect(codes.filter((c) => c === 'BAD_LOGIN')).toHaveLength(10);
    expect(codes.filter((c) => c === 'TOO_MANY_LOGINS')).toHaveLength(49);
    expect(checks.count).toBe(10);
    const real = await login(ann.email, ann.password, '203.0.113.60');
    expect([real.statusCode, real.json().data.code]).toEqual([429, 'TOO_MANY_LOGINS']);
    expect(checks.count).toBe(10);
  });

  it('does not lock the owner out of a client they signed in from when guesses elsewhere use up the count', async () => {
    const bob = await service.signUp('bob@attempts.example');
    const home = '198.51.100.7';
    expect((await login(bob.email, bob.password, home)).statusCode).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(bob.email, `wrong-guess-${i}`, '192.0.2.66')),
    );
    // The owner's own sign-in from a new client took one of the ten.
    expect(guesses.filter((a) => a.statusCode === 429)).toHaveLength(6);
    // A new client waits out the window; the owner's own client signs in.
    expect((await login(bob.email, bob.password, '192.0.2.67')).statusCode).toBe(429);
    expect((await login(bob.email, bob.password, home)).statusCode).toBe(200);
    // The owner's client counts its own wrong passwords: ten, then it waits too.
    const typos = await Promise.all(
      Array.from({ length: 11 }, (_, i) => login(bob.email, `typo-${i}`, home)),
    );
    expect(typos.map((a) => a.statusCode).sort()).toEqual([...Array(10).fill(400), 429]);
  });

  it('opens sign-in from a new client again once the window has passed', async () => {
    const cat = await service.signUp('cat@attempts.example');
    await Promise.all(Array.from({ length: 10 }, (_, i) => login(cat.email, `wrong-${i}`, '192.0.2.80')));
    expect((await login(cat.email, cat.password, '192.0.2.81')).statusCode).toBe(429);
    service.clock.advance(15 * 60_000 + 1);
    expect((await login(cat.email, cat.password, '192.0.2.81')).statusCode).toBe(200);
  });

  it('opens sign-in from a new client again when the owner resets the password with the mailed link', async () => {
    const dan = await service.signUp('dan@attempts.example');
    await Promise.all(Array.from({ length: 10 }, (_, i) => login(dan.email, `wrong-${i}`, '192.0.2.90')));
    expect((await login(dan.email, dan.password, '192.0.2.91')).statusCode).toBe(429);
    await service.post(actions.forgotPassword.path, { email: dan.email });
    const [mail] = (await service.mailer.outbox?.({ to: dan.email, limit: 1 })) ?? [];
    const token = mail?.text.match(/reset_password\/([\w-]+)/)?.[1] as string;
    const fresh = 'a-fresh-cellar-key-31';
    const reset = await service.post(actions.resetPassword.path, {
      token,
      password: fresh,
      confirm_password: fresh,
    });
    expect(reset.status).toBe(200);
    expect((await login(dan.email, fresh, '192.0.2.91')).statusCode).toBe(200);
  });
});
