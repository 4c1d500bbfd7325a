import { actions, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { accountRateLimits } from '../rate-limits.ts';
import type { SessionAuth } from '../session/session-auth.ts';
import type { ProtectedProfileService } from './protected-profile-service.ts';

export interface ProtectedProfileRouteDeps {
  protectedProfile: ProtectedProfileService;
  auth: SessionAuth;
  /** Requests per minute per client and session. */
  rateLimit: number;
}

/** seeds 001 §7: updateProfileKYC and decryptProfile (issue 38 §3). */
export const protectedProfileRoutes: FastifyPluginAsync<ProtectedProfileRouteDeps> = async (
  app,
  { protectedProfile, auth, rateLimit },
) => {
  const { bySession } = accountRateLimits(rateLimit);
  registerAction(app, actions.updateProfileKYC, auth, async (input, ctx) => {
    const user = await protectedProfile.saveKyc(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(t('account.kycProfileSaved'));
    return user;
  });
  registerAction(
    app,
    actions.decryptProfile,
    auth,
    async (_input, ctx) => protectedProfile.decrypt(auth.sessionOf(ctx.request)),
    bySession,
  );
};
