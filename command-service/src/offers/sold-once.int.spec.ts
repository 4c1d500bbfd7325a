import { lotStream } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotDecider } from '../lots/decide.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import type { OfferActor } from './decide.ts';

/**
 * Issue 36 "Done when": two buyers accepting counters on the last bottle at the same instant sell it
 * once, run 100 times, through the real log (the lot stream's expected revision, the command handler's
 * retry on a concurrent write), not only the decider. The calls and screens come with the routes.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const HOUR = 3600_000;
const seller: OfferActor = { side: 'seller', id: 'spec-seller', admin: false };
const context = (name: string) => {
  const id = `${name}-${crypto.randomUUID()}`;
  return {
    commandId: id,
    correlationId: id,
    actor: { kind: 'system', id: 'spec' } as const,
    now: service.clock.now(),
  };
};
const handle = (lotId: string, command: Parameters<typeof lotDecider.decide>[0], name: string) =>
  service.service.streams.handle(lotStream(lotId), lotDecider, command, context(name));

describe('offers sell a bottle once (issue 36)', () => {
  it('sells the last bottle once when two buyers accept counters at the same instant, 100 times', async () => {
    let sold = 0;
    let refused = 0;
    for (let round = 0; round < 100; round++) {
      const lot = await service.listLot({
        auction: false,
        buyNow: true,
        buyNowPrice: 10_000,
        quantity: 1,
        sellerId: seller.id,
      });
      const now = service.clock.now();
      const expiresAt = new Date(now.getTime() + 48 * HOUR);
      const payBy = new Date(now.getTime() + 7 * 24 * HOUR);
      const buyers = ['ann', 'bob'].map((b) => `${b}-${round}`);
      for (const buyerId of buyers) {
        const offerId = `o-${buyerId}`;
        const sale = { reservationId: `H-${offerId}`, invoiceId: `O-${offerId}`, payBy };
        await handle(
          lot.lotId,
          { type: 'MakeOffer', offerId, buyerId, qty: 1, price: 8_000, now, expiresAt, sale },
          'make',
        );
        const counter = {
          type: 'CounterOffer',
          offerId,
          by: seller,
          price: 9_000,
          qty: 1,
          now,
          expiresAt,
          maxCounters: 3,
        } as const;
        await handle(lot.lotId, counter, 'counter');
      }
      const answers = await Promise.allSettled(
        buyers.map((buyerId) => {
          const offerId = `o-${buyerId}`;
          const by: OfferActor = { side: 'buyer', id: buyerId, admin: false };
          const sale = { reservationId: `H-${offerId}`, invoiceId: `O-${offerId}`, payBy };
          return handle(lot.lotId, { type: 'AcceptOffer', offerId, by, now, sale }, 'accept');
        }),
      );
      const events = await service.service.streams.store.readStream(lotStream(lot.lotId));
      const accepted = events.filter((e) => e.type === 'OfferAccepted');
      const held = events.filter((e) => e.type === 'StockReserved');
      expect(accepted).toHaveLength(1);
      expect(held).toHaveLength(1);
      // The other buyer was refused (the bottle held) or found their offer declined by the house.
      const losers = answers.filter((a) => a.status === 'rejected');
      expect(losers).toHaveLength(1);
      const reason = (losers[0] as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(AppError);
      expect(['OFFER_QUANTITY', 'OFFER_CLOSED']).toContain((reason as AppError).code);
      expect(
        events.filter((e) => e.type === 'OfferDeclined').map((e) => (e.data as { reason: string }).reason),
      ).toEqual(['sold_out']);
      sold += accepted.length;
      refused += losers.length;
    }
    expect([sold, refused]).toEqual([100, 100]);
  });
});
