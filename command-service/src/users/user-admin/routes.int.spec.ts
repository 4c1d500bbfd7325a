import { actions } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';

/** seeds 001 §7 "(area user) changeStatus": where a client written against the seeds sends it. */
const SEEDS_PATH = '/api/user/changeStatus';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const eventsOf = async (userId: string) =>
  (await service.service.streams.store.readStream(userStream(userId))).map((e) => e.type);

describe("an admin's changeStatus at the seeds' user-area path", () => {
  it('is the staff action itself, an alias of /api/admin/user/changeStatus', () => {
    expect(actions.changeUserStatus.aliases).toContain(SEEDS_PATH);
  });

  it("deactivates another user's account (their session ends), then reactivates it, naming the admin", async () => {
    const ada = await service.signUp('ada@status.example', ['admin']);
    const bob = await service.signUp('bob@status.example');
    const off = await service.post(SEEDS_PATH, { id: bob.id, status: 'deactivate' }, { token: ada.token });
    expect(off.status).toBe(200);
    expect((await service.post(actions.validateUser.path, {}, { token: bob.token })).status).toBe(403);
    // A deactivated account signs in as a wrong password would (no account state told).
    const refused = await service.post(actions.login.path, { email: bob.email, password: bob.password });
    expect(refused.status).toBe(400);

    const on = await service.post(SEEDS_PATH, { id: bob.id, status: 'active' }, { token: ada.token });
    expect(on.status).toBe(200);
    const back = await service.post(actions.login.path, { email: bob.email, password: bob.password });
    expect(back.status).toBe(200);
    const changes = (await service.service.streams.store.readStream(userStream(bob.id))).filter(
      (e) => e.type === 'UserStatusChanged',
    );
    expect(changes.map((e) => [e.data, e.metadata.actor])).toEqual([
      [{ status: 'deactivate' }, { kind: 'admin', id: ada.id }],
      [{ status: 'active' }, { kind: 'admin', id: ada.id }],
    ]);
  });

  it('refuses a staff member changing their own status (OWN_ACCOUNT), writing nothing', async () => {
    const cy = await service.signUp('cy@status.example', ['admin']);
    const before = await eventsOf(cy.id);
    const own = await service.post(SEEDS_PATH, { id: cy.id, status: 'deactivate' }, { token: cy.token });
    expect([own.status, own.body.data.code]).toEqual([403, 'OWN_ACCOUNT']);
    expect(await eventsOf(cy.id)).toEqual(before);
    expect((await service.post(actions.validateUser.path, {}, { token: cy.token })).status).toBe(200);
  });

  it('refuses anyone but an admin before the body is read, and a status it does not know', async () => {
    const dee = await service.signUp('dee@status.example');
    const eve = await service.signUp('eve@status.example', ['finance']);
    const fay = await service.signUp('fay@status.example', ['admin']);
    const before = await eventsOf(dee.id);
    const visitor = await service.post(SEEDS_PATH, { id: dee.id, status: 'deactivate' });
    expect([visitor.status, visitor.body.data.code]).toEqual([403, 'SESSION_INVALID']);
    const buyer = await service.post(SEEDS_PATH, { id: eve.id, status: 'deactivate' }, { token: dee.token });
    expect(buyer.status).toBe(403);
    const finance = await service.post(
      SEEDS_PATH,
      { id: dee.id, status: 'deactivate' },
      { token: eve.token },
    );
    expect(finance.status).toBe(403);
    const unknown = await service.post(SEEDS_PATH, { id: dee.id, status: 'suspended' }, { token: fay.token });
    expect([unknown.status, unknown.body.data.code]).toEqual([400, 'VALIDATION']);
    expect(unknown.body.data.responseData.field).toBe('status');
    expect(await eventsOf(dee.id)).toEqual(before);
  });
});
