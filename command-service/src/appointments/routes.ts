import { actions, appointmentMessages } from '@wine/contracts';
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

  // Issue 34 "The day's work": the staff's dashboard books, moves, cancels and checks in for a buyer.
  registerAction(app, actions.staffUpdateAppointment, auth, async (input, ctx) => {
    const { appointment, message } = await appointments.staffUpdate(auth.adminOf(ctx.request), input, ctx);
    ctx.setMessage(message);
    return appointment;
  });

  registerAction(app, actions.checkInAppointment, auth, async (input, ctx) => {
    await appointments.checkIn(auth.adminOf(ctx.request), input.invoice_id, ctx);
    ctx.setMessage(appointmentMessages.checkedInDone);
    return null;
  });
};
