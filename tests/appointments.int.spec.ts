import {
  type AppointmentList,
  type AppointmentView,
  actions,
  type DayAppointments,
  type InvoiceAppointment,
  type InvoiceDetail,
  type OutboxMessage,
  type SlotList,
} from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupOrder, startMarketplace, type TestMarketplace } from './support/marketplace.ts';

let market: TestMarketplace;
beforeAll(async () => {
  market = await startMarketplace({ seed: false });
});
afterAll(() => market?.stop());

/** The catalogue's code an error envelope carries. */
const codeOf = (body: { data: object }) => ('code' in body.data ? body.data.code : undefined);

describe('pickup appointments, through every service', () => {
  it('lists free slots, books one, and shows it on the invoice, the slots, the calendar file, the mail and the staff’s day', async () => {
    const ann = await market.bidder({ firstName: 'Ann' });
    const invoiceId = await pickupOrder(market, ann);
    const before = await market.ok<SlotList>(actions.checkAppointments.path, {}, ann.auth);
    expect(before.time_zone).toBe('America/Chicago');
    const slot = before.records.find((s) => s.remaining === 3);
    if (!slot) throw new Error('no free slot in the next two weeks');

    const booked = await market.ok<AppointmentView>(
      actions.updateAppointment.path,
      { invoice_id: invoiceId, starts_at: slot.starts_at },
      ann.auth,
    );
    expect(booked).toMatchObject({ invoice_id: invoiceId, starts_at: slot.starts_at, time: slot.time });
    await market.caughtUp();

    const after = await market.ok<SlotList>(
      actions.checkAppointments.path,
      { from: slot.date, to: slot.date },
      ann.auth,
    );
    expect(after.records.find((s) => s.starts_at === slot.starts_at)?.remaining).toBe(2);
    const detail = await market.ok<InvoiceDetail>(actions.invoice.path, { id: invoiceId }, ann.auth);
    expect(detail.appointmentDetail).toEqual({
      id: booked.id,
      starts_at: slot.starts_at,
      ends_at: slot.ends_at,
    });
    const forInvoice = await market.ok<InvoiceAppointment>(
      actions.getAppointmentForInvoice.path,
      { invoice_id: invoiceId },
      ann.auth,
    );
    expect(forInvoice.calendars).toContain(`UID:${booked.id}@pickup.fine-wine-auction`);
    const mine = await market.ok<AppointmentList>(actions.getAppointments.path, {}, ann.auth);
    expect(mine.totalRecords).toEqual([booked.id]);

    const outbox = await market.ok<{ records: OutboxMessage[] }>(actions.devOutbox.path, {}, market.admin);
    const mail = outbox.records.find(
      (m) => m.to === ann.email && m.subject.startsWith('Your pickup appointment'),
    );
    expect(mail?.attachments).toEqual([`pickup-${invoiceId}.ics`]);

    const finance = await market.staff('finance');
    const day = await market.ok<DayAppointments>(
      actions.appointmentDashboard.path,
      { date: slot.date },
      finance.auth,
    );
    const row = day.records.find((r) => r.starts_at === slot.starts_at);
    expect(row?.appointments.map((a) => a.invoice_id)).toEqual([invoiceId]);
    const refused = await market.post(actions.appointmentDashboard.path, { date: slot.date }, ann.auth);
    expect(refused.http).toBe(403);
  });

  it('answers another buyer’s invoice as unknown on both sides', async () => {
    const ben = await market.bidder({ firstName: 'Ben' });
    const mallory = await market.bidder({ firstName: 'Mallory' });
    const invoiceId = await pickupOrder(market, ben);
    await market.caughtUp();
    const read = await market.post(
      actions.getAppointmentForInvoice.path,
      { invoice_id: invoiceId },
      mallory.auth,
    );
    expect([read.http, codeOf(read.body)]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const slots = await market.ok<SlotList>(actions.checkAppointments.path, {}, mallory.auth);
    const write = await market.post(
      actions.updateAppointment.path,
      { invoice_id: invoiceId, starts_at: slots.records[0]?.starts_at },
      mallory.auth,
    );
    expect([write.http, codeOf(write.body)]).toEqual([404, 'INVOICE_NOT_FOUND']);
  });
});
