import { type Auth, action } from '@wine/contracts';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Caller, checkAudience } from './audience.ts';

const of = (auth: Auth) =>
  action({ path: '/api/test/x', side: 'query', auth, input: z.strictObject({}), output: z.null() });
const request = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;
const finance: Caller = { roles: ['finance'], switched: false };
const identify = (caller: Caller) => async (header: string | undefined) => {
  if (header !== 'Bearer good') throw new Error('SESSION_INVALID');
  return caller;
};

describe('checkAudience (one rule for every side)', () => {
  it('serves a public action and a visitor on a viewer action without asking who they are', async () => {
    const never = async (): Promise<Caller> => {
      throw new Error('identify called');
    };
    expect(await checkAudience(request('Bearer good'), of('public'), never)).toBeNull();
    expect(await checkAudience(request(), of('viewer'), never)).toBeNull();
  });

  it('refuses a bad token on a viewer action and a missing one on a user action', async () => {
    await expect(checkAudience(request('Bearer bad'), of('viewer'), identify(finance))).rejects.toThrow(
      'SESSION_INVALID',
    );
    await expect(checkAudience(request(), of('user'), identify(finance))).rejects.toThrow('SESSION_INVALID');
  });

  it('lets a role action through only for a caller who holds the role', async () => {
    expect(await checkAudience(request('Bearer good'), of('finance'), identify(finance))).toBe(finance);
    await expect(
      checkAudience(request('Bearer good'), of('finance'), identify({ roles: ['seller'], switched: false })),
    ).rejects.toMatchObject({ code: 'ROLE_REQUIRED', message: 'Only finance staff can do this' });
  });

  it('lets an action for several roles through for a caller holding any one of them', async () => {
    const either = of(['finance', 'admin']);
    const admin: Caller = { roles: ['admin'], switched: false };
    expect(await checkAudience(request('Bearer good'), either, identify(admin))).toBe(admin);
    expect(await checkAudience(request('Bearer good'), either, identify(finance))).toBe(finance);
    await expect(
      checkAudience(request('Bearer good'), either, identify({ roles: ['seller'], switched: false })),
    ).rejects.toMatchObject({ code: 'ROLE_REQUIRED', message: 'Only finance staff can do this' });
  });

  it("gives an admin acting as a user none of that user's roles", async () => {
    await expect(
      checkAudience(request('Bearer good'), of('finance'), identify({ roles: ['finance'], switched: true })),
    ).rejects.toMatchObject({ code: 'SWITCHED_SESSION' });
  });

  it('keeps a switched session read-only for money: an action marked `money` is refused to it alone', async () => {
    const pay = action({ ...of('user'), path: '/api/test/pay', side: 'command', money: true });
    const user: Caller = { roles: [], switched: false };
    const switched: Caller = { roles: [], switched: true };
    expect(await checkAudience(request('Bearer good'), pay, identify(user))).toBe(user);
    await expect(checkAudience(request('Bearer good'), pay, identify(switched))).rejects.toMatchObject({
      code: 'SWITCHED_SESSION_MONEY',
      status: 403,
    });
    // The rest of the account stays open to the admin helping the user.
    expect(await checkAudience(request('Bearer good'), of('user'), identify(switched))).toBe(switched);
  });
});
