import { actions, type BidConfirmResult } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

async function bidder(email: string) {
  const user = await service.signUp(email);
  await service.addCard(user.token);
  return user;
}

const bids = async (lotId: string) =>
  (await service.service.streams.store.readStream(lotStream(lotId))).filter((e) => e.type === 'BidPlaced');

describe('bid/confirm', () => {
  it('places a bid at the opening price and answers the bidder’s standing', async () => {
    const ann = await bidder('ann@bids.example');
    const lot = await service.listLot({ openingBid: 10_000 });
    const answer = await service.post<BidConfirmResult>(
      actions.bidConfirm.path,
      { id: lot.lotId, wsprice: 25_000 },
      { token: ann.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.message).toBe('Bid placed successfully');
    expect(answer.body.data.responseData).toMatchObject({
      wprice: 10_000,
      bid_count: 1,
      bidtopstatus: 'winner',
    });
  });

  it('answers outbid to a bidder whose bid an earlier, higher maximum beats', async () => {
    const fay = await bidder('fay@bids.example');
    const gus = await bidder('gus@bids.example');
    const lot = await service.listLot({ openingBid: 10_000 });
    await service.post(actions.bidConfirm.path, { id: lot.lotId, wsprice: 50_000 }, { token: fay.token });
    const answer = await service.post<BidConfirmResult>(
      actions.bidConfirm.path,
      { id: lot.lotId, wsprice: 20_000 },
      { token: gus.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.responseData).toMatchObject({ bid_count: 3, bidtopstatus: 'outbid' });
  });

  it('refuses a bid below the next bid with MIN_BID on the wsprice field, writing nothing', async () => {
    const ann = await bidder('low@bids.example');
    const lot = await service.listLot({ openingBid: 10_000 });
    const answer = await service.post(
      actions.bidConfirm.path,
      { id: lot.lotId, wsprice: 9_900 },
      { token: ann.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('MIN_BID');
    expect(answer.body.data.message).toBe('Min. Bid $100.00');
    expect(answer.body.data.responseData).toMatchObject({ field: 'wsprice' });
    expect(await bids(lot.lotId)).toEqual([]);
  });

  it('refuses an x-command-id another user already sent, and records only the first user’s bid', async () => {
    const cat = await bidder('cat@bids.example');
    const dan = await bidder('dan@bids.example');
    const lot = await service.listLot();
    const commandId = 'bid-command-0001';
    const first = await service.post(
      actions.bidConfirm.path,
      { id: lot.lotId, wsprice: 20_000 },
      {
        token: cat.token,
        commandId,
      },
    );
    expect(first.status).toBe(200);
    const reused = await service.post(
      actions.bidConfirm.path,
      { id: lot.lotId, wsprice: 20_000 },
      {
        token: dan.token,
        commandId,
      },
    );
    expect(reused.status).toBe(409);
    expect(reused.body.data.code).toBe('COMMAND_ID_TAKEN');
    expect((await bids(lot.lotId)).map((e) => (e.data as { bidderId: string }).bidderId)).toEqual([cat.id]);
  });

  it('refuses the bidding type the market does not use', async () => {
    const eve = await bidder('eve@bids.example');
    const lot = await service.listLot();
    const answer = await service.post(
      actions.bidConfirm.path,
      { id: lot.lotId, wsprice: 20_000, bidding_type: 'hard' },
      { token: eve.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('WRONG_BIDDING_TYPE');
  });
});
