import type { EmailClaimEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../../core/decider.ts';

/** `ownerVerified`: the address's owner registered and proved the address (an unproven claim can be taken over). */
export type ClaimCommand = { type: 'Claim'; userId: string; ownerVerified: boolean };
/** One e-mail, one account: the last claim of `email-<sha256>` names its owner. */
export const emailClaimDecider: Decider<ClaimCommand, EmailClaimEvent, { owner: string | null }> = {
  decide(command, state) {
    if (state.owner === command.userId) return [];
    if (state.owner && command.ownerVerified) throw new AppError('USER_EXISTS');
    return [{ type: 'EmailClaimed', data: { userId: command.userId } }];
  },
  evolve: (_state, event) => ({ owner: event.data.userId }),
  initialState: () => ({ owner: null }),
};
