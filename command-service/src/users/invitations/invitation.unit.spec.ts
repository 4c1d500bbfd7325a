import type { InviteEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../../core/decider-spec.ts';
import { inviteDecider } from './invitation.ts';

const spec = deciderSpec(inviteDecider);
const invite = {
  type: 'Invite',
  firstName: 'Ada',
  lastName: 'Lovelace',
  expiresAt: '2026-12-07T12:00:00.000Z',
  addressHasAccount: false,
} as const;
const sent: InviteEvent = {
  type: 'InvitationSent',
  data: { firstName: 'Ada', lastName: 'Lovelace', expiresAt: '2026-12-07T12:00:00.000Z' },
};
const accepted: InviteEvent = { type: 'InvitationAccepted', data: { userId: 'u-1' } };

describe('invitation decider', () => {
  it('sends an invitation, and sends it again while nobody accepted it', () => {
    spec([]).when(invite).then([sent]);
    spec([sent]).when(invite).then([sent]);
  });

  it('refuses to invite an address whose invitation was accepted', () => {
    spec([sent, accepted]).when(invite).thenThrows({ code: 'USER_EXISTS' });
  });

  it('refuses to invite an address that already has an account', () => {
    spec([])
      .when({ ...invite, addressHasAccount: true })
      .thenThrows({ code: 'USER_EXISTS' });
  });

  it('is accepted once: a second acceptance changes nothing', () => {
    spec([sent]).when({ type: 'Accept', userId: 'u-1' }).then([accepted]);
    spec([sent, accepted]).when({ type: 'Accept', userId: 'u-2' }).then([]);
  });
});
