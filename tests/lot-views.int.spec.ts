import type { LotView } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

let market: TestMarketplace;
beforeAll(async () => {
  market = await startMarketplace({ seed: false });
});
afterAll(async () => {
  await market?.stop();
});

type Page = { records: LotView[]; totalRecords: number };

describe('lot answers', () => {
  it("never name the seller's user id; only the seller is told the lot is theirs", async () => {
    const seller = await market.bidder();
    await market.ok('/api/admin/user/setSeller', { id: seller.id, seller: true }, market.admin);
    const title = `2001 Seller Privacy Riesling ${Date.now().toString(36)}`;
    const { id } = await market.sellerListing(seller, lotInput({ title }));
    await market.caughtUp();
    const other = await market.bidder({ card: false });

    const viewers: [string, TestUser | null, 0 | 1][] = [
      ['a visitor', null, 0],
      ['another user', other, 0],
      ['the seller', seller, 1],
    ];
    for (const [who, viewer, ownLot] of viewers) {
      const headers = viewer?.auth ?? {};
      const lot = await market.ok<LotView>('/api/product/lot', { id }, headers);
      const search = await market.ok<Page>(
        '/api/product/search',
        { filters: { searchbar: { value: title, type: 'like', field: 'p.title' } } },
        headers,
      );
      expect(
        search.records.map((r) => r.id),
        who,
      ).toEqual([id]);
      for (const answer of [lot, search.records[0]]) {
        expect(answer, who).not.toHaveProperty('seller_id');
        expect(JSON.stringify(answer), who).not.toContain(seller.id);
        expect(answer?.own_lot, who).toBe(ownLot);
      }
    }
  });
});
