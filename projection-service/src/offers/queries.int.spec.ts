import { actions, defaultMoneySettings, invoiceAmounts } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { invoiceIssued, paymentRecorded, pickupDelivery } from '../invoices/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { usersProjection } from '../users/project.ts';
import { offersProjection } from './project.ts';
import { offerQueries } from './queries.ts';

const admin = { actor: { kind: 'user' as const, id: 'ada' } };
const clock = manualClock('2026-11-22T18:00:00.000Z');

/**
 * sam sells l-1 (buy now $100, a picture) and l-2; sue sells l-3; the house l-4. ann and bob make
 * offers: open ones wait for the seller, countered ones (and a second chance) for the buyer; some are
 * accepted (an invoice unpaid, one paid, one voided), declined or withdrawn.
 */
async function market() {
  const record = eventRecorder();
  const lot = (lotId: string, sellerId: string, extra: Parameters<typeof listedLot>[0] = {}) =>
    record(
      `lot-${lotId}`,
      'LotListed',
      listedLot({
        lotId,
        sellerId,
        title: `Lot ${lotId}`,
        buyNow: true,
        buyNowPrice: 10_000,
        quantity: 12,
        ...extra,
      }),
    );
  const made = (lotId: string, offerId: string, buyerId: string, price: number, extra = {}) =>
    record(`lot-${lotId}`, 'OfferMade', {
      offerId,
      buyerId,
      qty: 2,
      price,
      expiresAt: '2026-11-24T12:00:00.000Z',
      ...extra,
    });
  const counter = (lotId: string, offerId: string, by: 'seller' | 'buyer', price: number) =>
    record(`lot-${lotId}`, 'OfferCountered', {
      offerId,
      by,
      actorId: by,
      price,
      qty: 2,
      expiresAt: '2026-11-25T12:00:00.000Z',
    });
  const accept = (lotId: string, offerId: string, price: number) =>
    record(`lot-${lotId}`, 'OfferAccepted', {
      offerId,
      by: 'seller',
      actorId: 'seller',
      price,
      qty: 2,
      reservationId: `h-${offerId}`,
      invoiceId: `inv-${offerId}`,
    });
  const issue = (lotId: string, offerId: string, buyerId: string, price: number) =>
    record(
      `invoice-inv-${offerId}`,
      'InvoiceIssued',
      invoiceIssued({
        invoiceId: `inv-${offerId}`,
        kind: 'offer',
        buyerId,
        lines: [
          {
            lotId,
            title: `Lot ${lotId}`,
            sellerId: 'x',
            qty: 2,
            unitPrice: price,
            amount: 2 * price,
            reservationId: `h-${offerId}`,
          },
        ],
      }),
    );
  const total = (price: number) => invoiceAmounts(2 * price, 0, pickupDelivery.taxRate).total;
  const docs = await applyEvents(
    [usersProjection, lotsProjection, offersProjection],
    [
      record('user-ada', 'UserRegistered', registered('ada', 'Ada', 'Admin')),
      record('user-ada', 'RoleGranted', { role: 'admin' }, admin),
      record('user-sam', 'UserRegistered', registered('sam', 'Sam', 'Seller')),
      record('user-sam', 'RoleGranted', { role: 'seller' }, admin),
      record('user-sue', 'UserRegistered', registered('sue', 'Sue', 'Seller')),
      record('user-sue', 'RoleGranted', { role: 'seller' }, admin),
      record('user-ann', 'UserRegistered', registered('ann', 'Ann', 'Buyer')),
      record('user-bob', 'UserRegistered', registered('bob', 'Bob', 'Buyer')),
      lot('l-1', 'sam', { images: [{ type: 1, fileName: 'l-1.jpg' }] }),
      lot('l-2', 'sam', { buyNowPrice: 20_000 }),
      lot('l-3', 'sue'),
      lot('l-4', 'house', { buyNow: false, buyNowPrice: null }),
      made('l-1', 'o-1', 'ann', 8_000), // open
      made('l-1', 'o-2', 'bob', 7_000),
      made('l-2', 'o-3', 'ann', 15_000),
      made('l-3', 'o-4', 'ann', 9_000), // open, sue's
      made('l-3', 'o-5', 'bob', 5_000),
      record('lot-l-3', 'OfferDeclined', {
        offerId: 'o-5',
        by: 'seller',
        actorId: 'sue',
        reason: 'price_too_low',
        note: '',
      }),
      made('l-4', 'o-6', 'ann', 9_000),
      accept('l-4', 'o-6', 9_000),
      issue('l-4', 'o-6', 'ann', 9_000), // unpaid: ann's temporary cart
      made('l-3', 'o-7', 'ann', 9_500),
      accept('l-3', 'o-7', 9_500),
      issue('l-3', 'o-7', 'ann', 9_500),
      record('invoice-inv-o-7', 'PaymentRecorded', paymentRecorded('p-7', total(9_500))),
      made('l-4', 'o-8', 'bob', 9_000),
      accept('l-4', 'o-8', 9_000),
      issue('l-4', 'o-8', 'bob', 9_000), // unpaid: bob's temporary cart
      made('l-1', 'o-10', 'ann', 9_900),
      accept('l-1', 'o-10', 9_900),
      issue('l-1', 'o-10', 'ann', 9_900),
      record('invoice-inv-o-10', 'InvoiceVoided', { reason: 'expired' }),
      counter('l-1', 'o-2', 'seller', 9_000), // bob's turn
      counter('l-2', 'o-3', 'seller', 18_000), // ann's turn
      made('l-4', 'o-9', 'ann', 30_000, { kind: 'second_chance', actorId: 'house' }), // ann's turn
    ],
  );
  const served = await queryApp(offerQueries, docs, clock, { ...defaultMoneySettings, offerCounters: 5 });
  return {
    ...served,
    ada: await served.signIn('ada'),
    sam: await served.signIn('sam'),
    sue: await served.signIn('sue'),
    ann: await served.signIn('ann'),
    bob: await served.signIn('bob'),
  };
}

interface Page {
  records: Record<string, unknown>[];
  totalRecords: number;
  setDisp: number;
}
const pageOf = (response: { json: () => { data: { responseData: Page } } }) =>
  response.json().data.responseData;
const ids = (response: { json: () => { data: { responseData: Page } } }) =>
  pageOf(response).records.map((r) => r.id);

describe('offer lists (makeoffer/search, seller/offer/search, adminoffers)', () => {
  it('refuses a visitor, a buyer on the staff lists, and a seller on the admins’ list', async () => {
    const { app, post, ann, sam } = await market();
    for (const action of [actions.myOffers, actions.tempCart, actions.pendingCountTemp]) {
      expect((await post(action.path, {})).statusCode).toBe(403);
    }
    expect((await post(actions.sellerOffers.path, {}, ann)).statusCode).toBe(403);
    expect((await post(actions.adminOffers.path, {}, ann)).statusCode).toBe(403);
    expect((await post(actions.adminOffers.path, {}, sam)).statusCode).toBe(403);
    await app.close();
  });

  it('shows a buyer their own offers only, those waiting for them first, never a name or a seller', async () => {
    const { app, post, ann, bob } = await market();
    const mine = await post(actions.myOffers.path, {}, ann);
    expect(mine.statusCode).toBe(200);
    // Waiting for ann (newest change first), then for the seller, then the ended.
    expect(ids(mine)).toEqual(['o-9', 'o-3', 'o-4', 'o-1', 'o-10', 'o-7', 'o-6']);
    expect(pageOf(mine).totalRecords).toBe(7);
    expect(pageOf(mine).setDisp).toBe(7);
    for (const record of pageOf(mine).records) {
      expect(record).toMatchObject({ buyer_name: null, buyer_email: null, seller_id: null, max_counters: 5 });
    }
    expect(ids(await post(actions.myOffers.path, {}, bob))).toEqual(['o-2', 'o-8', 'o-5']);
    await app.close();
  });

  it('filters by status: open waits for the seller, countered for the buyer, the rest by outcome', async () => {
    const { app, post, ann, ada } = await market();
    const of = async (status: string, who = ann) => ids(await post(actions.myOffers.path, { status }, who));
    expect(await of('open')).toEqual(['o-4', 'o-1']);
    expect(await of('countered')).toEqual(['o-9', 'o-3']);
    expect(await of('accepted')).toEqual(['o-10', 'o-7', 'o-6']);
    expect(await of('declined')).toEqual([]);
    expect(await of('declined', ada)).toEqual([]);
    expect(ids(await post(actions.adminOffers.path, { status: 'declined' }, ada))).toEqual(['o-5']);
    await app.close();
  });

  it('shows the offer with its lot, its asking price, its counters and its history', async () => {
    const { app, post, ann } = await market();
    const records = pageOf(await post(actions.myOffers.path, {}, ann)).records;
    const byId = new Map(records.map((r) => [r.id, r]));
    const steps = (id: string) =>
      (byId.get(id)?.history ?? []) as { action: string; by: string; price: number }[];
    expect(byId.get('o-3')).toMatchObject({
      product_id: 'l-2',
      title: 'Lot l-2',
      image: null,
      kind: 'offer',
      status: 'countered',
      turn: 'buyer',
      qty: 2,
      price: 18_000,
      offered_price: 15_000,
      asking_price: 20_000,
      counters: 1,
      max_counters: 5,
      expires_at: '2026-11-25T12:00:00.000Z',
      invoice_id: null,
      paid: false,
    });
    expect(steps('o-3').map((s) => [s.action, s.by, s.price])).toEqual([
      ['made', 'buyer', 15_000],
      ['countered', 'seller', 18_000],
    ]);
    expect(byId.get('o-1')).toMatchObject({
      image: '/uploads/product/l-1.jpg',
      asking_price: 10_000,
      status: 'open',
    });
    // A second chance asks its own price; the house's lot has no buy-now price.
    expect(byId.get('o-9')).toMatchObject({ kind: 'second_chance', asking_price: 30_000, turn: 'buyer' });
    expect(byId.get('o-7')).toMatchObject({ status: 'accepted', invoice_id: 'inv-o-7', paid: true });
    expect(steps('o-7').map((s) => s.action)).toEqual(['made', 'accepted', 'paid']);
    await app.close();
  });

  it('shows a seller the offers on their own lots only, waiting for them first, with who offered', async () => {
    const { app, post, sam, sue } = await market();
    const samsOffers = await post(actions.sellerOffers.path, {}, sam);
    expect(samsOffers.statusCode).toBe(200);
    expect(ids(samsOffers)).toEqual(['o-1', 'o-3', 'o-2', 'o-10']);
    expect(pageOf(samsOffers).records[0]).toMatchObject({
      buyer_name: 'Ann Buyer',
      buyer_email: 'ann@example.com',
      seller_id: 'sam',
    });
    expect(ids(await post(actions.sellerOffers.path, {}, sue))).toEqual(['o-4', 'o-7', 'o-5']);
    expect(ids(await post(actions.sellerOffers.path, { status: 'countered' }, sam))).toEqual(['o-3', 'o-2']);
    await app.close();
  });

  it('shows an admin every offer, waiting for the seller’s side first, a page at a time', async () => {
    const { app, post, ada } = await market();
    const all = await post(actions.adminOffers.path, {}, ada);
    expect(ids(all)).toEqual(['o-4', 'o-1', 'o-9', 'o-3', 'o-2', 'o-10', 'o-8', 'o-7', 'o-6', 'o-5']);
    expect(pageOf(all).totalRecords).toBe(10);
    const second = await post(actions.adminOffers.path, { page: 2, limit: 10 }, ada);
    expect(pageOf(second)).toEqual({ records: [], totalRecords: 10, setDisp: 0 });
    expect(pageOf(all).records.find((r) => r.id === 'o-9')).toMatchObject({ seller_id: 'house' });
    await app.close();
  });
});

describe('the temporary cart (buynowtemp/searchTemp, carttemp/pendingCountTemp)', () => {
  it('holds the caller’s accepted offers still to pay: not another buyer’s, not paid, not voided', async () => {
    const { app, post, ann, bob } = await market();
    const cart = await post(actions.tempCart.path, {}, ann);
    expect(cart.statusCode).toBe(200);
    expect(ids(cart)).toEqual(['o-6']);
    expect(pageOf(cart).records[0]).toMatchObject({
      status: 'accepted',
      invoice_id: 'inv-o-6',
      paid: false,
      buyer_name: null,
      buyer_email: null,
      seller_id: null,
    });
    expect(ids(await post(actions.tempCart.path, {}, bob))).toEqual(['o-8']);
    const count = await post(actions.pendingCountTemp.path, {}, ann);
    expect(count.json().data.responseData).toEqual({ totalRecords: 1 });
    await app.close();
  });
});
