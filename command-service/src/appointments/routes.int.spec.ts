import { type AppointmentView, actions, type CheckoutResult, instantAt } from '@wine/contracts';
import { appointmentStream, slotStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { slotDecider } from './slot.ts';

let service: TestCommandService;
beforeAll(async () => {
  // Sunday 2026-11-22, noon UTC (6 am in Chicago): the week's slots are ahead.
  service = await openTestCommandService({ now: '2026-11-22T12:00:00.000Z' });
});
afterAll(() => service.close());

/** A slot's start at the pickup location (Chicago): `at('2026-11-23', '09:30')`. */
const at = (date: string, time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return instantAt(date, h * 60 + m, 'America/Chicago').toISOString();
};

let n = 0;
/** A buyer with a card and a paid buy-now invoice, picked up (or delivered). */
async function buyerWithInvoice(delivery: 'pickup' | 'delivery' = 'pickup') {
  n += 1;
  const user = await service.signUp(`buyer${n}@pickup.example`);
  const { cardId } = await service.addCard(user.token);
  const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 1 });
  await service.post(
    actions.addToCart.path,
    { cart: [{ product_id: lot.lotId, qty: 1 }] },
    { token: user.token },
  );
  const address = { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' };
  const answer = await service.post<CheckoutResult>(
    actions.checkout.path,
    {
      type: 'buynow',
      cart_id: `c${n}`,
      delivery,
      ...(delivery === 'delivery' && { address }),
      payment: { card_id: cardId },
    },
    { token: user.token },
  );
  expect(answer.body.data.responseData.status, answer.body.data.message).toBe('paid');
  return { ...user, invoiceId: answer.body.data.responseData.invoice_ids[0] as string };
}

const update = (token: string, invoiceId: string, startsAt: string | null, commandId?: string) =>
  service.post<AppointmentView | null>(
    actions.updateAppointment.path,
    { invoice_id: invoiceId, starts_at: startsAt },
    { token, ...(commandId && { commandId }) },
  );
const holdersOf = async (startsAt: string) => [
  ...(await service.service.streams.load(slotStream(startsAt), slotDecider)).holders.values(),
];
const typesOn = async (stream: string) =>
  (await service.service.streams.store.readStream(stream)).map((e) => e.type);

describe('booking a pickup appointment', () => {
  it('books a slot of the buyer’s pickup invoice, mails it with a calendar file, and answers it in Chicago time', async () => {
    const ann = await buyerWithInvoice();
    const startsAt = at('2026-11-23', '09:30');
    const answer = await update(ann.token, ann.invoiceId, startsAt);
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.message).toBe('Pickup appointment booked');
    expect(answer.body.data.responseData).toMatchObject({
      invoice_id: ann.invoiceId,
      status: 'booked',
      starts_at: '2026-11-23T15:30:00.000Z',
      ends_at: '2026-11-23T16:00:00.000Z',
      date: '2026-11-23',
      time: '09:30',
      time_zone: 'America/Chicago',
    });
    expect(await holdersOf(startsAt)).toEqual([ann.invoiceId]);
    expect(await typesOn(appointmentStream(ann.invoiceId))).toEqual(['AppointmentBooked']);
    const [mail] = (await service.mailer.outbox?.({ to: ann.email })) ?? [];
    expect(mail?.subject).toBe('Your pickup appointment: Monday, November 23, 2026 at 9:30 AM');
    expect(mail?.text).toContain(`Your pickup of invoice ${ann.invoiceId} is booked for`);
    expect(mail?.attachments).toEqual([`pickup-${ann.invoiceId}.ics`]);
  });

  it('answers a retried request (same x-command-id) as before and takes one place', async () => {
    const bea = await buyerWithInvoice();
    const startsAt = at('2026-11-23', '10:00');
    const first = await update(bea.token, bea.invoiceId, startsAt, 'retry-book-0001');
    const again = await update(bea.token, bea.invoiceId, startsAt, 'retry-book-0001');
    expect(again.status).toBe(200);
    expect(again.body.data.responseData?.id).toBe(first.body.data.responseData?.id);
    expect(await typesOn(slotStream(startsAt))).toEqual(['SlotBooked']);
    expect(await typesOn(appointmentStream(bea.invoiceId))).toEqual(['AppointmentBooked']);
  });

  it('refuses a full slot', async () => {
    const startsAt = at('2026-11-23', '10:30');
    const buyers = [await buyerWithInvoice(), await buyerWithInvoice(), await buyerWithInvoice()];
    for (const b of buyers) expect((await update(b.token, b.invoiceId, startsAt)).status).toBe(200);
    const late = await buyerWithInvoice();
    const answer = await update(late.token, late.invoiceId, startsAt);
    expect(answer.status).toBe(409);
    expect(answer.body.data.code).toBe('SLOT_FULL');
    expect(answer.body.data.message).toBe('This pickup time is full: choose another');
    expect(answer.body.data.responseData.field).toBe('starts_at');
    expect(await typesOn(appointmentStream(late.invoiceId))).toEqual([]);
  });

  it('refuses a time in the past, outside business hours or off the half hour, writing nothing', async () => {
    const cy = await buyerWithInvoice();
    for (const startsAt of [
      at('2026-11-20', '09:30'), // last Friday
      at('2026-11-23', '08:30'), // before opening
      at('2026-11-23', '17:30'), // closing time
      at('2026-11-23', '11:15'), // off the grid
      at('2026-11-28', '10:00'), // Saturday
    ]) {
      const answer = await update(cy.token, cy.invoiceId, startsAt);
      expect(answer.status, startsAt).toBe(400);
      expect(answer.body.data.code).toBe('SLOT_UNAVAILABLE');
      expect(await typesOn(slotStream(startsAt))).toEqual([]);
    }
    const malformed = await update(cy.token, cy.invoiceId, 'next monday');
    expect(malformed.status).toBe(400);
    expect(malformed.body.data.responseData.issues?.[0]?.field).toBe('starts_at');
  });

  it('answers another buyer’s invoice as unknown, and refuses a delivered order', async () => {
    const dee = await buyerWithInvoice();
    const mallory = await buyerWithInvoice();
    const stolen = await update(mallory.token, dee.invoiceId, at('2026-11-23', '11:00'));
    expect(stolen.status).toBe(404);
    expect(stolen.body.data.code).toBe('INVOICE_NOT_FOUND');
    const unknown = await update(mallory.token, 'B-no-such-invoice', at('2026-11-23', '11:00'));
    expect(unknown.body.data.code).toBe('INVOICE_NOT_FOUND');
    const delivered = await buyerWithInvoice('delivery');
    const answer = await update(delivered.token, delivered.invoiceId, at('2026-11-23', '11:00'));
    expect(answer.status).toBe(409);
    expect(answer.body.data.code).toBe('APPOINTMENT_PICKUP_ONLY');
    expect(await holdersOf(at('2026-11-23', '11:00'))).toEqual([]);
  });

  it('refuses a visitor before reading the body', async () => {
    const answer = await service.post(actions.updateAppointment.path, { invoice_id: 'x', starts_at: null });
    expect(answer.status).toBe(403);
  });
});

describe('moving and cancelling', () => {
  it('keeps the old place when the new slot is full, and moves once a slot is free', async () => {
    const eve = await buyerWithInvoice();
    const mine = at('2026-11-24', '09:30');
    const full = at('2026-11-24', '10:00');
    const free = at('2026-11-24', '10:30');
    expect((await update(eve.token, eve.invoiceId, mine)).status).toBe(200);
    for (const b of [await buyerWithInvoice(), await buyerWithInvoice(), await buyerWithInvoice()]) {
      await update(b.token, b.invoiceId, full);
    }
    const refused = await update(eve.token, eve.invoiceId, full);
    expect(refused.body.data.code).toBe('SLOT_FULL');
    expect(await holdersOf(mine)).toEqual([eve.invoiceId]);
    expect(await holdersOf(full)).not.toContain(eve.invoiceId);

    const moved = await update(eve.token, eve.invoiceId, free);
    expect(moved.status).toBe(200);
    expect(moved.body.data.message).toBe('Pickup appointment moved');
    expect(moved.body.data.responseData?.starts_at).toBe(free);
    expect(await holdersOf(mine)).toEqual([]);
    expect(await holdersOf(free)).toEqual([eve.invoiceId]);
    expect(await typesOn(slotStream(mine))).toEqual(['SlotBooked', 'SlotReleased']);
    expect(await typesOn(appointmentStream(eve.invoiceId))).toEqual([
      'AppointmentBooked',
      'AppointmentRescheduled',
    ]);
    const [mail] = (await service.mailer.outbox?.({ to: eve.email })) ?? [];
    expect(mail?.subject).toMatch(/^Your pickup appointment moved: Tuesday, November 24, 2026 at 10:30/);
  });

  it('cancels: the place is given back, and the invoice may book again', async () => {
    const fay = await buyerWithInvoice();
    const startsAt = at('2026-11-25', '14:00');
    await update(fay.token, fay.invoiceId, startsAt);
    const answer = await update(fay.token, fay.invoiceId, null);
    expect(answer.status).toBe(200);
    expect(answer.body.data.message).toBe('Pickup appointment cancelled');
    expect(answer.body.data.responseData).toBeNull();
    expect(await holdersOf(startsAt)).toEqual([]);
    const [mail] = (await service.mailer.outbox?.({ to: fay.email })) ?? [];
    expect(mail?.subject).toBe('Your pickup appointment is cancelled');
    // Cancelled already: no change. An invoice that never had one has nothing to cancel.
    const again = await update(fay.token, fay.invoiceId, null);
    expect([again.status, again.body.data.responseData]).toEqual([200, null]);
    expect(await typesOn(appointmentStream(fay.invoiceId))).toEqual([
      'AppointmentBooked',
      'AppointmentCancelled',
    ]);
    const other = await buyerWithInvoice();
    expect((await update(other.token, other.invoiceId, null)).body.data.code).toBe('APPOINTMENT_NOT_FOUND');
    expect((await update(fay.token, fay.invoiceId, startsAt)).status).toBe(200);
    expect(await holdersOf(startsAt)).toEqual([fay.invoiceId]);
  });

  it('gives the last places to exactly as many buyers as the slot takes when more book at once', async () => {
    const startsAt = at('2026-11-26', '15:00');
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => buyerWithInvoice()));
    const answers = await Promise.all(buyers.map((b) => update(b.token, b.invoiceId, startsAt)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.data.code)).toEqual([
      'SLOT_FULL',
      'SLOT_FULL',
    ]);
    expect(await holdersOf(startsAt)).toHaveLength(3);
  });

  it('books an order to pay at pickup one pickup a day: unpaid orders do not fill the slots', async () => {
    const una = await service.signUp('una@pickup.example');
    await service.addCard(una.token);
    const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 10 });
    const unpaidOrder = async (cartId: string) => {
      await service.post(
        actions.addToCart.path,
        { cart: [{ product_id: lot.lotId, qty: 1 }] },
        { token: una.token },
      );
      const placed = await service.post<CheckoutResult>(
        actions.payCartOffline.path,
        { type: 'buynow', cart_id: cartId, delivery: 'pickup' },
        { token: una.token },
      );
      expect(placed.body.data.responseData.status).toBe('unpaid');
      return placed.body.data.responseData.invoice_ids[0] as string;
    };
    const first = await unpaidOrder('una-1');
    const second = await unpaidOrder('una-2');
    expect((await update(una.token, first, at('2026-11-30', '10:00'))).status).toBe(200);
    const sameDay = await update(una.token, second, at('2026-11-30', '14:00'));
    expect([sameDay.status, sameDay.body.data.code]).toEqual([409, 'APPOINTMENT_UNPAID']);
    expect(sameDay.body.data.message).toMatch(/^An order not paid yet books one pickup a day/);
    expect(await holdersOf(at('2026-11-30', '14:00'))).toEqual([]);
    // Another day is free, and a paid order books whatever else the buyer holds that day.
    expect((await update(una.token, second, at('2026-12-01', '14:00'))).status).toBe(200);
    const finance = await service.signUp('fin@pickup.example', ['finance']);
    const third = await unpaidOrder('una-3');
    const paid = await service.post<{ status: string }>(
      actions.recordOfflinePayment.path,
      { invoice_id: third, amount: 5_513, reference: 'wire' },
      { token: finance.token },
    );
    expect(paid.body.data.responseData.status).toBe('paid');
    expect((await update(una.token, third, at('2026-11-30', '14:00'))).status).toBe(200);
  });
});
