import type { RecordedEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { SELLER_CHARGES, type SellerChargeDocument, sellerChargesProjection } from './project.ts';

const admin = { actor: { kind: 'admin' as const, id: 'ada' } };

/** sam's photography charge of $75.50 for lot s-1, billed by ada. */
const charge = (invoiceId = 'S-1', over: Record<string, unknown> = {}) =>
  invoiceIssued({
    invoiceId,
    number: '2026-000042',
    kind: 'charge',
    charge: { kind: 'photography', note: 'Studio shots' },
    buyerId: 'sam',
    lines: [
      {
        lotId: 's-1',
        title: '2010 Latour',
        sellerId: 'house',
        qty: 1,
        unitPrice: 7_550,
        amount: 7_550,
        reservationId: null,
      },
    ],
    amounts: { subtotal: 7_550, premiumPercent: 0, premium: 0, tax: 0, total: 7_550 },
    ...over,
  });

const chargeOf = async (events: RecordedEvent[], id = 'S-1') => {
  const docs = await applyEvents([sellerChargesProjection, invoicesProjection], events);
  return { docs, doc: await docs.collection<SellerChargeDocument>(SELLER_CHARGES).findOne({ _id: id }) };
};

describe('the seller charges read model (issue 38 §1)', () => {
  it('keeps a charge billed to its seller, unpaid, with its kind, lot, note, number and who billed it', async () => {
    const record = eventRecorder();
    const issued = record('invoice-S-1', 'InvoiceIssued', charge(), admin);
    const { docs, doc } = await chargeOf([issued]);
    expect(doc).toMatchObject({
      seller_id: 'sam',
      number: '2026-000042',
      kind: 'photography',
      lot_id: 's-1',
      title: '2010 Latour',
      note: 'Studio shots',
      amount: 7_550,
      paid: 0,
      due: 7_550,
      status: 'unpaid',
      billed_at: issued.metadata.occurredAt,
      billed_by: 'ada',
      paid_at: null,
    });
    // A charge is no purchase: the buyers' invoices read model has no document for it.
    expect(await docs.collection('invoices').findOne({ _id: 'S-1' })).toBeNull();
  });

  it('follows its payments: partial, then paid at the payment that paid it, owed again after a payment undone; once when run twice', async () => {
    const record = eventRecorder();
    const events = [
      record('invoice-S-1', 'InvoiceIssued', charge(), admin),
      record('invoice-S-1', 'PaymentRecorded', paymentRecorded('p-w', 2_000, 'wallet')),
      record('invoice-S-1', 'PaymentRecorded', paymentRecorded('p-c', 5_550)),
    ];
    const { docs, doc } = await chargeOf(events);
    expect(doc).toMatchObject({
      paid: 7_550,
      due: 0,
      status: 'paid',
      paid_at: events[2]?.metadata.occurredAt,
    });
    // Delivered again (at-least-once): nothing changes.
    await applyEvents([sellerChargesProjection], events, docs);
    expect(await docs.collection<SellerChargeDocument>(SELLER_CHARGES).findOne({ _id: 'S-1' })).toMatchObject(
      {
        paid: 7_550,
        status: 'paid',
      },
    );
    const undone = record('invoice-S-1', 'PaymentRefunded', {
      refundId: 'r-1',
      paymentId: 'p-c',
      amount: 5_550,
      to: 'card',
      reason: 'charged by mistake',
    });
    await applyEvents([sellerChargesProjection], [undone], docs);
    expect(await docs.collection<SellerChargeDocument>(SELLER_CHARGES).findOne({ _id: 'S-1' })).toMatchObject(
      {
        paid: 2_000,
        due: 5_550,
        status: 'partial',
        paid_at: null,
      },
    );
  });

  it('says void when voided, names no lot for a charge for none, and keeps nothing of other invoices', async () => {
    const record = eventRecorder();
    const storage = charge('S-2', {
      charge: { kind: 'storage', note: null },
      lines: [
        {
          lotId: 'S-2',
          title: 'Storage',
          sellerId: 'house',
          qty: 1,
          unitPrice: 1_000,
          amount: 1_000,
          reservationId: null,
        },
      ],
      amounts: { subtotal: 1_000, premiumPercent: 0, premium: 0, tax: 0, total: 1_000 },
    });
    const events = [
      record('invoice-S-2', 'InvoiceIssued', storage, admin),
      record('invoice-S-2', 'InvoiceVoided', { reason: 'expired' }),
      record('invoice-A-1', 'InvoiceIssued', invoiceIssued({ invoiceId: 'A-1', buyerId: 'sam' })),
      record('invoice-A-1', 'PaymentRecorded', paymentRecorded('p-a', 66_150)),
    ];
    const { docs, doc } = await chargeOf(events, 'S-2');
    expect(doc).toMatchObject({ kind: 'storage', lot_id: null, status: 'void' });
    expect(await docs.collection(SELLER_CHARGES).find({})).toHaveLength(1);
  });
});
