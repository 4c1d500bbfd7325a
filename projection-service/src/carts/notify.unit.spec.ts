import { subjects, type UserChangedNotice } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { addChanges, noChanges, publishChanges } from '../core/publisher.ts';
import { applyEvents, eventRecorder, recordingBus } from '../core/testing.ts';
import { invoicesProjection } from '../invoices/project.ts';
import { invoiceIssued, paymentRecorded } from '../invoices/testing.ts';
import { walletsProjection } from '../wallets/project.ts';
import { watchlistsNotifier } from '../watchlists/notify.ts';
import { cartsNotifier } from './notify.ts';
import { cartsProjection } from './project.ts';

const record = eventRecorder();

describe('cart notices: cartChanged', () => {
  it('tells each user once, at their last change, when their cart, wallet or one of their invoices changed', async () => {
    const earlier = [
      record('invoice-inv-d', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-d', buyerId: 'dan' })),
    ];
    const batch = [
      record('cart-ann', 'CartLineSet', { lotId: 'l-1', qty: 2, unitPrice: 9_000 }),
      record('wallet-bob', 'WalletCredited', {
        entryId: 'w-1',
        amount: 5_000,
        source: 'card',
        reference: 'ch_1',
      }),
      record('invoice-inv-c', 'InvoiceIssued', invoiceIssued({ invoiceId: 'inv-c', buyerId: 'cat' })),
      record('invoice-inv-d', 'PaymentRecorded', paymentRecorded('p-1', 1_000)),
      record('cart-ann', 'CartLineRemoved', { lotId: 'l-1' }),
      record('invoice-inv-c', 'PaymentRecorded', paymentRecorded('p-2', 1_000)),
      record('user-eve', 'LotWatched', { lotId: 'l-1' }),
    ];
    const docs = await applyEvents(
      [cartsProjection, walletsProjection, invoicesProjection],
      [...earlier, ...batch],
    );
    const { bus, published } = recordingBus<UserChangedNotice>();
    await publishChanges(
      bus,
      docs,
      addChanges(noChanges([cartsNotifier, watchlistsNotifier]), batch),
      new Date('2026-11-22T12:00:00.000Z'),
    );
    const carts = published.filter((p) => p.data.message.type === 'cartChanged');
    const expected = [
      ['bob', batch[1]],
      ['dan', batch[3]],
      ['ann', batch[4]],
      ['cat', batch[5]],
    ] as const;
    expect(carts).toEqual(
      expected.map(([userId, event]) => ({
        subject: subjects.userChanged(userId),
        msgId: event?.id,
        data: {
          position: event?.position,
          eventId: event?.id,
          userId,
          message: { type: 'cartChanged', position: event?.position },
        },
      })),
    );
    expect(published.filter((p) => p.data.message.type === 'watchlistAdded')).toHaveLength(1);
  });
});
