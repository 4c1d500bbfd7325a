import { actions } from '@wine/contracts';
import { cartStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

/** A buy-now-only lot of `quantity` bottles at $120 each. */
const buyNowLot = (quantity: number) =>
  service.listLot({ auction: false, buyNow: true, buyNowPrice: 12_000, quantity });

describe('buynow/addToCart', () => {
  it('adds the lines and answers them with their unit prices', async () => {
    const ann = await service.signUp('ann@carts.example');
    await service.addCard(ann.token);
    const lot = await buyNowLot(12);
    const answer = await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 3 }] },
      { token: ann.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.message).toBe('Added to cart');
    expect(answer.body.data.responseData).toEqual({
      lines: [{ product_id: lot.lotId, qty: 3, unit_price: 12_000 }],
    });
    const recorded = await service.service.streams.store.readStream(cartStream(ann.id));
    expect(recorded.map((e) => e.type)).toEqual(['CartLineSet']);
  });

  it('refuses more bottles than the lot holds with BUY_NOW_QUANTITY, writing nothing', async () => {
    const bob = await service.signUp('bob@carts.example');
    await service.addCard(bob.token);
    const lot = await buyNowLot(2);
    const answer = await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 3 }] },
      { token: bob.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('BUY_NOW_QUANTITY');
    expect(answer.body.data.responseData).toMatchObject({ field: 'qty' });
    expect(await service.service.streams.store.readStream(cartStream(bob.id))).toEqual([]);
  });

  it('asks for a card first (ADD_CARD)', async () => {
    const cat = await service.signUp('cat@carts.example');
    const lot = await buyNowLot(2);
    const answer = await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 1 }] },
      { token: cat.token },
    );
    expect(answer.status).toBe(402);
    expect(answer.body.data.code).toBe('ADD_CARD');
  });
});
