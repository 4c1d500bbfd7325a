import { actions, type CheckValidationResult } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const check = (input: object, token?: string) =>
  service.post<CheckValidationResult>(actions.checkValidation.path, input, token ? { token } : {});

describe('checkValidation', () => {
  it('answers a visitor the same for an address with an account and one without', async () => {
    await service.signUp('ann@check.example');
    const taken = await check({ email: ' Ann@Check.example ' });
    const free = await check({ email: 'nobody@check.example' });
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({
      message: 'This can be used',
      responseData: { field: 'email', value: 'ann@check.example', status: 'may_use', verified: false },
    });
    expect({ ...free.body.data.responseData, value: 'ann@check.example' }).toEqual(
      taken.body.data.responseData,
    );
    expect(free.body.data.message).toBe(taken.body.data.message);
  });

  it('tells the signed-in owner that the e-mail and the phone are theirs, and nobody else’s', async () => {
    const bob = await service.signUp('bob@check.example');
    await service.post(actions.updateProfile.path, { phone: '3125550150' }, { token: bob.token });
    const email = await check({ email: 'bob@check.example' }, bob.token);
    expect(email.body.data).toMatchObject({
      message: 'This is the one on your account',
      responseData: { status: 'yours', verified: true },
    });
    const phone = await check({ phone: '312-555-0150' }, bob.token);
    expect(phone.body.data.responseData).toEqual({
      field: 'phone',
      value: '3125550150',
      status: 'yours',
      verified: false,
    });
    const cy = await service.signUp('cy@check.example');
    expect((await check({ phone: '3125550150' }, cy.token)).body.data.responseData.status).toBe('may_use');
    expect((await check({ email: 'bob@check.example' }, cy.token)).body.data.responseData.status).toBe(
      'may_use',
    );
    expect((await check({ phone: '3125550150' })).body.data.responseData.status).toBe('may_use');
  });

  it('refuses a body with no field, both fields or a malformed one, naming the field', async () => {
    const none = await check({});
    expect(none.status).toBe(400);
    expect(none.body.data.responseData).toMatchObject({ field: 'email' });
    const both = await check({ email: 'di@check.example', phone: '3125550151' });
    expect(both.status).toBe(400);
    expect(both.body.data.responseData).toMatchObject({ field: 'phone' });
    const malformed = await check({ email: 'not-an-address' });
    expect(malformed.body.data.responseData).toMatchObject({ field: 'email' });
    expect((await check({ phone: '555' })).body.data.responseData).toMatchObject({ field: 'phone' });
  });

  it('refuses a token that is not a session rather than answering as a visitor', async () => {
    const answer = await check({ email: 'ed@check.example' }, 'not-a-token');
    expect(answer.status).toBe(403);
    expect(answer.body.data.code).toBe('SESSION_INVALID');
  });

  it('is rate-limited per client like the other sign-in and code requests', async () => {
    const limited = await openTestCommandService({ rateLimit: 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const answer = await limited.post(actions.checkValidation.path, { email: `f${i}@check.example` });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
