import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceIssued } from '../invoices/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { auctionAppointmentQueries } from './auction-queries.ts';
import { appointmentsProjection } from './project.ts';

// Monday 2026-11-23, 10:10 am in Chicago.
const clock = manualClock('2026-11-23T16:10:00.000Z');
const line = (lotId: string) => ({
  lotId,
  title: `Lot ${lotId}`,
  sellerId: 'house',
  qty: 1,
  unitPrice: 10_000,
  amount: 10_000,
  reservationId: null,
});

/**
 * The fall sale's lots close Tuesday and (its last) Wednesday 2026-11-25 at 2 pm in Chicago. ann won
 * f1 (pickup, no appointment) and f2 (pickup, booked); bob won f3; w1 is of another sale.
 */
async function given() {
  const record = eventRecorder();
  const docs = await applyEvents(
    [lotsProjection, invoicesProjection, appointmentsProjection],
    [
      record(
        'lot-f1',
        'LotListed',
        listedLot({ lotId: 'f1', auctionId: 'fall', closesAt: '2026-11-24T20:00:00.000Z' }),
      ),
      record(
        'lot-f2',
        'LotListed',
        listedLot({ lotId: 'f2', auctionId: 'fall', closesAt: '2026-11-25T20:00:00.000Z' }),
      ),
      record(
        'lot-f3',
        'LotListed',
        listedLot({ lotId: 'f3', auctionId: 'fall', closesAt: '2026-11-24T20:00:00.000Z' }),
      ),
      record(
        'lot-w1',
        'LotListed',
        listedLot({ lotId: 'w1', auctionId: 'winter', closesAt: '2026-11-24T20:00:00.000Z' }),
      ),
      record('invoice-i1', 'InvoiceIssued', invoiceIssued({ invoiceId: 'i1', lines: [line('f1')] })),
      record('invoice-i2', 'InvoiceIssued', invoiceIssued({ invoiceId: 'i2', lines: [line('f2')] })),
      record(
        'invoice-i3',
        'InvoiceIssued',
        invoiceIssued({ invoiceId: 'i3', buyerId: 'bob', lines: [line('f3')] }),
      ),
      record('invoice-i4', 'InvoiceIssued', invoiceIssued({ invoiceId: 'i4', lines: [line('w1')] })),
      record('appointment-i2', 'AppointmentBooked', {
        appointmentId: 'ap-2',
        invoiceId: 'i2',
        buyerId: 'ann',
        startsAt: '2026-11-30T15:30:00.000Z',
        endsAt: '2026-11-30T16:00:00.000Z',
      }),
    ],
  );
  return queryApp(auctionAppointmentQueries, docs, clock);
}

describe('appointment/checkAppointmentsForAuction', () => {
  it("offers slots from the day after the sale's last close, and names the caller's invoices of it still to book", async () => {
    const { app, post, signIn } = await given();
    const answer = await post(
      '/api/appointment/checkAppointmentsForAuction',
      { auction_id: 'fall' },
      await signIn('ann'),
    );
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data.responseData;
    expect(data).toMatchObject({
      auction_id: 'fall',
      last_close: '2026-11-25T20:00:00.000Z',
      first_day: '2026-11-26',
      invoice_ids: ['i1'],
      time_zone: 'America/Chicago',
    });
    // Thursday 26th at 9:30 am Chicago is the first slot; nothing before.
    expect(data.records[0]).toMatchObject({ date: '2026-11-26', time: '09:30', remaining: 3 });
    expect(data.records.every((s: { date: string }) => s.date >= '2026-11-26')).toBe(true);
    expect(data.totalRecords).toBe(data.records.length);
    await app.close();
  });

  it('starts no earlier than the day asked for, and refuses an unknown sale, a visitor and a reversed range', async () => {
    const { app, post, signIn } = await given();
    const ann = await signIn('ann');
    const later = (
      await post(
        '/api/appointment/checkAppointmentsForAuction',
        { auction_id: 'fall', from: '2026-11-30', to: '2026-11-30' },
        ann,
      )
    ).json().data.responseData;
    expect(later.first_day).toBe('2026-11-30');
    expect(new Set(later.records.map((s: { date: string }) => s.date))).toEqual(new Set(['2026-11-30']));
    const unknown = await post('/api/appointment/checkAppointmentsForAuction', { auction_id: 'none' }, ann);
    expect([unknown.statusCode, unknown.json().data.code]).toEqual([404, 'AUCTION_NOT_FOUND']);
    expect(
      (await post('/api/appointment/checkAppointmentsForAuction', { auction_id: 'fall' })).statusCode,
    ).toBe(403);
    const reversed = await post(
      '/api/appointment/checkAppointmentsForAuction',
      { auction_id: 'fall', from: '2026-11-30', to: '2026-11-27' },
      ann,
    );
    expect(reversed.statusCode).toBe(400);
    await app.close();
  });
});
