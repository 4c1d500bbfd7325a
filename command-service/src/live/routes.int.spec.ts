import rateLimit from '@fastify/rate-limit';
import { actions, defaultMarketSettings, type LiveLotStanding } from '@wine/contracts';
import { auctionStream, invoiceStream, lotStream } from '@wine/event-schemas';
import { commandIdClaims, createHttpApp, createLogger } from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auctionInvoiceId } from '../checkout/money-deps.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { sessionAuth } from '../users/session/session-auth.ts';
import { liveRoutes } from './routes.ts';

/**
 * Issue 37 through the API: a three-lot live sale run by an auctioneer, with two internet bidders, an
 * absentee maximum and floor bids by paddle; one lot sold online, one to the absentee bidder, one
 * passed then undone and sold; the winners' invoices issued as a timed close's are. And the room's
 * calls tried as an attacker would.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
  await service.service.scheduler.start();
});
afterAll(async () => {
  await service.service.scheduler.stop();
  await service.close();
});

const DAY = 24 * 3600_000;
let n = 0;
const post = <T = unknown>(path: string, body: unknown, token: string, commandId?: string) =>
  service.post<T>(path, body, { token, ...(commandId && { commandId }) });
async function bidder(name: string) {
  n += 1;
  const user = await service.signUp(`${name}${n}@live.example`);
  await service.addCard(user.token);
  return user;
}

/** A live sale of three lots opening at $100 (the third with a $500 reserve), its staff and bidders. */
async function liveSale() {
  n += 1;
  const admin = await service.signUp(`admin${n}@live.example`, ['admin']);
  const clerk = await service.signUp(`clerk${n}@live.example`, ['auctioneer']);
  const now = service.clock.now().getTime();
  const lots = [];
  for (const [i, reserve] of [null, null, 50_000].entries()) {
    const lot = await service.listLot({
      auction: true,
      buyNow: false,
      openingBid: 10_000,
      reserve,
      quantity: 1,
      title: `Lot ${i + 1}`,
      closesAt: new Date(now + 7 * DAY).toISOString(),
    });
    lots.push(lot.lotId);
  }
  const created = await post<{ id: string }>(
    actions.createAuction.path,
    {
      title: 'Evening Sale',
      kind: 'live',
      startsAt: new Date(now - 3600_000).toISOString(),
      firstCloseAt: new Date(now + 7 * DAY).toISOString(),
    },
    admin.token,
  );
  expect(created.status).toBe(200);
  const auctionId = created.body.data.responseData.id;
  const arranged = await post(actions.arrangeAuction.path, { id: auctionId, lotIds: lots }, admin.token);
  expect(arranged.status).toBe(200);
  return { admin, clerk, auctionId, lots };
}

describe('a three-lot live sale (issue 37)', () => {
  it('sells one lot online, one to the absentee bidder, passes one and undoes it to sell it; invoices follow', async () => {
    const { clerk, auctionId, lots } = await liveSale();
    const [lot1, lot2, lot3] = lots as [string, string, string];
    const [ann, bob, abe, flo] = [
      await bidder('ann'),
      await bidder('bob'),
      await bidder('abe'),
      await bidder('flo'),
    ];
    // An absentee maximum of $150 on lot 2, left before the sale.
    expect((await post(actions.bidConfirm.path, { id: lot2, wsprice: 15_000 }, abe.token)).status).toBe(200);
    // Flo bids in the room on paddle; Ann and Bob online (they take paddles too).
    const paddle = (
      await post<{ paddle: string }>(actions.liveRegister.path, { auction_id: auctionId }, flo.token)
    ).body.data.responseData.paddle;
    expect(paddle).toBe('101');
    expect((await post(actions.liveOpenSale.path, { auction_id: auctionId }, clerk.token)).status).toBe(200);

    // Lot 1: Ann and Bob bid online, the floor once; sold online to Bob at $130.
    const called = await post<LiveLotStanding>(
      actions.liveCallLot.path,
      { auction_id: auctionId, lot_id: lot1 },
      clerk.token,
    );
    expect(called.body.data.responseData).toMatchObject({ ask: 10_000, price: null });
    const bid = (token: string, lotId: string, ask: number) =>
      post<LiveLotStanding>(actions.liveBid.path, { lot_id: lotId, ask }, token);
    expect((await bid(ann.token, lot1, 10_000)).body.data.responseData).toMatchObject({
      leading: true,
      ask: 11_000,
    });
    // A bid for the ask Ann already took: the ask moved, refused, never taken at another price.
    const late = await bid(bob.token, lot1, 10_000);
    expect(late.body.data.code).toBe('ASK_MOVED');
    expect((await bid(bob.token, lot1, 11_000)).status).toBe(200);
    const floor = await post<LiveLotStanding>(
      actions.liveFloorBid.path,
      { lot_id: lot1, ask: 12_000, paddle },
      clerk.token,
    );
    expect(floor.body.data.responseData).toMatchObject({ price: 12_000, ask: 13_000 });
    expect((await bid(bob.token, lot1, 13_000)).status).toBe(200);
    expect((await post(actions.liveFairWarning.path, { lot_id: lot1 }, clerk.token)).status).toBe(200);
    expect((await post(actions.liveHammer.path, { lot_id: lot1, outcome: 'sold' }, clerk.token)).status).toBe(
      200,
    );
    // Ann's bid reaches the server after the hammer: refused, and written as missed for the clerk.
    const missed = await bid(ann.token, lot1, 14_000);
    expect(missed.body.data.code).toBe('LIVE_BID_MISSED');

    // Lot 2: opens at the absentee's standing bid; the floor bids, the house answers for the absentee.
    const two = await post<LiveLotStanding>(
      actions.liveCallLot.path,
      { auction_id: auctionId, lot_id: lot2 },
      clerk.token,
    );
    expect(two.body.data.responseData).toMatchObject({ price: 10_000, ask: 11_000 });
    const answered = await post<LiveLotStanding>(
      actions.liveFloorBid.path,
      { lot_id: lot2, ask: 11_000, paddle },
      clerk.token,
    );
    expect(answered.body.data.responseData).toMatchObject({ price: 12_000, leading: false });
    expect((await post(actions.liveHammer.path, { lot_id: lot2, outcome: 'sold' }, clerk.token)).status).toBe(
      200,
    );

    // Lot 3: passed below its reserve, then undone (a floor bid was missed), bid up and sold to Ann.
    await post(actions.liveCallLot.path, { auction_id: auctionId, lot_id: lot3 }, clerk.token);
    expect((await bid(ann.token, lot3, 10_000)).status).toBe(200);
    const below = await post(actions.liveHammer.path, { lot_id: lot3, outcome: 'sold' }, clerk.token);
    expect(below.body.data.code).toBe('LIVE_RESERVE_NOT_MET');
    expect(
      (await post(actions.liveHammer.path, { lot_id: lot3, outcome: 'passed' }, clerk.token)).status,
    ).toBe(200);
    expect(
      (await post(actions.liveUndo.path, { lot_id: lot3, reason: 'a floor bid was missed' }, clerk.token))
        .status,
    ).toBe(200);
    expect((await post(actions.liveAsk.path, { lot_id: lot3, ask: 50_000 }, clerk.token)).status).toBe(200);
    expect((await bid(bob.token, lot3, 50_000)).status).toBe(200);
    expect((await post(actions.liveHammer.path, { lot_id: lot3, outcome: 'sold' }, clerk.token)).status).toBe(
      200,
    );
    expect((await post(actions.liveCloseSale.path, { auction_id: auctionId }, clerk.token)).status).toBe(200);

    // Every lot closed on its stream as a timed close is, and each winner has their invoice.
    const closed = async (lotId: string) =>
      (await service.service.streams.store.readStream(lotStream(lotId))).find((e) => e.type === 'LotClosed')
        ?.data;
    expect(await closed(lot1)).toMatchObject({ outcome: 'sold', winnerId: bob.id, hammerPrice: 13_000 });
    expect(await closed(lot2)).toMatchObject({ outcome: 'sold', winnerId: abe.id, hammerPrice: 12_000 });
    expect(await closed(lot3)).toMatchObject({ outcome: 'sold', winnerId: bob.id, hammerPrice: 50_000 });
    await vi.waitFor(
      async () => {
        for (const [lotId, buyer] of [
          [lot1, bob],
          [lot2, abe],
          [lot3, bob],
        ] as const) {
          const invoice = await service.service.streams.load(
            invoiceStream(auctionInvoiceId(lotId)),
            invoiceDecider,
          );
          expect(invoice.status === 'issued' && invoice.issued.buyerId).toBe(buyer.id);
        }
      },
      { timeout: 10_000, interval: 50 },
    );
    const lot1Types = (await service.service.streams.store.readStream(lotStream(lot1))).map((e) => e.type);
    expect(lot1Types).toContain('LiveBidMissed');
    const roomTypes = (await service.service.streams.store.readStream(auctionStream(auctionId))).map(
      (e) => e.type,
    );
    expect(roomTypes.filter((t) => t.startsWith('Live'))).toEqual([
      'LivePaddleAssigned',
      'LiveSaleOpened',
      'LiveLotCalled',
      'LiveLotCalled',
      'LiveLotCalled',
      'LiveSaleClosed',
    ]);
  });
});

describe('the live room tried as an attacker would', () => {
  it("refuses a bidder calling the clerk's actions, a bid on a lot not open, undo after the next lot opened, a flood", async () => {
    const { clerk, auctionId, lots } = await liveSale();
    const [lot1, lot2] = lots as [string, string, string];
    const eve = await bidder('eve');
    expect((await post(actions.liveOpenSale.path, { auction_id: auctionId }, eve.token)).status).toBe(403);
    expect((await post(actions.liveHammer.path, { lot_id: lot1, outcome: 'sold' }, eve.token)).status).toBe(
      403,
    );
    expect((await post(actions.liveBid.path, { lot_id: lot1, ask: 10_000 }, eve.token)).body.data.code).toBe(
      'LIVE_LOT_NOT_OPEN',
    );
    await post(actions.liveOpenSale.path, { auction_id: auctionId }, clerk.token);
    await post(actions.liveCallLot.path, { auction_id: auctionId, lot_id: lot1 }, clerk.token);
    // The next lot while this one has no call: refused.
    const early = await post(actions.liveCallLot.path, { auction_id: auctionId, lot_id: lot2 }, clerk.token);
    expect(early.body.data.code).toBe('LIVE_LOT_OPEN');
    await post(actions.liveHammer.path, { lot_id: lot1, outcome: 'passed' }, clerk.token);
    await post(actions.liveCallLot.path, { auction_id: auctionId, lot_id: lot2 }, clerk.token);
    const undo = await post(actions.liveUndo.path, { lot_id: lot1, reason: 'too late' }, clerk.token);
    expect(undo.body.data.code).toBe('LIVE_NOTHING_TO_UNDO');
    // A paddle nobody holds, and the clerk's own paddle.
    expect(
      (await post(actions.liveFloorBid.path, { lot_id: lot2, ask: 10_000, paddle: '999' }, clerk.token)).body
        .data.code,
    ).toBe('PADDLE_UNKNOWN');
    const own = (
      await post<{ paddle: string }>(actions.liveRegister.path, { auction_id: auctionId }, clerk.token)
    ).body.data.responseData.paddle;
    expect(
      (await post(actions.liveFloorBid.path, { lot_id: lot2, ask: 10_000, paddle: own }, clerk.token)).body
        .data.code,
    ).toBe('LIVE_OWN_BID');
    // A forged ask (not the one showing), a negative and a fractional one.
    for (const ask of [5_000, -100, 100.5]) {
      const forged = await post(actions.liveBid.path, { lot_id: lot2, ask }, eve.token);
      expect(forged.status).toBeGreaterThanOrEqual(400);
    }
    // The same bid twice (one x-command-id): taken once.
    const [a, b] = await Promise.all([
      post(actions.liveBid.path, { lot_id: lot2, ask: 10_000 }, eve.token, 'live-bid-once'),
      post(actions.liveBid.path, { lot_id: lot2, ask: 10_000 }, eve.token, 'live-bid-once'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const taken = (await service.service.streams.store.readStream(lotStream(lot2))).filter(
      (e) => e.type === 'LiveBidTaken',
    );
    expect(taken).toHaveLength(1);
  });
});

describe('the flood limit on internet bids (issue 37)', () => {
  /**
   * The room's routes again, on their own app over the same streams and sessions, with a limit of 5
   * bids a minute a session (LIVE_BID_RATE_LIMIT is 600): the limit is the route's, given in its deps.
   */
  async function limitedRoom(max: number) {
    const app = createHttpApp(createLogger('silent'));
    await app.register(rateLimit, { global: false, hook: 'preHandler' });
    const auth = sessionAuth({
      authenticate: service.service.accounts.session.authenticate,
      claims: commandIdClaims(service.secrets, service.clock),
      staffLimit: app.rateLimit({ max: 1_000, timeWindow: '1 minute' }),
    });
    await app.register(liveRoutes, {
      streams: service.service.streams,
      clock: service.clock,
      auth,
      market: () => defaultMarketSettings,
      bidRateLimit: max,
    });
    await app.ready();
    return app;
  }

  it('answers 429 to one session past the limit, takes no bid it refused, and leaves another session be', async () => {
    const { clerk, auctionId, lots } = await liveSale();
    const [lot1] = lots as [string, string, string];
    const [fay, gus] = [await bidder('fay'), await bidder('gus')];
    await post(actions.liveOpenSale.path, { auction_id: auctionId }, clerk.token);
    await post(actions.liveCallLot.path, { auction_id: auctionId, lot_id: lot1 }, clerk.token);
    const app = await limitedRoom(5);
    try {
      let ask = 10_000;
      const bid = async (token: string) => {
        const answer = await app.inject({
          method: 'POST',
          url: actions.liveBid.path,
          payload: { lot_id: lot1, ask },
          headers: { authorization: `Bearer ${token}` },
        });
        if (answer.statusCode === 200)
          ask = (answer.json() as { data: { responseData: LiveLotStanding } }).data.responseData.ask;
        return answer.statusCode;
      };
      // Fay and Gus take turns (a bidder never bids against their own lead): Fay's sixth request is over.
      const fays: number[] = [];
      const guses: number[] = [];
      for (let turn = 0; turn < 4; turn++) {
        fays.push(await bid(fay.token));
        guses.push(await bid(gus.token));
      }
      fays.push(await bid(fay.token));
      for (let more = 0; more < 3; more++) fays.push(await bid(fay.token));
      // Gus, on his own budget, is still heard while Fay is held back.
      guses.push(await bid(gus.token));
      expect(fays).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      expect(guses).toEqual([200, 200, 200, 200, 200]);
      const taken = (await service.service.streams.store.readStream(lotStream(lot1))).filter(
        (e) => e.type === 'LiveBidTaken',
      );
      expect(taken).toHaveLength([...fays, ...guses].filter((status) => status === 200).length);
      const byFay = taken.filter((e) => (e.data as { bidderId: string }).bidderId === fay.id);
      expect(byFay).toHaveLength(5);
    } finally {
      await app.close();
    }
  });
});
