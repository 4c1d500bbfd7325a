import type { RecordedEvent } from '@wine/event-schemas';
import type { DocumentStore } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import {
  INVOICE_TRANSACTIONS,
  INVOICES,
  type InvoiceDocument,
  invoicesProjection,
} from '../invoices/project.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { RETURNS, type ReturnDocument, returnsProjection } from './project.ts';

const stream = 'invoice-inv-1';
const staff = { actor: { kind: 'user' as const, id: 'fin' } };
// $500 + 20% premium + 10.25% tax on both.
const TOTAL = 66_150;

const given = (events: RecordedEvent[]) => applyEvents([invoicesProjection, returnsProjection], events);
const returnOf = async (docs: DocumentStore, id = 'r-1') =>
  (await docs.collection<ReturnDocument>(RETURNS).findOne({ _id: id })) as ReturnDocument;
const invoiceOf = async (docs: DocumentStore) =>
  (await docs.collection<InvoiceDocument>(INVOICES).findOne({ _id: 'inv-1' })) as InvoiceDocument;

/** ann's paid auction invoice, her request to return the lot, and what follows it. */
function story() {
  const record = eventRecorder();
  const paid = [
    record(stream, 'InvoiceIssued', invoiceIssued()),
    record(stream, 'PaymentRecorded', paymentRecorded('p-1', TOTAL)),
  ];
  const requested = record(
    stream,
    'ReturnRequested',
    {
      returnId: 'r-1',
      lotId: 'l-1',
      qty: 1,
      reason: 'Corked',
      amount: TOTAL,
    },
    { actor: { kind: 'user', id: 'ann' } },
  );
  const accepted = record(
    stream,
    'ReturnAccepted',
    { returnId: 'r-1', by: 'fin', note: '', to: 'wallet' },
    staff,
  );
  const refunded = record(
    stream,
    'PaymentRefunded',
    {
      refundId: 'r-1:refund',
      paymentId: 'p-1',
      amount: TOTAL,
      to: 'wallet',
      reason: 'Return of 1 × 2005 Pétrus: Corked',
      returnId: 'r-1',
    },
    staff,
  );
  return { record, paid, requested, accepted, refunded };
}

describe('returns projection', () => {
  it('keeps a request waiting for a decision, then accepted, then refunded with its refund', async () => {
    const { paid, requested, accepted, refunded } = story();
    expect(await returnOf(await given([...paid, requested]))).toMatchObject({
      invoice_id: 'inv-1',
      product_id: 'l-1',
      qty: 1,
      reason: 'Corked',
      amount: TOTAL,
      status: 'requested',
      refund_to: null,
      requested_at: requested.metadata.occurredAt,
      decided_at: null,
    });
    expect(await returnOf(await given([...paid, requested, accepted]))).toMatchObject({
      status: 'accepted',
      refund_to: 'wallet',
      decided_by: 'fin',
      decided_at: accepted.metadata.occurredAt,
      note: null,
    });
    expect(await returnOf(await given([...paid, requested, accepted, refunded]))).toMatchObject({
      status: 'refunded',
      refund_to: 'wallet',
      refund_id: 'r-1:refund',
      refunded_at: refunded.metadata.occurredAt,
    });
  });

  it('keeps the wine received, then a partial refund claimed and recorded in parts (issue 31)', async () => {
    const { record, paid, requested, accepted } = story();
    const received = record(
      stream,
      'ReturnReceived',
      { returnId: 'r-1', good: 1, damaged: 0, by: 'fin', note: '' },
      staff,
    );
    const parts = [
      { paymentId: 'p-1', to: 'card' as const, amount: 40_000 },
      { paymentId: 'p-2', to: 'wallet' as const, amount: 10_000 },
    ];
    const started = record(
      stream,
      'ReturnRefundStarted',
      {
        returnId: 'r-1',
        refundId: 'rf',
        amount: 50_000,
        reason: 'Label torn',
        by: 'fin',
        lotId: 'l-1',
        qty: 1,
        price: 41_689,
        premium: 7_558,
        tax: 753,
        taxState: 'IL',
        taxRate: 1025,
        parts,
      },
      staff,
    );
    const [card, wallet] = parts.map((part, i) =>
      record(
        stream,
        'PaymentRefunded',
        { refundId: `rf-${i + 1}`, ...part, reason: 'Return', returnId: 'r-1' },
        staff,
      ),
    ) as [RecordedEvent, RecordedEvent];
    expect(await returnOf(await given([...paid, requested, accepted, received]))).toMatchObject({
      status: 'received',
      good: 1,
      damaged: 0,
      received_at: received.metadata.occurredAt,
    });
    expect(await returnOf(await given([...paid, requested, accepted, received, started]))).toMatchObject({
      status: 'refunding',
      refunded_amount: 50_000,
      refund_reason: 'Label torn',
      refunded_card: 40_000,
      refunded_wallet: 10_000,
    });
    // The first part alone leaves it under way; both parts, refunded.
    expect(
      (await returnOf(await given([...paid, requested, accepted, received, started, card]))).status,
    ).toBe('refunding');
    const done = await given([...paid, requested, accepted, received, started, card, wallet]);
    expect(await returnOf(done)).toMatchObject({
      status: 'refunded',
      refunded_at: wallet.metadata.occurredAt,
    });
    expect((await invoiceOf(done)).returned).toBe(50_000);
  });

  it('keeps a refusal with its note and who refused', async () => {
    const { record, paid, requested } = story();
    const refused = record(stream, 'ReturnRefused', { returnId: 'r-1', note: 'The capsule was cut' }, staff);
    expect(await returnOf(await given([...paid, requested, refused]))).toMatchObject({
      status: 'refused',
      note: 'The capsule was cut',
      decided_by: 'fin',
      refund_id: null,
    });
  });

  it('is idempotent when the events are applied twice', async () => {
    const { paid, requested, accepted, refunded } = story();
    const events = [...paid, requested, accepted, refunded];
    const once = await given(events);
    const twice = await applyEvents([invoicesProjection, returnsProjection], events, once);
    expect(await returnOf(twice)).toEqual(await returnOf(await given(events)));
    expect((await invoiceOf(twice)).returned).toBe(TOTAL);
  });

  it('ignores a refund that undoes a payment (no return)', async () => {
    const { record, paid } = story();
    const undone = record(stream, 'PaymentRefunded', {
      refundId: 'u-1',
      paymentId: 'p-1',
      amount: 100,
      to: 'card',
      reason: 'undo',
    });
    expect(returnsProjection.project(undone)).toEqual([]);
    const docs = await given([...paid, undone]);
    expect(await docs.collection(RETURNS).countDocuments({})).toBe(0);
  });
});

describe('an invoice with returns (invoices projection)', () => {
  it('stays paid after a refund for a return, counting it as returned, with its log lines', async () => {
    const { paid, requested, accepted, refunded } = story();
    const invoice = await invoiceOf(await given([...paid, requested, accepted, refunded]));
    expect(invoice).toMatchObject({ status: 'paid', paid: TOTAL, due: 0, returned: TOTAL });
    expect(invoice.paid_at).toBe(paid[1]?.metadata.occurredAt);
    expect(invoice.order_log.slice(-3).map((entry) => [entry.event, entry.by, entry.text])).toEqual([
      ['ReturnRequested', 'user:ann', 'Return requested: 1 unit of l-1, refund $661.50. Reason: Corked'],
      ['ReturnAccepted', 'user:fin', 'Return r-1 accepted: refund to the wallet.'],
      [
        'PaymentRefunded',
        'user:fin',
        '$661.50 refunded to the wallet for return r-1: Return of 1 × 2005 Pétrus: Corked',
      ],
    ]);
  });

  it('keeps the refund for a return among the invoice transactions, naming the return', async () => {
    const { paid, requested, accepted, refunded } = story();
    const docs = await given([...paid, requested, accepted, refunded]);
    const refund = await docs.collection(INVOICE_TRANSACTIONS).findOne({ _id: 'inv-1:r-1:refund' });
    expect(refund).toMatchObject({ type: 'refund', method: 'wallet', amount: TOTAL, return_id: 'r-1' });
  });
});
