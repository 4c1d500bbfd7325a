import { actions } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

describe('offline payment', () => {
  it('places a buy-now order unpaid with instructions, holds it, and sells when finance records the money', async () => {
    const cat = await service.signUp('cat@gifts.example');
    await service.addCard(cat.token);
    const finance = await service.signUp('finance@gifts.example', ['finance']);
    const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 4_000, quantity: 2 });
    await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 1 }] },
      { token: cat.token },
    );
    const placed = await service.post<{ status: string; invoice_ids: string[] }>(
      actions.payCartOffline.path,
      { type: 'buynow', cart_id: 'offline-1', delivery: 'pickup' },
      { token: cat.token },
    );
    expect(placed.body.data.responseData.status).toBe('unpaid');
    expect(placed.body.data.message).toMatch(
      /^Order placed\. Pay \$44\.10 by bank transfer quoting invoice B-/,
    );
    const invoiceId = placed.body.data.responseData.invoice_ids[0] as string;

    // A buyer cannot record their own payment.
    const self = await service.post(
      actions.recordOfflinePayment.path,
      { invoice_id: invoiceId, amount: 4_410, reference: 'x' },
      { token: cat.token },
    );
    expect(self.status).toBe(403);
    // Holds outlast the 15 minutes of a card checkout.
    service.clock.advance(60 * 60_000);
    const recorded = await service.post<{ status: string }>(
      actions.recordOfflinePayment.path,
      { invoice_id: invoiceId, amount: 4_410, reference: 'wire 2026-11-24' },
      { token: finance.token },
    );
    expect(recorded.body.data.responseData.status).toBe('paid');
    const types = (await service.service.streams.store.readStream(`lot-${lot.lotId}`)).map((e) => e.type);
    expect(types).toEqual(['LotListed', 'StockReserved', 'StockSold']);
    const over = await service.post(
      actions.recordOfflinePayment.path,
      { invoice_id: invoiceId, amount: 1, reference: 'x' },
      { token: finance.token },
    );
    expect(over.body.data.code).toBe('INVOICE_PAID');
  });
});
