import type { RecordedEvent } from '@wine/event-schemas';
import type { DocumentStore } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import {
  INVOICE_TRANSACTIONS,
  INVOICES,
  type InvoiceDocument,
  type InvoiceTransactionDocument,
  invoicesProjection,
} from './project.ts';
import { invoiceIssued, paymentRecorded } from './testing.ts';

const stream = 'invoice-inv-1';
const buyer = { actor: { kind: 'user' as const, id: 'ann' } };
const card = { cardId: 'card-1', brand: 'Visa', last4: '4242' };
// $500 + 20% premium + 10.25% tax on both.
const TOTAL = 66_150;

const invoiceOf = async (docs: DocumentStore, id = 'inv-1') =>
  (await docs.collection<InvoiceDocument>(INVOICES).findOne({ _id: id })) as InvoiceDocument;
const transactionsOf = (docs: DocumentStore) =>
  docs
    .collection<InvoiceTransactionDocument>(INVOICE_TRANSACTIONS)
    .find({}, { sort: { created_position: 1 } });
const given = (events: RecordedEvent[]) => applyEvents([invoicesProjection], events);

describe('invoices projection: status', () => {
  it('issues an invoice unpaid, with all of its total due', async () => {
    const record = eventRecorder();
    const docs = await given([
      record(stream, 'InvoiceIssued', invoiceIssued(), { actor: { kind: 'system', id: 'closer' } }),
    ]);
    expect(await invoiceOf(docs)).toMatchObject({
      kind: 'auction',
      buyer_id: 'ann',
      status: 'unpaid',
      paid: 0,
      due: TOTAL,
      paid_at: null,
      amounts: { subtotal: 50_000, premium_percent: 20, premium: 10_000, tax: 6_150, total: TOTAL },
      items: [{ product_id: 'l-1', title: '2005 Pétrus', seller_id: 'house', qty: 1, amount: 50_000 }],
    });
  });

  it('goes partial on a first payment and paid when the payments cover the total, paid at that event', async () => {
    const record = eventRecorder();
    const issued = record(stream, 'InvoiceIssued', invoiceIssued());
    const first = record(stream, 'PaymentRecorded', paymentRecorded('p-1', 30_000), buyer);
    const rest = record(stream, 'PaymentRecorded', paymentRecorded('p-2', TOTAL - 30_000, 'wallet'), buyer);
    const partly = await given([issued, first]);
    expect(await invoiceOf(partly)).toMatchObject({
      status: 'partial',
      paid: 30_000,
      due: TOTAL - 30_000,
      paid_at: null,
    });
    const paid = await given([issued, first, rest]);
    expect(await invoiceOf(paid)).toMatchObject({
      status: 'paid',
      paid: TOTAL,
      due: 0,
      paid_at: rest.metadata.occurredAt,
    });
  });

  it('is partial again, and no longer paid at any time, when a refund takes it below its total', async () => {
    const record = eventRecorder();
    const docs = await given([
      record(stream, 'InvoiceIssued', invoiceIssued()),
      record(stream, 'PaymentRecorded', paymentRecorded('p-1', TOTAL)),
      record(stream, 'PaymentRefunded', {
        refundId: 'r-1',
        paymentId: 'p-1',
        amount: 10_000,
        to: 'wallet',
        reason: 'Return of one bottle',
      }),
    ]);
    expect(await invoiceOf(docs)).toMatchObject({
      status: 'partial',
      paid: TOTAL - 10_000,
      due: 10_000,
      paid_at: null,
    });
  });

  it('is void after InvoiceVoided', async () => {
    const record = eventRecorder();
    const s = 'invoice-inv-2';
    const docs = await given([
      record(s, 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-2', kind: 'buynow' })),
      record(s, 'PaymentStarted', { paymentId: 'p-1', method: 'card', amount: 1_000, card }),
      record(s, 'PaymentFailed', { paymentId: 'p-1', reason: 'Your card was declined.' }),
      record(s, 'InvoiceVoided', { reason: 'payment_failed' }),
    ]);
    expect(await invoiceOf(docs, 'inv-2')).toMatchObject({ status: 'void', voided: true, paid: 0 });
  });

  it('takes the delivery and the amounts InvoiceDeliveryChosen gives, and what is due with them', async () => {
    const record = eventRecorder();
    const address = { address1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' };
    const amounts = { subtotal: 50_000, premiumPercent: 20, premium: 10_000, tax: 3_750, total: 63_750 };
    const delivery = { method: 'delivery', address, billingAddress: null, taxState: 'IL', taxRate: 625 };
    const docs = await given([
      record(stream, 'InvoiceIssued', invoiceIssued()),
      record(stream, 'InvoiceDeliveryChosen', { delivery, amounts }, buyer),
    ]);
    expect(await invoiceOf(docs)).toMatchObject({
      delivery,
      amounts: { tax: 3_750, total: 63_750, premium_percent: 20 },
      due: 63_750,
      status: 'unpaid',
    });
  });
});

describe('invoices projection: transactions', () => {
  it('follows a card payment from started through the issuer to succeeded, with the card and the charge', async () => {
    const record = eventRecorder();
    const started = record(stream, 'PaymentStarted', {
      paymentId: 'p-1',
      method: 'card',
      amount: TOTAL,
      card,
    });
    const events = [
      record(stream, 'InvoiceIssued', invoiceIssued()),
      started,
      record(stream, 'PaymentActionRequired', { paymentId: 'p-1' }),
    ];
    const waiting = await given(events);
    expect(await transactionsOf(waiting)).toMatchObject([{ id: 'inv-1:p-1', status: 'action_required' }]);
    const done = await given([...events, record(stream, 'PaymentRecorded', paymentRecorded('p-1', TOTAL))]);
    expect(await transactionsOf(done)).toEqual([
      expect.objectContaining({
        id: 'inv-1:p-1',
        invoice_id: 'inv-1',
        type: 'payment',
        method: 'card',
        status: 'succeeded',
        amount: TOTAL,
        card_brand: 'Visa',
        card_last4: '4242',
        reference: 'ch_p-1',
        reason: null,
        created_at: started.metadata.occurredAt,
      }),
    ]);
  });

  it('keeps a failed payment with its reason, and starts a transaction at a payment recorded with no start', async () => {
    const record = eventRecorder();
    const docs = await given([
      record(stream, 'InvoiceIssued', invoiceIssued()),
      record(stream, 'PaymentStarted', { paymentId: 'p-1', method: 'card', amount: TOTAL, card }),
      record(stream, 'PaymentFailed', { paymentId: 'p-1', reason: 'Your card was declined.' }),
      record(stream, 'PaymentRecorded', paymentRecorded('p-2', TOTAL, 'offline'), {
        actor: { kind: 'admin', id: 'adm' },
      }),
    ]);
    expect(await transactionsOf(docs)).toMatchObject([
      { id: 'inv-1:p-1', status: 'failed', reason: 'Your card was declined.' },
      {
        id: 'inv-1:p-2',
        type: 'payment',
        method: 'offline',
        status: 'succeeded',
        amount: TOTAL,
        card_brand: null,
      },
    ]);
  });

  it('records a refund as a transaction of its own, naming the payment it gives back', async () => {
    const record = eventRecorder();
    const docs = await given([
      record(stream, 'InvoiceIssued', invoiceIssued()),
      record(stream, 'PaymentRecorded', paymentRecorded('p-1', TOTAL)),
      record(stream, 'PaymentRefunded', {
        refundId: 'r-1',
        paymentId: 'p-1',
        amount: TOTAL,
        to: 'card',
        reason: 'Damaged',
      }),
    ]);
    const [, refund] = await transactionsOf(docs);
    expect(refund).toMatchObject({
      id: 'inv-1:r-1',
      type: 'refund',
      method: 'card',
      status: 'succeeded',
      amount: TOTAL,
      reference: 'inv-1:p-1',
      reason: 'Damaged',
    });
    expect(await invoiceOf(docs)).toMatchObject({ status: 'unpaid', paid: 0, due: TOTAL });
  });
});

describe('invoices projection: order log and notes', () => {
  it('logs every event with when, who and what, the amounts written as money', async () => {
    const record = eventRecorder();
    const events = [
      record(stream, 'InvoiceIssued', invoiceIssued(), { actor: { kind: 'system', id: 'closer' } }),
      record(stream, 'PaymentStarted', { paymentId: 'p-1', method: 'card', amount: TOTAL, card }, buyer),
      record(stream, 'PaymentRecorded', paymentRecorded('p-1', TOTAL), buyer),
      record(
        stream,
        'InvoiceNoteAdded',
        { note: 'Collected by his driver.', public: true },
        { actor: { kind: 'admin', id: 'adm' } },
      ),
      record(
        stream,
        'InvoiceNoteAdded',
        { note: 'Asked twice for a discount.', public: false },
        { actor: { kind: 'admin', id: 'adm' } },
      ),
    ];
    const invoice = await invoiceOf(await given(events));
    expect(invoice.order_log).toEqual([
      {
        at: events[0]?.metadata.occurredAt,
        event: 'InvoiceIssued',
        by: 'system:closer',
        text: 'Invoice issued: 1 item, total $661.50, due 2026-12-06.',
      },
      {
        at: events[1]?.metadata.occurredAt,
        event: 'PaymentStarted',
        by: 'user:ann',
        text: 'Card payment of $661.50 started (Visa ending 4242).',
      },
      {
        at: events[2]?.metadata.occurredAt,
        event: 'PaymentRecorded',
        by: 'user:ann',
        text: 'Card payment of $661.50 received.',
      },
      {
        at: events[3]?.metadata.occurredAt,
        event: 'InvoiceNoteAdded',
        by: 'admin:adm',
        text: 'Note: Collected by his driver.',
      },
      {
        at: events[4]?.metadata.occurredAt,
        event: 'InvoiceNoteAdded',
        by: 'admin:adm',
        text: 'Internal note added.',
      },
    ]);
    expect(invoice.notes_public).toEqual([
      { note: 'Collected by his driver.', at: events[3]?.metadata.occurredAt },
    ]);
    expect(JSON.stringify(invoice)).not.toContain('discount');
  });

  it("logs the invoice's tax as recorded with the tax service (issue 35 §5)", async () => {
    const record = eventRecorder();
    const tax = { actor: { kind: 'system', id: 'tax:recording' } } as const;
    const docs = await given([
      record(stream, 'InvoiceIssued', invoiceIssued()),
      record(stream, 'TaxRecorded', { service: 'avalara', code: '2026-000123', tax: 6_150 }, tax),
      record(
        stream,
        'TaxRefunded',
        { returnId: 'r1', service: 'avalara', code: '2026-000123-r1', amount: 11_025, tax: 1_025 },
        tax,
      ),
      record(stream, 'TaxVoided', { service: 'avalara', code: '2026-000123' }, tax),
    ]);
    expect((await invoiceOf(docs)).order_log.slice(1).map((e) => [e.by, e.text])).toEqual([
      ['system:tax:recording', 'Sale recorded with the tax service (avalara) as 2026-000123: tax $61.50.'],
      [
        'system:tax:recording',
        'Refund of $110.25 for return r1 recorded with the tax service (avalara) as 2026-000123-r1: tax $10.25.',
      ],
      ['system:tax:recording', 'Sale 2026-000123 voided with the tax service (avalara).'],
    ]);
  });

  it('takes a text that looks like a field path as text', async () => {
    const record = eventRecorder();
    const docs = await given([
      record(stream, 'InvoiceIssued', invoiceIssued()),
      record(stream, 'InvoiceNoteAdded', { note: '$paid', public: true }),
    ]);
    expect((await invoiceOf(docs)).notes_public.map((n) => n.note)).toEqual(['$paid']);
  });
});

describe('invoices projection: replays', () => {
  it('is idempotent when the events are delivered twice', async () => {
    const record = eventRecorder();
    const events = [
      record(stream, 'InvoiceIssued', invoiceIssued()),
      record(stream, 'PaymentStarted', { paymentId: 'p-1', method: 'card', amount: 30_000, card }),
      record(stream, 'PaymentRecorded', paymentRecorded('p-1', 30_000)),
      record(stream, 'PaymentRefunded', {
        refundId: 'r-1',
        paymentId: 'p-1',
        amount: 5_000,
        to: 'wallet',
        reason: 'Goodwill',
      }),
      record(stream, 'InvoiceNoteAdded', { note: 'Thanks!', public: true }),
    ];
    const once = await given(events);
    const twice = await given([...events, ...events]);
    expect(await invoiceOf(twice)).toEqual(await invoiceOf(once));
    expect(await transactionsOf(twice)).toEqual(await transactionsOf(once));
    expect(await invoiceOf(twice)).toMatchObject({ paid: 25_000, order_log: expect.any(Array) });
    expect((await invoiceOf(twice)).order_log).toHaveLength(5);
  });
});
