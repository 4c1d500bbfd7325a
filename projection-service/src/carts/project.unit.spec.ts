import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { CART_LINES, type CartLineDocument, cartsProjection } from './project.ts';

const linesOf = async (docs: Awaited<ReturnType<typeof applyEvents>>) =>
  (await docs.collection<CartLineDocument>(CART_LINES).find({}))
    .map(({ _id, user_id, lot_id, qty, unit_price, added_at }) => ({
      _id,
      user_id,
      lot_id,
      qty,
      unit_price,
      added_at,
    }))
    .sort((a, b) => (a._id < b._id ? -1 : 1));

describe('the carts read model', () => {
  it('keeps one line per user and lot: its last quantity and price, the time it first went in; a removal drops it', async () => {
    const record = eventRecorder();
    const events = [
      record('cart-ann', 'CartLineSet', { lotId: 'l-1', qty: 1, unitPrice: 9_000 }),
      record('cart-bob', 'CartLineSet', { lotId: 'l-1', qty: 3, unitPrice: 9_000 }),
      record('cart-ann', 'CartLineSet', { lotId: 'l-2', qty: 1, unitPrice: 4_000 }),
      record('cart-ann', 'CartLineSet', { lotId: 'l-1', qty: 2, unitPrice: 8_500 }),
      record('cart-ann', 'CartLineRemoved', { lotId: 'l-2' }),
    ];
    const docs = await applyEvents([cartsProjection], events);
    expect(await linesOf(docs)).toEqual([
      {
        _id: 'ann:l-1',
        user_id: 'ann',
        lot_id: 'l-1',
        qty: 2,
        unit_price: 8_500,
        added_at: events[0]?.metadata.occurredAt,
      },
      {
        _id: 'bob:l-1',
        user_id: 'bob',
        lot_id: 'l-1',
        qty: 3,
        unit_price: 9_000,
        added_at: events[1]?.metadata.occurredAt,
      },
    ]);
  });

  it('is idempotent: the log applied twice leaves the lines as once', async () => {
    const record = eventRecorder();
    const events = [
      record('cart-cat', 'CartLineSet', { lotId: 'l-3', qty: 1, unitPrice: 1_000 }),
      record('cart-cat', 'CartLineSet', { lotId: 'l-3', qty: 4, unitPrice: 1_000 }),
      record('cart-cat', 'CartLineRemoved', { lotId: 'l-3' }),
      record('cart-cat', 'CartLineSet', { lotId: 'l-3', qty: 5, unitPrice: 1_200 }),
    ];
    const once = await linesOf(await applyEvents([cartsProjection], events));
    const docs = await applyEvents([cartsProjection], events);
    await applyEvents([cartsProjection], events, docs);
    expect(await linesOf(docs)).toEqual(once);
    expect(once).toEqual([expect.objectContaining({ qty: 5, unit_price: 1_200 })]);
  });
});
