import { actions, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { eventIdFor } from '../../core/command-handler.ts';
import type { SessionAuth } from '../session/session-auth.ts';
import type { IdentityService } from './identity-service.ts';

export interface IdentityRouteDeps {
  identity: IdentityService;
  auth: SessionAuth;
}

type OwnerInput = { name: string; title: string; email: string; ownership_percent: number };

const owner = (input: OwnerInput, ownerId: string) => ({
  ownerId,
  name: input.name,
  title: input.title,
  email: input.email,
  ownershipPercent: input.ownership_percent,
});

/** seeds 001 §7: runKycCheck, the bid limit (request, an admin's approval) and the company's owners. */
export const identityRoutes: FastifyPluginAsync<IdentityRouteDeps> = async (app, { identity, auth }) => {
  const { sessionOf } = auth;
  registerAction(app, actions.runKycCheck, auth, async (input, ctx) =>
    identity.runKycCheck(sessionOf(ctx.request), input, ctx),
  );
  registerAction(app, actions.requestBidLimit, auth, async (input, ctx) => {
    const user = await identity.requestBidLimit(sessionOf(ctx.request), input.amount, ctx);
    ctx.setMessage(t('account.bidLimitRequested'));
    return user;
  });
  registerAction(app, actions.approveBidLimitRequest, auth, async (input, ctx) => {
    await identity.approveBidLimit(input.id, input.amount, ctx, auth.adminOf(ctx.request));
    return null;
  });
  registerAction(app, actions.updateUserAccountVerified, auth, async (input, ctx) => {
    const { id, ...change } = input;
    await identity.setIdentityVerified(id, change, ctx, auth.adminOf(ctx.request));
    ctx.setMessage(t(input.verified ? 'account.identityVerified' : 'account.identityNotVerified'));
    return null;
  });
  registerAction(app, actions.refuseBidLimitRequest, auth, async (input, ctx) => {
    await identity.refuseBidLimit(input.id, input.reason, ctx, auth.adminOf(ctx.request));
    return null;
  });
  registerAction(app, actions.getCompanyOwners, auth, async (_input, ctx) =>
    identity.owners(sessionOf(ctx.request)),
  );
  registerAction(app, actions.addCompanyOwner, auth, (input, ctx) =>
    identity.changeOwners(
      sessionOf(ctx.request),
      { type: 'AddCompanyOwner', owner: owner(input, eventIdFor(ctx.commandId, 'owner', 0)) },
      ctx,
    ),
  );
  registerAction(app, actions.updateCompanyOwner, auth, (input, ctx) =>
    identity.changeOwners(
      sessionOf(ctx.request),
      { type: 'UpdateCompanyOwner', owner: owner(input, input.id) },
      ctx,
    ),
  );
  registerAction(app, actions.removeCompanyOwner, auth, (input, ctx) =>
    identity.changeOwners(sessionOf(ctx.request), { type: 'RemoveCompanyOwner', ownerId: input.id }, ctx),
  );
};
