import { actions, type InviteDetails } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

describe('the invited person’s getInviteDetails', () => {
  it('shows the invitation’s details to whoever holds its link, and nothing for another token', async () => {
    const admin = await service.signUp('admin@invite.example', ['admin']);
    const invite = { email: 'grace@invite.example', first_name: 'Grace', last_name: 'Hopper' };
    expect((await service.post(actions.inviteUser.path, invite, { token: admin.token })).status).toBe(200);
    const [mail] = (await service.mailer.outbox?.({ to: invite.email })) ?? [];
    const token = mail?.text.match(/\/invite\?token=([\w-]+)/)?.[1] as string;
    const details = await service.post<InviteDetails>(actions.getInviteDetails.path, { token });
    expect(details.status).toBe(200);
    expect(details.body.data.responseData).toEqual(invite);
    const guessed = await service.post(actions.getInviteDetails.path, { token: 'a'.repeat(43) });
    expect(guessed.status).toBe(400);
    expect(guessed.body.data).toMatchObject({ code: 'LINK_INVALID', responseData: { field: 'token' } });
    const malformed = await service.post(actions.getInviteDetails.path, { token: 'short' });
    expect(malformed.body.data.responseData).toMatchObject({ field: 'token' });
  });
});
