import { actions, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../session/session-auth.ts';
import type { RoleService } from './role-service.ts';

export interface RoleRouteDeps {
  roles: RoleService;
  auth: SessionAuth;
}

/** DOMAIN.md "Roles": an admin's grantRole and revokeRole, and setSeller (the seller role, as the seeds name it). */
export const roleRoutes: FastifyPluginAsync<RoleRouteDeps> = async (app, { roles, auth }) => {
  registerAction(app, actions.grantRole, auth, async (input, ctx) => {
    await roles.change(input.id, { role: input.role }, ctx, auth.adminOf(ctx.request));
    ctx.setMessage(t('account.roleGranted', { role: input.role }));
    return null;
  });
  registerAction(app, actions.revokeRole, auth, async (input, ctx) => {
    await roles.change(input.id, { role: input.role, revoke: true }, ctx, auth.adminOf(ctx.request));
    ctx.setMessage(t('account.roleRevoked', { role: input.role }));
    return null;
  });
  registerAction(app, actions.setSeller, auth, async (input, ctx) => {
    await roles.change(input.id, { role: 'seller', revoke: !input.seller }, ctx, auth.adminOf(ctx.request));
    return null;
  });
};
