import { actions, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';
import type { TrackingService } from './tracking.ts';

export interface ShippingRouteDeps {
  tracking: TrackingService;
  auth: SessionAuth;
}

/** Issue 31: finance or an admin (checked before the body is read) enters a delivery's tracking. */
export const shippingRoutes: FastifyPluginAsync<ShippingRouteDeps> = async (app, { tracking, auth }) => {
  registerAction(app, actions.recordTracking, auth, async (input, ctx) => {
    const result = await tracking.record(auth.adminOf(ctx.request), input, ctx);
    ctx.setMessage(t('shipping.trackingRecorded'));
    return result;
  });
};
