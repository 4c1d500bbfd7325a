import { randomUUID } from 'node:crypto';
import { grantRoleByEmail } from '@wine/command-service';
import {
  type AppointmentView,
  actions,
  type DayAppointments,
  type OutboxMessage,
  type SlotList,
} from '@wine/contracts';
import { appointmentStream } from '@wine/event-schemas';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupOrder, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const clock = offsetClock();
let market: TestMarketplace;
let finance: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, clock, staffRateLimit: 1_000_000 });
  finance = await market.staff('finance');
}, 120_000);
afterAll(() => market?.stop());

const codeOf = (body: { data: object }) => ('code' in body.data ? body.data.code : undefined);

const dashboard = (date: string, days: 1 | 7 = 1) =>
  market.ok<DayAppointments>(actions.appointmentDashboard.path, { date, days }, finance.auth);
const mailsTo = async (email: string) =>
  (await market.ok<{ records: OutboxMessage[] }>(actions.devOutbox.path, {}, market.admin)).records.filter(
    (m) => m.to === email,
  );

describe("the staff's pickup dashboard (issue 34)", () => {
  it('books, moves and checks in a buyer’s pickup, the buyer mailed each time, and then refuses to move it', async () => {
    const ann = await market.bidder({ firstName: 'Ann' });
    const invoiceId = await pickupOrder(market, ann);
    const free = await market.ok<SlotList>(actions.checkAppointments.path, {}, ann.auth);
    // Two free slots on a day after today (so "not today" is certain before the clock moves).
    const day = [...new Set(free.records.map((s) => s.date))][1] as string;
    const [first, second] = free.records.filter((s) => s.date === day && s.remaining === 3);
    if (!first || !second) throw new Error(`no two free slots on ${day}`);
    await market.caughtUp();
    expect((await dashboard(day)).awaiting.map((a) => a.invoice_id)).toContain(invoiceId);

    const booked = await market.ok<AppointmentView>(
      actions.staffUpdateAppointment.path,
      { invoice_id: invoiceId, starts_at: first.starts_at },
      finance.auth,
    );
    expect(booked).toMatchObject({ invoice_id: invoiceId, starts_at: first.starts_at });
    await market.caughtUp();
    const week = await dashboard(free.records[0]?.date as string, 7);
    const slot = week.records.find((s) => s.starts_at === first.starts_at);
    expect(slot?.appointments).toEqual([
      expect.objectContaining({
        invoice_id: invoiceId,
        buyer_name: expect.stringMatching(/^Ann /),
        checked_in_at: null,
      }),
    ]);
    expect(week.awaiting.map((a) => a.invoice_id)).not.toContain(invoiceId);

    const moved = await market.ok<AppointmentView>(
      actions.staffUpdateAppointment.path,
      { invoice_id: invoiceId, starts_at: second.starts_at },
      finance.auth,
    );
    expect(moved.starts_at).toBe(second.starts_at);
    const subjects = await eventually(
      async () => (await mailsTo(ann.email)).map((m) => m.subject),
      (s) => s.filter((x) => x.startsWith('Your pickup appointment')).length >= 2,
      'the booked and moved mails',
    );
    expect(subjects.filter((x) => x.startsWith('Your pickup appointment'))).toHaveLength(2);

    const early = await market.post(actions.checkInAppointment.path, { invoice_id: invoiceId }, finance.auth);
    expect(codeOf(early.body)).toBe('APPOINTMENT_NOT_TODAY');
    clock.advance(Date.parse(second.starts_at) - clock.now().getTime() + 60_000);
    const headers = { ...finance.auth, 'x-command-id': randomUUID() };
    const [a, b] = await Promise.all([
      market.post(actions.checkInAppointment.path, { invoice_id: invoiceId }, headers),
      market.post(actions.checkInAppointment.path, { invoice_id: invoiceId }, headers),
    ]);
    expect([a.http, b.http]).toEqual([200, 200]);
    const events = (await market.eventStore.readStream(appointmentStream(invoiceId))).map((e) => e.type);
    expect(events.filter((t) => t === 'AppointmentCheckedIn')).toHaveLength(1);
    await market.caughtUp();
    const today = await dashboard(second.date);
    expect(
      today.records.find((s) => s.starts_at === second.starts_at)?.appointments[0]?.checked_in_at,
    ).toBeTruthy();
    const cancel = await market.post(
      actions.staffUpdateAppointment.path,
      { invoice_id: invoiceId, starts_at: null },
      finance.auth,
    );
    expect(codeOf(cancel.body)).toBe('APPOINTMENT_CHECKED_IN');
  });

  it('is for admins and finance only, never on their own order, and an unknown invoice is not found', async () => {
    const bob = await market.bidder({ firstName: 'Bob' });
    const invoiceId = await pickupOrder(market, bob);
    const input = { invoice_id: invoiceId, starts_at: null };
    for (const headers of [{}, bob.auth, (await market.staff('seller')).auth]) {
      expect((await market.post(actions.staffUpdateAppointment.path, input, headers)).http).toBe(403);
      expect(
        (await market.post(actions.checkInAppointment.path, { invoice_id: invoiceId }, headers)).http,
      ).toBe(403);
      expect(
        (await market.post(actions.appointmentDashboard.path, { date: '2026-12-01' }, headers)).http,
      ).toBe(403);
    }
    // A member of finance who is also a buyer cannot book their own pickup from the staff side.
    const fiona = await market.bidder({ firstName: 'Fiona' });
    const own = await pickupOrder(market, fiona);
    await grantRoleByEmail(market.accounts, {
      email: fiona.email,
      role: 'finance',
      by: { kind: 'system', id: 'test' },
    });
    const refused = await market.post(
      actions.staffUpdateAppointment.path,
      { invoice_id: own, starts_at: null },
      fiona.auth,
    );
    expect(codeOf(refused.body)).toBe('OWN_MONEY_RECORD');
    const unknown = await market.post(
      actions.checkInAppointment.path,
      { invoice_id: 'B-nothing-here' },
      finance.auth,
    );
    expect(codeOf(unknown.body)).toBe('INVOICE_NOT_FOUND');
    const week = await market.post(
      actions.appointmentDashboard.path,
      { date: '2026-12-01', days: 30 },
      finance.auth,
    );
    expect(week.http).toBe(400);
  });
});
