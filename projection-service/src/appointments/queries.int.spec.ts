import { manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceQueries } from '../invoices/queries.ts';
import { invoiceIssued } from '../invoices/testing.ts';
import { usersProjection } from '../users/project.ts';
import { appointmentsProjection } from './project.ts';
import { appointmentQueries } from './queries.ts';

// Monday 2026-11-23, 10:10 am in Chicago: the 9:30 and 10:00 slots have started.
const clock = manualClock('2026-11-23T16:10:00.000Z');
const MON_1030 = '2026-11-23T16:30:00.000Z';
const TUE_0930 = '2026-11-24T15:30:00.000Z';
const registered = (userId: string, firstName: string) => ({
  userId,
  firstName,
  lastName: 'Buyer',
  email: `${userId}@example.com`,
  phone: null,
  countryCode: 'US',
  newsletter: false,
  registeredAt: '2026-11-01T00:00:00.000Z',
  popupMessage: 0,
});

/**
 * ann has inv-1 booked Monday 10:30 and inv-2 booked Tuesday 9:30 then cancelled; bob has inv-b
 * booked Monday 10:30 too. Monday 10:30 has two of its three places taken.
 */
async function pickups() {
  const record = eventRecorder();
  const book = (invoiceId: string, buyerId: string, startsAt: string, appointmentId: string) => {
    const endsAt = new Date(Date.parse(startsAt) + 30 * 60_000).toISOString();
    return [
      record(`slot-${startsAt}`, 'SlotBooked', { startsAt, appointmentId, invoiceId, buyerId, capacity: 3 }),
      record(`appointment-${invoiceId}`, 'AppointmentBooked', {
        appointmentId,
        invoiceId,
        buyerId,
        startsAt,
        endsAt,
      }),
    ];
  };
  const docs = await applyEvents(
    [usersProjection, invoicesProjection, appointmentsProjection],
    [
      record('user-ann', 'UserRegistered', registered('ann', 'Ann')),
      record('user-bob', 'UserRegistered', registered('bob', 'Bob')),
      record('user-fin', 'UserRegistered', registered('fin', 'Fin')),
      record('user-fin', 'RoleGranted', { role: 'finance' }),
      record('invoice-inv-1', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-1' })),
      record('invoice-inv-2', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-2' })),
      record('invoice-inv-3', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-3' })),
      record('invoice-inv-b', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-b', buyerId: 'bob' })),
      ...book('inv-1', 'ann', MON_1030, 'AP-1'),
      ...book('inv-2', 'ann', TUE_0930, 'AP-2'),
      record('appointment-inv-2', 'AppointmentCancelled', {
        appointmentId: 'AP-2',
        invoiceId: 'inv-2',
        buyerId: 'ann',
        startsAt: TUE_0930,
      }),
      record(`slot-${TUE_0930}`, 'SlotReleased', {
        startsAt: TUE_0930,
        appointmentId: 'AP-2',
        invoiceId: 'inv-2',
        reason: 'cancelled',
      }),
      ...book('inv-b', 'bob', MON_1030, 'AP-B'),
    ],
  );
  return { docs, ...(await queryApp(appointmentQueries, docs, clock)) };
}
const data = (response: { json(): { data: { responseData: unknown } } }) =>
  response.json().data.responseData as never;

describe('checkAppointments', () => {
  it('lists the slots still bookable with their places left, in Chicago time, from now on', async () => {
    const { app, post, signIn } = await pickups();
    const answer = await post(
      '/api/appointment/checkAppointments',
      { to: '2026-11-24' },
      await signIn('ann'),
    );
    expect(answer.statusCode).toBe(200);
    const { records, totalRecords, time_zone } = data(answer) as {
      records: { starts_at: string; time: string; remaining: number; date: string }[];
      totalRecords: number;
      time_zone: string;
    };
    expect(time_zone).toBe('America/Chicago');
    // Monday from 10:30 (14 slots left of 16) and all 16 of Tuesday.
    expect(totalRecords).toBe(30);
    expect(records[0]).toEqual({
      starts_at: MON_1030,
      ends_at: '2026-11-23T17:00:00.000Z',
      date: '2026-11-23',
      time: '10:30',
      capacity: 3,
      remaining: 1,
    });
    expect(records.find((r) => r.starts_at === TUE_0930)?.remaining).toBe(3);
    expect(records.at(-1)).toMatchObject({ date: '2026-11-24', time: '17:00' });
    await app.close();
  });

  it('answers no slot for a weekend, and refuses a range over 31 days naming the field', async () => {
    const { app, post, signIn } = await pickups();
    const ann = await signIn('ann');
    const weekend = await post(
      '/api/appointment/checkAppointments',
      { from: '2026-11-28', to: '2026-11-29' },
      ann,
    );
    expect((data(weekend) as { records: unknown[] }).records).toEqual([]);
    const long = await post(
      '/api/appointment/checkAppointments',
      { from: '2026-11-24', to: '2027-01-24' },
      ann,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().data.responseData.issues[0].field).toBe('to');
    expect((await post('/api/appointment/checkAppointments', {})).statusCode).toBe(403);
    await app.close();
  });
});

describe('the caller’s appointments', () => {
  it('lists the booked ones to come; totalRecords is the list of them (its length is used)', async () => {
    const { app, post, signIn } = await pickups();
    const answer = data(await post('/api/appointment/getAppointments', {}, await signIn('ann'))) as {
      records: { id: string; invoice_id: string; time: string }[];
      totalRecords: string[];
    };
    expect(answer.records.map((r) => [r.id, r.invoice_id, r.time])).toEqual([['AP-1', 'inv-1', '10:30']]);
    expect(answer.totalRecords).toEqual(['AP-1']);
    await app.close();
  });

  it('answers an invoice’s appointment with its calendar file; someone else’s invoice is unknown', async () => {
    const { app, post, signIn } = await pickups();
    const ann = await signIn('ann');
    const mine = data(
      await post('/api/appointment/getAppointmentForInvoice', { invoice_id: 'inv-1' }, ann),
    ) as {
      records: { starts_at: string }[];
      calendars: string;
    };
    expect(mine.records.map((r) => r.starts_at)).toEqual([MON_1030]);
    expect(mine.calendars).toContain('DTSTART:20261123T163000Z');
    expect(mine.calendars).toContain('UID:AP-1@pickup.fine-wine-auction');
    const none = data(await post('/api/appointment/getAppointmentForInvoice', { invoice_id: 'inv-3' }, ann));
    expect(none).toEqual({ records: [], calendars: null, totalRecords: 0, setDisp: '' });
    const cancelled = data(
      await post('/api/appointment/getAppointmentForInvoice', { invoice_id: 'inv-2' }, ann),
    );
    expect(cancelled).toEqual({ records: [], calendars: null, totalRecords: 0, setDisp: '' });
    const bobs = await post('/api/appointment/getAppointmentForInvoice', { invoice_id: 'inv-b' }, ann);
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json().data.code).toBe('INVOICE_NOT_FOUND');
    await app.close();
  });

  it('shows the booked appointment on the invoice detail', async () => {
    const { docs } = await pickups();
    const { app, post, signIn } = await queryApp(invoiceQueries, docs, clock);
    const detail = data(
      await post('/api/user/invoice/getInvoiceDetails', { id: 'inv-1' }, await signIn('ann')),
    ) as { appointmentDetail: unknown };
    expect(detail.appointmentDetail).toEqual({
      id: 'AP-1',
      starts_at: MON_1030,
      ends_at: '2026-11-23T17:00:00.000Z',
    });
    const cancelled = data(
      await post('/api/user/invoice/getInvoiceDetails', { id: 'inv-2' }, await signIn('ann')),
    ) as { appointmentDetail: unknown };
    expect(cancelled.appointmentDetail).toBeNull();
    await app.close();
  });
});

describe('the staff’s day (/api/admin/appointment/dashboard)', () => {
  it('shows each slot of the day and who comes, to finance and admins only', async () => {
    const { app, post, signIn } = await pickups();
    expect(
      (await post('/api/admin/appointment/dashboard', { date: '2026-11-23' }, await signIn('ann')))
        .statusCode,
    ).toBe(403);
    const day = data(
      await post('/api/admin/appointment/dashboard', { date: '2026-11-23' }, await signIn('fin')),
    ) as {
      records: {
        time: string;
        remaining: number;
        appointments: { invoice_id: string; buyer_name: string }[];
      }[];
      totalRecords: number;
    };
    expect(day.records).toHaveLength(16);
    expect(day.totalRecords).toBe(2);
    const busy = day.records.find((r) => r.time === '10:30');
    expect(busy?.remaining).toBe(1);
    expect(busy?.appointments.map((a) => [a.invoice_id, a.buyer_name])).toEqual([
      ['inv-1', 'Ann Buyer'],
      ['inv-b', 'Bob Buyer'],
    ]);
    await app.close();
  });
});
