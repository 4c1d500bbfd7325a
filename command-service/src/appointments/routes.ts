import { actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';
import type { AppointmentService } from './appointment-service.ts';

export interface AppointmentRouteDeps {
  appointments: AppointmentService;
  auth: SessionAuth;
}

/** seeds 001 §7 appointment/update: the buyer books, moves or cancels the pickup of an invoice. */
export const appointmentRoutes: FastifyPluginAsync<AppointmentRouteDeps> = async (
  app,
  { appointments, auth },
) => {
  registerAction(app, actions.updateAppointment, auth, async (input, ctx) => {
    const { appointment, message } = await appointments.update(auth.sessionOf(ctx.request), input, ctx);
    ctx.setMessage(message);
    return appointment;
  });
};
