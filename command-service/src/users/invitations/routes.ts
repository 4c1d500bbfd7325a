import { actions, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { accountRateLimits } from '../rate-limits.ts';
import type { SessionAuth } from '../session/session-auth.ts';
import type { InvitationService } from './invitation-service.ts';

export interface InvitationRouteDeps {
  invitations: InvitationService;
  auth: SessionAuth;
  /** Invitation look-ups per minute per client (a token guessed is a token found). */
  rateLimit: number;
}

/** seeds 001 §7: an admin's inviteUser; the invited person's getInviteDetails. */
export const invitationRoutes: FastifyPluginAsync<InvitationRouteDeps> = async (
  app,
  { invitations, auth, rateLimit },
) => {
  registerAction(app, actions.inviteUser, auth, async (input, ctx) => {
    await invitations.invite(input, ctx, auth.adminOf(ctx.request));
    ctx.setMessage(t('account.invitationSent'));
    return null;
  });
  registerAction(
    app,
    actions.getInviteDetails,
    auth,
    (input) => invitations.details(input.token),
    accountRateLimits(rateLimit).byAddress,
  );
};
