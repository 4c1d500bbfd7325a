import { z } from 'zod';
import { defineEvent } from './registry.ts';

const Id = z.string().min(1).max(64);
const Instant = z.iso.datetime();

/**
 * DOMAIN.md "Money": a place taken in one pickup slot (`slot-<ISO start>`). The slot's stream holds
 * every place taken and given back, so "never more than its capacity" is decided on it alone, guarded
 * by its expected revision: two buyers taking the last place at once cannot both have it.
 */
export const SlotBooked = defineEvent({
  type: 'SlotBooked',
  version: 1,
  schema: z.object({
    startsAt: Instant,
    appointmentId: Id,
    invoiceId: Id,
    buyerId: Id,
    /** The slot's capacity when the place was taken (configuration can change). */
    capacity: z.number().int().min(1).max(1000),
  }),
});

/** A place given back: the appointment moved elsewhere, was cancelled, or was never recorded. */
export const SlotReleased = defineEvent({
  type: 'SlotReleased',
  version: 1,
  schema: z.object({
    startsAt: Instant,
    appointmentId: Id,
    invoiceId: Id,
    reason: z.enum(['rescheduled', 'cancelled', 'not_recorded']),
  }),
});

/** The invoice's pickup appointment (`appointment-<invoiceId>`): one active at a time. */
export const AppointmentBooked = defineEvent({
  type: 'AppointmentBooked',
  version: 1,
  schema: z.object({
    appointmentId: Id,
    invoiceId: Id,
    buyerId: Id,
    startsAt: Instant,
    endsAt: Instant,
  }),
});

/** Moved to another slot, whose place was taken before the old one was given back. */
export const AppointmentRescheduled = defineEvent({
  type: 'AppointmentRescheduled',
  version: 1,
  schema: z.object({
    appointmentId: Id,
    invoiceId: Id,
    buyerId: Id,
    fromStartsAt: Instant,
    startsAt: Instant,
    endsAt: Instant,
  }),
});

export const AppointmentCancelled = defineEvent({
  type: 'AppointmentCancelled',
  version: 1,
  schema: z.object({
    appointmentId: Id,
    invoiceId: Id,
    buyerId: Id,
    /** The slot given up. */
    startsAt: Instant,
  }),
});

/**
 * Issue 34 "The day's work": the buyer came for the pickup and the staff checked them in (on the
 * slot's day); the appointment can no longer be moved or cancelled.
 */
export const AppointmentCheckedIn = defineEvent({
  type: 'AppointmentCheckedIn',
  version: 1,
  schema: z.object({
    appointmentId: Id,
    invoiceId: Id,
    buyerId: Id,
    startsAt: Instant,
    /** When (the server's clock). */
    at: Instant,
  }),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type SlotEvent =
  | { type: 'SlotBooked'; data: Data<typeof SlotBooked> }
  | { type: 'SlotReleased'; data: Data<typeof SlotReleased> };
export type AppointmentEvent =
  | { type: 'AppointmentBooked'; data: Data<typeof AppointmentBooked> }
  | { type: 'AppointmentRescheduled'; data: Data<typeof AppointmentRescheduled> }
  | { type: 'AppointmentCancelled'; data: Data<typeof AppointmentCancelled> }
  | { type: 'AppointmentCheckedIn'; data: Data<typeof AppointmentCheckedIn> };
export const appointmentEventDefinitions = [
  SlotBooked,
  SlotReleased,
  AppointmentBooked,
  AppointmentRescheduled,
  AppointmentCancelled,
  AppointmentCheckedIn,
] as const;
