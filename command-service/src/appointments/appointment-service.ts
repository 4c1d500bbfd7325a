import {
  type AppointmentView,
  appointmentCalendar,
  appointmentMessages,
  appointmentView,
  type UpdateAppointmentInput,
} from '@wine/contracts';
import { type Actor, appointmentStream, userStream } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { type Step, stepContext, systemStep } from '../checkout/money-deps.ts';
import type { RequestContext } from '../core/command-context.ts';
import { derivedId } from '../core/derived-id.ts';
import { refuseOwnMoneyRecord } from '../core/separation-of-duties.ts';
import { userDecider } from '../users/decide.ts';
import type { User } from '../users/user.ts';
import { actorOf, type Session } from '../users/user-service.ts';
import type { Appointment } from './appointment.ts';
import type { AppointmentChange } from './confirmation-mail.ts';
import { type AppointmentCommand, appointmentDecider } from './decide.ts';
import type { AppointmentDeps } from './deps.ts';
import { invoiceFactsOf } from './invoice-facts.ts';
import { pickupMailer, recordOf } from './pickup-mail.ts';
import { slotPlaces } from './slot-places.ts';

export type { AppointmentDeps } from './deps.ts';

/** A new appointment's id, from the request that books it: a retried booking is the same one. */
const appointmentIdFor = (invoiceId: string, commandId: string) => derivedId('AP', invoiceId, commandId);

/** Whose pickup it is: the buyer as the mail greets them. */
type Buyer = Pick<User, 'id' | 'email' | 'firstName'>;

/**
 * DOMAIN.md "Money": pickup appointments. A booking takes a place in its slot (`slot-<start>`, where
 * the capacity is decided under the stream's expected revision) and then records the appointment on
 * `appointment-<invoiceId>` (one active per invoice); a move takes the new place before giving the old
 * one back, so a full slot leaves the buyer where they were; a cancellation records it, then gives the
 * place back. Each step has its own command id from the request's, so a retried request appends
 * nothing twice, and a place taken for an appointment that could not be recorded is given back.
 */
export function appointmentService(deps: AppointmentDeps) {
  const { streams, clock } = deps;
  // The calendar as the settings read now (issue 34: the slots' capacity is a setting).
  const calendar = () => appointmentCalendar(deps.money());
  const { placesThatDay, takePlace, givePlaceBack } = slotPlaces(deps, calendar);
  const mail = pickupMailer(deps, calendar);
  const invoiceFacts = (invoiceId: string) => invoiceFactsOf(deps, invoiceId);

  /** Records the change on the appointment; if it cannot be, gives back the place taken for it. */
  async function record(
    step: Step,
    command: AppointmentCommand,
    taken: { startsAt: string; invoiceId: string },
  ) {
    try {
      return await streams.handle(
        appointmentStream(taken.invoiceId),
        appointmentDecider,
        command,
        stepContext(step, 'appointment', command.now),
      );
    } catch (error) {
      await givePlaceBack(
        step,
        { id: command.appointmentId, invoiceId: taken.invoiceId },
        taken.startsAt,
        'not_recorded',
      );
      throw error;
    }
  }

  const load = (invoiceId: string) => streams.load(appointmentStream(invoiceId), appointmentDecider);

  /** The command the buyer's request means, given the appointment as it is now. */
  function commandFor(
    state: Appointment,
    input: { invoiceId: string; startsAt: string | null },
    common: Omit<AppointmentCommand, 'type' | 'appointmentId' | 'startsAt' | 'fromStartsAt'>,
    request: RequestContext,
  ): AppointmentCommand {
    const current = state.status === 'none' ? '' : state.appointmentId;
    if (input.startsAt === null) return { ...common, type: 'CancelAppointment', appointmentId: current };
    if (state.status === 'booked') {
      return {
        ...common,
        type: 'RescheduleAppointment',
        appointmentId: current,
        fromStartsAt: state.startsAt,
        startsAt: input.startsAt,
      };
    }
    const appointmentId = appointmentIdFor(input.invoiceId, request.commandId);
    return { ...common, type: 'BookAppointment', appointmentId, startsAt: input.startsAt };
  }

  return {
    /**
     * seeds 001 §7 appointment/update: book (no appointment yet), move (one booked) or cancel
     * (`starts_at: null`) the pickup of the caller's invoice. Answers the appointment as it now is
     * (null once cancelled) and the message to show.
     */
    update(session: Session, input: UpdateAppointmentInput, request: RequestContext) {
      return change({ buyer: session.user, actor: actorOf(session) }, input, request);
    },

    /**
     * Issue 34 "The day's work": a member of staff books, moves or cancels the pickup of a buyer's
     * invoice as the buyer would (the same rules and slots), and the buyer is mailed. Never their own.
     */
    async staffUpdate(staff: Actor, input: UpdateAppointmentInput, request: RequestContext) {
      const buyer = await buyerOfInvoice(staff, input.invoice_id);
      return change({ buyer, actor: staff }, input, request);
    },

    /** Issue 34: the buyer came for the pickup; the staff check them in on the slot's day. */
    async checkIn(staff: Actor, invoiceId: string, request: RequestContext): Promise<void> {
      const buyer = await buyerOfInvoice(staff, invoiceId);
      const state = await load(invoiceId);
      const now = clock.now();
      await streams.handle(
        appointmentStream(invoiceId),
        appointmentDecider,
        {
          type: 'CheckInAppointment',
          appointmentId: state.status === 'none' ? '' : state.appointmentId,
          invoice: await invoiceFacts(invoiceId),
          buyerId: buyer.id,
          now,
          calendar: calendar(),
        },
        stepContext({ base: request, actor: staff }, 'appointment', now),
      );
    },

    /**
     * An order given up (voided: its payment failed or it lapsed unpaid) keeps no pickup: the system
     * cancels its appointment, gives the place back and tells the buyer, once (deterministic step ids:
     * a second instance, or the log read again at start, finds it done and mails nothing).
     */
    releaseVoided,
  };

  /** The buyer of an invoice a member of staff acts on: an unknown invoice is not found, their own refused. */
  async function buyerOfInvoice(staff: Actor, invoiceId: string): Promise<Buyer> {
    const invoice = await invoiceFacts(invoiceId);
    if (!invoice) throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
    refuseOwnMoneyRecord(staff.id, [invoice.buyerId]);
    const buyer = await streams.load(userStream(invoice.buyerId), userDecider);
    if (buyer.status === 'empty') throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
    return buyer;
  }

  /** Book, move or cancel the pickup of `buyer`'s invoice, `actor` acting. */
  async function change(
    who: { buyer: Buyer; actor: Actor },
    input: UpdateAppointmentInput,
    request: RequestContext,
  ): Promise<{ appointment: AppointmentView | null; message: string }> {
    const invoiceId = input.invoice_id;
    const startsAt = input.starts_at === null ? null : new Date(input.starts_at).toISOString();
    const step: Step = { base: request, actor: who.actor };
    const now = clock.now();
    const before = await load(invoiceId);
    const invoice = await invoiceFacts(invoiceId);
    const buyerId = who.buyer.id;
    // Only an unpaid order of the caller's own needs the day's other places (the decider's rule).
    const places =
      startsAt && invoice && invoice.buyerId === buyerId && !invoice.paid
        ? await placesThatDay(buyerId, invoiceId, startsAt)
        : 0;
    const command = commandFor(
      before,
      { invoiceId, startsAt },
      { invoice, buyerId, now, calendar: calendar(), placesThatDay: places },
      request,
    );
    // Refused here, before any place is taken: someone else's invoice, delivery, a closed slot...
    const planned = appointmentDecider.decide(command, before);
    const appointment = { id: command.appointmentId, invoiceId, buyerId };
    let change: AppointmentChange | null = null;
    if (command.type === 'CancelAppointment' && before.status !== 'none') {
      const result = await streams.handle(
        appointmentStream(invoiceId),
        appointmentDecider,
        command,
        stepContext(step, 'appointment', now),
      );
      await givePlaceBack(step, appointment, before.startsAt, 'cancelled');
      if (result.events.length > 0 && !result.replayed) change = 'cancelled';
    } else if (
      (command.type === 'BookAppointment' || command.type === 'RescheduleAppointment') &&
      planned.length > 0
    ) {
      const target = command.startsAt;
      await takePlace(step, appointment, target);
      const result = await record(step, command, { startsAt: target, invoiceId });
      if (command.type === 'RescheduleAppointment') {
        await givePlaceBack(step, appointment, command.fromStartsAt, 'rescheduled');
      }
      if (result.events.length > 0 && !result.replayed) {
        change = command.type === 'BookAppointment' ? 'booked' : 'rescheduled';
      }
    }
    const after = await load(invoiceId);
    if (change && after.status !== 'none') await mail(who.buyer, change, after, now);
    const view = after.status === 'booked' ? appointmentView(recordOf(after, now), calendar()) : null;
    const message =
      command.type === 'CancelAppointment'
        ? appointmentMessages.cancelled
        : command.type === 'RescheduleAppointment'
          ? appointmentMessages.rescheduled
          : appointmentMessages.booked;
    return { appointment: view, message };
  }

  async function releaseVoided(invoiceId: string): Promise<void> {
    const state = await load(invoiceId);
    const invoice = await invoiceFacts(invoiceId);
    const now = clock.now();
    if (state.status !== 'booked' || !invoice?.voided || Date.parse(state.startsAt) <= now.getTime()) return;
    const step = systemStep('pickup-release', invoiceId);
    const command: AppointmentCommand = {
      type: 'CancelAppointment',
      appointmentId: state.appointmentId,
      invoice,
      buyerId: state.buyerId,
      now,
      calendar: calendar(),
    };
    const result = await streams.handle(
      appointmentStream(invoiceId),
      appointmentDecider,
      command,
      stepContext(step, 'appointment', now),
    );
    await givePlaceBack(step, { id: state.appointmentId, invoiceId }, state.startsAt, 'cancelled');
    const after = await load(invoiceId);
    if (result.replayed || result.events.length === 0 || after.status === 'none') return;
    const buyer = await streams.load(userStream(state.buyerId), userDecider);
    if (buyer.status !== 'empty') await mail(buyer, 'cancelled', after, now);
  }
}

export type AppointmentService = ReturnType<typeof appointmentService>;
