import { actions, type LoginResult, type UserRecord } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

describe('session routes', () => {
  it('answers a wrong password and an unknown address alike: BAD_LOGIN', async () => {
    const ann = await service.signUp('ann@session.example');
    const wrong = await service.post(actions.login.path, { email: ann.email, password: 'not-the-password' });
    const unknown = await service.post(actions.login.path, {
      email: 'nobody@session.example',
      password: 'whatever-1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.code).toBe('BAD_LOGIN');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('signs in with the right password, and the session’s token opens validateUser', async () => {
    const bob = await service.signUp('bob@session.example');
    const login = await service.post<LoginResult>(actions.login.path, {
      email: bob.email,
      password: bob.password,
    });
    expect(login.status).toBe(200);
    const { token, id } = login.body.data.responseData;
    expect(id).toBe(bob.id);
    const validated = await service.post<UserRecord>(actions.validateUser.path, {}, { token });
    expect(validated.status).toBe(200);
    expect(validated.body.data.responseData).toMatchObject({
      id: bob.id,
      email: bob.email,
      email_verified: true,
    });
    const anonymous = await service.post(actions.validateUser.path, {});
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.data.code).toBe('SESSION_INVALID');
  });

  it('ends the session on logout: its token opens nothing any more', async () => {
    const cat = await service.signUp('cat@session.example');
    const out = await service.post(actions.logout.path, {}, { token: cat.token });
    expect(out.status).toBe(200);
    expect(out.body.data.message).toBe('Logged out successfully');
    const after = await service.post(actions.validateUser.path, {}, { token: cat.token });
    expect(after.body.data.code).toBe('SESSION_INVALID');
  });
});
