import { subjects, type UserChangedNotice } from '@wine/contracts';
import type { RecordedEvent } from '@wine/event-schemas';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { cartsNotifier } from '../carts/notify.ts';
import { addChanges, noChanges, publishChanges } from '../core/publisher.ts';
import { applyEvents, eventRecorder, recordingBus } from '../core/testing.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { offersNotifier } from './notify.ts';
import { offersProjection } from './project.ts';

const made = (offerId: string, buyerId: string) => ({
  offerId,
  buyerId,
  qty: 1,
  price: 8_000,
  expiresAt: '2026-11-24T12:00:00.000Z',
});

describe('offer notices: offerChanged', () => {
  it('tells the buyer and the lot’s seller (not the house) once per offer, at its last change, paid included', async () => {
    const record = eventRecorder();
    const earlier = [
      record('lot-l-1', 'LotListed', listedLot({ lotId: 'l-1', sellerId: 'sam' })),
      record('lot-l-2', 'LotListed', listedLot({ lotId: 'l-2', sellerId: 'house' })),
      record('lot-l-1', 'OfferMade', made('o-0', 'cat')),
      record('lot-l-1', 'OfferAccepted', {
        offerId: 'o-0',
        by: 'seller',
        actorId: 'sam',
        price: 8_000,
        qty: 1,
        reservationId: 'h-0',
        invoiceId: 'inv-o0',
      }),
      record(
        'invoice-inv-o0',
        'InvoiceIssued',
        invoiceIssued({
          invoiceId: 'inv-o0',
          buyerId: 'cat',
          kind: 'offer',
          lines: [
            {
              lotId: 'l-1',
              title: 'Lot',
              sellerId: 'sam',
              qty: 1,
              unitPrice: 8_000,
              amount: 8_000,
              reservationId: 'h-0',
            },
          ],
        }),
      ),
      record('invoice-inv-9', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-9', buyerId: 'dan' })),
    ];
    const batch = [
      record('lot-l-1', 'OfferMade', made('o-1', 'ann')),
      record('lot-l-2', 'OfferMade', made('o-2', 'bob')),
      record('lot-l-1', 'OfferCountered', {
        offerId: 'o-1',
        by: 'seller',
        actorId: 'sam',
        price: 9_000,
        qty: 1,
        expiresAt: '2026-11-25T12:00:00.000Z',
      }),
      record('invoice-inv-o0', 'PaymentRecorded', paymentRecorded('p-0', 8_820)),
      record('invoice-inv-9', 'PaymentRecorded', paymentRecorded('p-9', 1_000)),
    ];
    const docs = await applyEvents(
      [lotsProjection, offersProjection, invoicesProjection],
      [...earlier, ...batch],
    );
    const { bus, published } = recordingBus<UserChangedNotice>();
    await publishChanges(
      bus,
      docs,
      addChanges(noChanges([cartsNotifier, offersNotifier]), batch),
      new Date('2026-11-22T12:00:00.000Z'),
    );
    const offers = published.filter((p) => p.data.message.type === 'offerChanged');
    const notice = (userId: string, offerId: string, lotId: string, event: RecordedEvent | undefined) => ({
      subject: subjects.userChanged(userId),
      msgId: `offer:${userId}:${event?.id}`,
      data: {
        position: event?.position,
        eventId: event?.id,
        userId,
        message: { type: 'offerChanged', position: event?.position, offer_id: offerId, lot_id: lotId },
      },
    });
    expect(offers).toEqual([
      notice('bob', 'o-2', 'l-2', batch[1]),
      notice('ann', 'o-1', 'l-1', batch[2]),
      notice('sam', 'o-1', 'l-1', batch[2]),
      notice('cat', 'o-0', 'l-1', batch[3]),
      notice('sam', 'o-0', 'l-1', batch[3]),
    ]);
    // The carts' notice of the same payment keeps its own id (the bus drops a second use of one).
    const msgIds = published.map((p) => p.msgId);
    expect(new Set(msgIds).size).toBe(msgIds.length);
  });

  it('publishes nothing when no offer changed', async () => {
    const record = eventRecorder();
    const batch = [record('invoice-inv-9', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-9' }))];
    const docs = await applyEvents([offersProjection], batch);
    const { bus, published } = recordingBus();
    const changes = addChanges(noChanges([offersNotifier]), batch);
    expect(changes[0]?.pending()).toBe(0);
    await publishChanges(bus, docs, changes, new Date());
    expect(published).toEqual([]);
  });
});
