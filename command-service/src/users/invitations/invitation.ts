import type { InviteEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../../core/decider.ts';

/** `addressHasAccount`: someone registered the address already (its `email-<sha256>` stream). */
export type InviteCommand =
  | { type: 'Invite'; firstName: string; lastName: string; expiresAt: string; addressHasAccount: boolean }
  | { type: 'Accept'; userId: string };
/** Invitations to one address (`invite-<sha256>`): sent any number of times, accepted once. */
export const inviteDecider: Decider<InviteCommand, InviteEvent, { acceptedBy: string | null }> = {
  decide(command, state) {
    if (command.type === 'Invite') {
      // An address with an account (by this invitation or another way) needs no invitation.
      if (command.addressHasAccount || state.acceptedBy) throw new AppError('USER_EXISTS');
      return [
        {
          type: 'InvitationSent',
          data: { firstName: command.firstName, lastName: command.lastName, expiresAt: command.expiresAt },
        },
      ];
    }
    if (state.acceptedBy) return [];
    return [{ type: 'InvitationAccepted', data: { userId: command.userId } }];
  },
  evolve: (state, event) => (event.type === 'InvitationAccepted' ? { acceptedBy: event.data.userId } : state),
  initialState: () => ({ acceptedBy: null }),
};
