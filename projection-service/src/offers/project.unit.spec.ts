import type { RecordedEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { OFFERS, type OfferDocument, offersProjection } from './project.ts';

const made = (offerId: string, buyerId: string, price: number, qty = 2, extra = {}) => ({
  offerId,
  buyerId,
  qty,
  price,
  expiresAt: '2026-11-24T12:00:00.000Z',
  ...extra,
});
const countered = (offerId: string, by: 'seller' | 'buyer', price: number, qty = 2) => ({
  offerId,
  by,
  actorId: by === 'seller' ? 'sam' : 'ann',
  price,
  qty,
  expiresAt: '2026-11-25T12:00:00.000Z',
});
const offerInvoice = (invoiceId: string, amount: number) =>
  invoiceIssued({
    invoiceId,
    kind: 'offer',
    lines: [
      {
        lotId: 'l-1',
        title: 'Lot',
        sellerId: 'sam',
        qty: 2,
        unitPrice: amount / 2,
        amount,
        reservationId: 'h-1',
      },
    ],
  });

const offersOf = async (docs: Awaited<ReturnType<typeof applyEvents>>) =>
  docs.collection<OfferDocument>(OFFERS).find({}, { sort: { _id: 1 } });
const at = (event: RecordedEvent | undefined) => event?.metadata.occurredAt;

describe('the offers read model', () => {
  it('follows an offer from made through counters to accepted and paid, step by step', async () => {
    const record = eventRecorder();
    const events = [
      record('lot-l-1', 'OfferMade', made('o-1', 'ann', 8_000)),
      record('lot-l-1', 'OfferCountered', countered('o-1', 'seller', 9_500)),
      record('lot-l-1', 'OfferCountered', countered('o-1', 'buyer', 9_000)),
      record('lot-l-1', 'OfferAccepted', {
        offerId: 'o-1',
        by: 'seller',
        actorId: 'sam',
        price: 9_000,
        qty: 2,
        reservationId: 'h-1',
        invoiceId: 'inv-o1',
      }),
      record('invoice-inv-o1', 'InvoiceIssued', offerInvoice('inv-o1', 18_000)),
    ];
    const total = offerInvoice('inv-o1', 18_000).amounts.total;
    const paying = [
      record('invoice-inv-o1', 'PaymentRecorded', paymentRecorded('p-1', 1_000)),
      record('invoice-inv-o1', 'PaymentRecorded', paymentRecorded('p-2', total - 1_000)),
    ];
    const docs = await applyEvents([offersProjection], events);
    const [accepted] = await offersOf(docs);
    expect(accepted).toMatchObject({
      _id: 'l-1:o-1',
      id: 'o-1',
      lot_id: 'l-1',
      buyer_id: 'ann',
      kind: 'offer',
      status: 'accepted',
      turn: null,
      staff_rank: 2,
      buyer_rank: 2,
      qty: 2,
      price: 9_000,
      offered_price: 8_000,
      counters: 2,
      made_at: at(events[0]),
      updated_at: at(events[3]),
      updated_position: events[3]?.position,
      expires_at: '2026-11-25T12:00:00.000Z',
      invoice_id: 'inv-o1',
      reservation_id: 'h-1',
      invoice_total: total,
      invoice_paid: 0,
      paid: false,
      paid_at: null,
    });

    await applyEvents([offersProjection], paying.slice(0, 1), docs);
    expect((await offersOf(docs))[0]).toMatchObject({ invoice_paid: 1_000, paid: false, paid_at: null });

    await applyEvents([offersProjection], paying.slice(1), docs);
    const [paid] = await offersOf(docs);
    expect(paid).toMatchObject({ invoice_paid: total, paid: true, paid_at: at(paying[1]) });
    expect(paid?.updated_position).toBe(paying[1]?.position);
    expect(paid?.history).toEqual([
      { at: at(events[0]), by: 'buyer', action: 'made', price: 8_000, qty: 2, reason: null },
      { at: at(events[1]), by: 'seller', action: 'countered', price: 9_500, qty: 2, reason: null },
      { at: at(events[2]), by: 'buyer', action: 'countered', price: 9_000, qty: 2, reason: null },
      { at: at(events[3]), by: 'seller', action: 'accepted', price: 9_000, qty: 2, reason: null },
      { at: at(paying[1]), by: 'buyer', action: 'paid', price: null, qty: null, reason: null },
    ]);
  });

  it('waits for the seller while open, for the buyer once the seller counters or offers a second chance', async () => {
    const record = eventRecorder();
    const docs = await applyEvents(
      [offersProjection],
      [
        record('lot-l-1', 'OfferMade', made('o-1', 'ann', 8_000)),
        record('lot-l-2', 'OfferMade', made('o-2', 'bob', 7_000)),
        record('lot-l-2', 'OfferCountered', countered('o-2', 'seller', 7_500)),
        record(
          'lot-l-3',
          'OfferMade',
          made('o-3', 'cat', 30_000, 1, { kind: 'second_chance', actorId: 'house' }),
        ),
        record(
          'lot-l-4',
          'OfferMade',
          made('o-4', 'dan', 20_000, 1, { kind: 'second_chance', actorId: 'sam' }),
        ),
      ],
    );
    const standing = (await offersOf(docs)).map((o) => [
      o._id,
      o.kind,
      o.status,
      o.turn,
      o.staff_rank,
      o.buyer_rank,
      o.history[0]?.by,
    ]);
    expect(standing).toEqual([
      ['l-1:o-1', 'offer', 'open', 'seller', 0, 1, 'buyer'],
      ['l-2:o-2', 'offer', 'countered', 'buyer', 1, 0, 'buyer'],
      ['l-3:o-3', 'second_chance', 'countered', 'buyer', 1, 0, 'house'],
      ['l-4:o-4', 'second_chance', 'countered', 'buyer', 1, 0, 'seller'],
    ]);
  });

  it('ends declined with the reason and note, withdrawn or replaced, or expired, each a step', async () => {
    const record = eventRecorder();
    const events = [
      record('lot-l-1', 'OfferMade', made('o-1', 'ann', 8_000)),
      record('lot-l-1', 'OfferDeclined', {
        offerId: 'o-1',
        by: 'seller',
        actorId: 'sam',
        reason: 'price_too_low',
        note: 'Try 90',
      }),
      record('lot-l-1', 'OfferMade', made('o-2', 'bob', 8_000)),
      record('lot-l-1', 'OfferWithdrawn', { offerId: 'o-2', reason: 'replaced' }),
      record('lot-l-1', 'OfferMade', made('o-3', 'bob', 8_500)),
      record('lot-l-1', 'OfferWithdrawn', { offerId: 'o-3', reason: 'withdrawn' }),
      record('lot-l-1', 'OfferMade', made('o-4', 'cat', 8_000)),
      record('lot-l-1', 'OfferExpired', { offerId: 'o-4' }),
      record('lot-l-1', 'OfferMade', made('o-5', 'dan', 1_000)),
      record('lot-l-1', 'OfferDeclined', {
        offerId: 'o-5',
        by: 'house',
        actorId: 'house',
        reason: 'auto_declined',
        note: '',
      }),
    ];
    const docs = await applyEvents([offersProjection], events);
    const ended = (await offersOf(docs)).map((o) => ({
      id: o.id,
      status: o.status,
      turn: o.turn,
      reason: o.reason,
      note: o.note,
      last: o.history.at(-1),
    }));
    const step = (i: number, by: string, action: string, reason: string | null) => ({
      at: at(events[i]),
      by,
      action,
      price: null,
      qty: null,
      reason,
    });
    expect(ended).toEqual([
      {
        id: 'o-1',
        status: 'declined',
        turn: null,
        reason: 'price_too_low',
        note: 'Try 90',
        last: step(1, 'seller', 'declined', 'price_too_low'),
      },
      {
        id: 'o-2',
        status: 'withdrawn',
        turn: null,
        reason: 'replaced',
        note: null,
        last: step(3, 'buyer', 'replaced', 'replaced'),
      },
      {
        id: 'o-3',
        status: 'withdrawn',
        turn: null,
        reason: 'withdrawn',
        note: null,
        last: step(5, 'buyer', 'withdrawn', 'withdrawn'),
      },
      {
        id: 'o-4',
        status: 'expired',
        turn: null,
        reason: null,
        note: null,
        last: step(7, 'house', 'expired', null),
      },
      {
        id: 'o-5',
        status: 'declined',
        turn: null,
        reason: 'auto_declined',
        note: null,
        last: step(9, 'house', 'declined', 'auto_declined'),
      },
    ]);
  });

  it('leaves the offers alone on other invoices, and tells a voided or refunded invoice unpaid', async () => {
    const record = eventRecorder();
    const accept = (offerId: string, invoiceId: string) =>
      record('lot-l-1', 'OfferAccepted', {
        offerId,
        by: 'buyer',
        actorId: 'ann',
        price: 9_000,
        qty: 2,
        reservationId: `h-${offerId}`,
        invoiceId,
      });
    const docs = await applyEvents(
      [offersProjection],
      [
        record('lot-l-1', 'OfferMade', made('o-1', 'ann', 9_000)),
        accept('o-1', 'inv-1'),
        record('lot-l-1', 'OfferMade', made('o-2', 'bob', 9_000)),
        accept('o-2', 'inv-2'),
        record('invoice-inv-1', 'InvoiceIssued', offerInvoice('inv-1', 18_000)),
        record('invoice-inv-2', 'InvoiceIssued', offerInvoice('inv-2', 18_000)),
        // An auction invoice and its payment: no offer's.
        record('invoice-inv-9', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-9' })),
        record('invoice-inv-9', 'PaymentRecorded', paymentRecorded('p-9', 66_150)),
        record('invoice-inv-1', 'InvoiceVoided', { reason: 'expired' }),
        record('invoice-inv-2', 'PaymentRecorded', paymentRecorded('p-2', 18_000 + 1_845)),
        record('invoice-inv-2', 'PaymentRefunded', {
          refundId: 'r-2',
          paymentId: 'p-2',
          amount: 18_000 + 1_845,
          to: 'card',
          reason: 'voided',
        }),
      ],
    );
    const [voided, refunded] = await offersOf(docs);
    expect(voided).toMatchObject({ invoice_voided: true, paid: false, paid_at: null, invoice_paid: 0 });
    expect(voided?.history.map((s) => s.action)).toEqual(['made', 'accepted']);
    // Paid once (its step stays), then the payment was given back.
    expect(refunded).toMatchObject({ invoice_voided: false, paid: false, paid_at: null, invoice_paid: 0 });
    expect(refunded?.history.map((s) => s.action)).toEqual(['made', 'accepted', 'paid']);
    expect(await docs.collection(OFFERS).countDocuments({})).toBe(2);
  });

  it('ends the same when replayed, and the same in one batch as event by event', async () => {
    const record = eventRecorder();
    const events = [
      record('lot-l-1', 'OfferMade', made('o-1', 'ann', 8_000)),
      record('lot-l-1', 'OfferCountered', countered('o-1', 'seller', 9_500)),
      record('lot-l-1', 'OfferAccepted', {
        offerId: 'o-1',
        by: 'buyer',
        actorId: 'ann',
        price: 9_500,
        qty: 2,
        reservationId: 'h-1',
        invoiceId: 'inv-o1',
      }),
      record('invoice-inv-o1', 'InvoiceIssued', offerInvoice('inv-o1', 19_000)),
      record('invoice-inv-o1', 'PaymentRecorded', paymentRecorded('p-1', 50_000)),
      record('lot-l-2', 'OfferMade', made('o-2', 'bob', 8_000)),
      record('lot-l-2', 'OfferExpired', { offerId: 'o-2' }),
    ];
    const once = await offersOf(await applyEvents([offersProjection], events));
    const docs = await applyEvents([offersProjection], events);
    await applyEvents([offersProjection], events, docs);
    await applyEvents([offersProjection], events.slice(2), docs, events.length);
    expect(await offersOf(docs)).toEqual(once);
    expect(await offersOf(await applyEvents([offersProjection], events, undefined, events.length))).toEqual(
      once,
    );
    expect(once[0]?.history.map((s) => s.action)).toEqual(['made', 'countered', 'accepted', 'paid']);
    expect(once[0]?.paid).toBe(true);
  });
});
