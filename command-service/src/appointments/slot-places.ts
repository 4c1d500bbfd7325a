import type { AppointmentCalendar } from '@wine/contracts';
import { localTime, slotsOfDay } from '@wine/contracts';
import { slotStream } from '@wine/event-schemas';
import { type Step, stepContext } from '../checkout/money-deps.ts';
import type { AppointmentDeps } from './deps.ts';
import { slotDecider } from './slot.ts';

/**
 * The places of the pickup slots (`slot-<start>`, where the capacity is decided under the stream's
 * expected revision): counting a buyer's on a day, taking one, giving one back.
 */
export function slotPlaces(deps: AppointmentDeps, calendar: () => AppointmentCalendar) {
  const { streams, clock } = deps;

  /** The places a buyer holds on the local day of `startsAt`, for invoices other than this one. */
  async function placesThatDay(buyerId: string, invoiceId: string, startsAt: string): Promise<number> {
    const day = localTime(new Date(startsAt), calendar().timeZone).date;
    let places = 0;
    for (const slot of slotsOfDay(day, calendar())) {
      const state = await streams.load(slotStream(slot.startsAt), slotDecider);
      for (const [appointmentId, buyer] of state.buyers) {
        if (buyer === buyerId && state.holders.get(appointmentId) !== invoiceId) places += 1;
      }
    }
    return places;
  }

  const takePlace = (
    step: Step,
    appointment: { id: string; invoiceId: string; buyerId: string },
    startsAt: string,
  ) =>
    streams.handle(
      slotStream(startsAt),
      slotDecider,
      {
        type: 'TakePlace',
        startsAt,
        appointmentId: appointment.id,
        invoiceId: appointment.invoiceId,
        buyerId: appointment.buyerId,
        capacity: calendar().capacity,
      },
      stepContext(step, `take:${startsAt}`, clock.now()),
    );

  const givePlaceBack = (
    step: Step,
    appointment: { id: string; invoiceId: string },
    startsAt: string,
    reason: 'rescheduled' | 'cancelled' | 'not_recorded',
  ) =>
    streams.handle(
      slotStream(startsAt),
      slotDecider,
      {
        type: 'GivePlaceBack',
        startsAt,
        appointmentId: appointment.id,
        invoiceId: appointment.invoiceId,
        reason,
      },
      stepContext(step, `${reason}:${startsAt}`, clock.now()),
    );

  return { placesThatDay, takePlace, givePlaceBack };
}
