import type { RecordedEvent } from '@wine/event-schemas';
import type { DocumentStore } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { INVOICES, type InvoiceDocument, invoicesProjection } from './project.ts';
import { invoiceIssued, paymentRecorded } from './testing.ts';

/** Issue 38 §2: the admin fee, a line's certificate and status, the owner's share, as the read model keeps them. */
const stream = 'invoice-inv-1';
const invoiceOf = async (docs: DocumentStore) =>
  (await docs.collection<InvoiceDocument>(INVOICES).findOne({ _id: 'inv-1' })) as InvoiceDocument;
const lines = [
  {
    lotId: 'l-1',
    title: 'Pétrus',
    sellerId: 'house',
    qty: 1,
    unitPrice: 50_000,
    amount: 50_000,
    reservationId: null,
  },
  {
    lotId: 'l-2',
    title: 'Yquem',
    sellerId: 'house',
    qty: 1,
    unitPrice: 10_000,
    amount: 10_000,
    reservationId: null,
  },
];

function history() {
  const record = eventRecorder();
  const issued = invoiceIssued({ lines });
  const fee = (amount: number) =>
    record(stream, 'InvoiceAdminFeeSet', {
      fee: amount,
      note: 'Handling',
      by: 'fin',
      amounts: {
        ...issued.amounts,
        ...(amount > 0 ? { adminFee: amount } : {}),
        total: issued.amounts.total + amount,
      },
      delivery: issued.delivery,
    });
  return { record, issued, fee, total: issued.amounts.total };
}

describe('invoices projection: the admin fee', () => {
  it('keeps the fee in the amounts and what is due; paying the new total makes it paid; 0 takes it off', async () => {
    const { record, issued, fee, total } = history();
    const events: RecordedEvent[] = [record(stream, 'InvoiceIssued', issued), fee(2_500)];
    const docs = await applyEvents([invoicesProjection], events);
    expect((await invoiceOf(docs)).amounts).toMatchObject({ admin_fee: 2_500, total: total + 2_500 });
    expect(await invoiceOf(docs)).toMatchObject({ due: total + 2_500, status: 'unpaid' });
    await applyEvents(
      [invoicesProjection],
      [record(stream, 'PaymentRecorded', paymentRecorded('p', total))],
      docs,
    );
    expect(await invoiceOf(docs)).toMatchObject({ status: 'partial', due: 2_500 });
    const off = await applyEvents(
      [invoicesProjection],
      [record(stream, 'InvoiceIssued', issued), fee(2_500), fee(0)],
    );
    expect((await invoiceOf(off)).amounts.admin_fee).toBeUndefined();
    expect((await invoiceOf(off)).amounts.total).toBe(total);
  });
});

describe("invoices projection: a line's certificate and status", () => {
  it('sets them on that line only, takes the certificate off, and changes nothing when delivered again', async () => {
    const { record, issued } = history();
    const events = [
      record(stream, 'InvoiceIssued', issued),
      record(stream, 'OwnershipCertificateAttached', {
        lotId: 'l-2',
        reference: 'R-1',
        issuer: 'Bureau',
        issuedOn: '2019-05-02',
        note: '',
        by: 'sam',
      }),
      record(stream, 'InvoiceProductStatusChanged', { lotId: 'l-1', status: 'ready', by: 'fin' }),
    ];
    const docs = await applyEvents([invoicesProjection], events);
    const items = (await invoiceOf(docs)).items;
    expect(items[0]).toMatchObject({ product_id: 'l-1', product_status: 'ready' });
    expect(items[0]?.certificate).toBeUndefined();
    expect(items[1]).toMatchObject({
      product_id: 'l-2',
      certificate: { reference: 'R-1', issuer: 'Bureau', issued_on: '2019-05-02', note: '' },
    });
    const before = await invoiceOf(docs);
    await applyEvents([invoicesProjection], events, docs);
    expect(await invoiceOf(docs)).toEqual(before);
    await applyEvents(
      [invoicesProjection],
      [record(stream, 'OwnershipCertificateRemoved', { lotId: 'l-2', by: 'sam' })],
      docs,
    );
    expect((await invoiceOf(docs)).items[1]?.certificate).toBeNull();
  });
});

describe("invoices projection: the owner's share", () => {
  it('keeps the hash of the shared link while shared, and forgets it once revoked', async () => {
    const { record, issued } = history();
    const hash = 'f'.repeat(64);
    const docs = await applyEvents(
      [invoicesProjection],
      [
        record(stream, 'InvoiceIssued', issued),
        record(stream, 'InvoiceShared', { shareId: 'S-1', tokenHash: hash }),
      ],
    );
    expect((await invoiceOf(docs)).share_token_hash).toBe(hash);
    await applyEvents(
      [invoicesProjection],
      [record(stream, 'InvoiceShareRevoked', { shareId: 'S-1' })],
      docs,
    );
    expect((await invoiceOf(docs)).share_token_hash).toBeNull();
  });
});
