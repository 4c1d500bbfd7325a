import { type AppointmentView, actions } from '@wine/contracts';
import { appointmentStream, invoiceStream, slotStream } from '@wine/event-schemas';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { appointmentDecider } from './decide.ts';
import { slotDecider } from './slot.ts';

let service: TestCommandService;
beforeAll(async () => {
  // Sunday 2026-11-22, noon UTC.
  service = await openTestCommandService({ now: '2026-11-22T12:00:00.000Z' });
  await service.service.scheduler.start();
});
afterAll(async () => {
  await service.service.scheduler.stop();
  await service.close();
});

const DAY = 24 * 3600_000;

describe('an order given up', () => {
  it('gives back the pickup place of an order to pay at pickup that lapsed unpaid, and tells the buyer', async () => {
    const dot = await service.signUp('dot@pickup.example');
    await service.addCard(dot.token);
    const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 4_000, quantity: 2 });
    await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 1 }] },
      { token: dot.token },
    );
    const placed = await service.post<{ invoice_ids: string[] }>(
      actions.payCartOffline.path,
      { type: 'buynow', cart_id: 'offline-pickup', delivery: 'pickup' },
      { token: dot.token },
    );
    const invoiceId = placed.body.data.responseData.invoice_ids[0] as string;
    // Paying at pickup needs a pickup: an unpaid order books one. Monday 2026-12-14, 10:00 am Chicago.
    const startsAt = '2026-12-14T16:00:00.000Z';
    const booked = await service.post<AppointmentView>(
      actions.updateAppointment.path,
      { invoice_id: invoiceId, starts_at: startsAt },
      { token: dot.token },
    );
    expect(booked.status, booked.body.data.message).toBe(200);

    // The payment terms pass unpaid: the expiry process voids the order, and its pickup goes.
    service.clock.advance(15 * DAY);
    await eventually(
      () => service.service.streams.load(invoiceStream(invoiceId), invoiceDecider),
      (invoice) => invoice.status === 'issued' && invoice.voided,
    );
    const appointment = await eventually(
      () => service.service.streams.load(appointmentStream(invoiceId), appointmentDecider),
      (state) => state.status === 'cancelled',
    );
    expect(appointment.status).toBe('cancelled');
    const slot = await eventually(
      () => service.service.streams.load(slotStream(startsAt), slotDecider),
      (s) => s.holders.size === 0,
    );
    expect(slot.holders.size).toBe(0);
    // The mail follows the cancellation (a process tells the buyer once it sees it in the log).
    const [mail] = await eventually(
      async () => (await service.mailer.outbox?.({ to: dot.email })) ?? [],
      (mails) => mails[0]?.subject === 'Your pickup appointment is cancelled',
      'the cancellation mail',
    );
    expect(mail?.subject).toBe('Your pickup appointment is cancelled');
    const events = await service.service.streams.store.readStream(appointmentStream(invoiceId));
    expect(events.map((e) => [e.type, e.metadata.actor.kind])).toEqual([
      ['AppointmentBooked', 'user'],
      ['AppointmentCancelled', 'system'],
    ]);
  });
});
