import { actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../session/session-auth.ts';
import type { UserAdminService } from './user-admin-service.ts';

export interface UserAdminRouteDeps {
  userAdmin: UserAdminService;
  auth: SessionAuth;
}

/** seeds 001 §7: an admin's changeUserStatus and forceLogout. */
export const userAdminRoutes: FastifyPluginAsync<UserAdminRouteDeps> = async (app, { userAdmin, auth }) => {
  registerAction(app, actions.changeUserStatus, auth, async (input, ctx) => {
    await userAdmin.changeStatus(input.id, input.status, ctx, auth.adminOf(ctx.request));
    return null;
  });
  registerAction(app, actions.forceLogout, auth, async (input, ctx) => {
    await userAdmin.forceLogout(input.id, ctx, auth.adminOf(ctx.request));
    return null;
  });
};
