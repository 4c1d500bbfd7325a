import type { BidAddtimeMessage, RealClosedUpdatesMessage, WatchlistAddedMessage } from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';
import { openSocket, type TestSocket } from './support/socket.ts';

const $ = (dollars: number) => Math.round(dollars * 100);
const MINUTE = 60_000;
const clock = offsetClock();
let market: TestMarketplace;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  market = await startMarketplace({ seed: false, clock });
});
afterAll(async () => {
  for (const s of sockets) s.socket.close();
  await market?.stop();
});

async function createLot(closesInMinutes = 3 * 24 * 60) {
  const input = lotInput({
    openingBid: $(100),
    closesAt: new Date(clock.now().getTime() + closesInMinutes * MINUTE).toISOString(),
  });
  return (await market.ok<{ id: string }>('/api/admin/product/create', input, market.admin)).id;
}

/** A socket signed in as `user` (or anonymous), subscribed to `channels`. */
async function socketFor(user: TestUser | null, channels: string[]) {
  const s = await openSocket(market.url);
  sockets.push(s);
  if (user) {
    s.send({ type: 'auth', token: user.token });
    await eventually(() => s.of('authenticated').length > 0, Boolean, 'authenticated');
  }
  if (channels.length > 0) {
    s.send({ type: 'subscribe', channels });
    await eventually(() => s.of('subscribed').length > 0, Boolean, 'subscribed');
  }
  return s;
}

const bid = (user: TestUser, id: string, dollars: number) =>
  market.ok('/api/bid/confirm', { id, wsprice: $(dollars) }, user.auth);

describe('bidAddtime', () => {
  it('tells the outbid user once on their own channel, the bidder their standing, and watchers the price', async () => {
    const id = await createLot();
    const [ann, bob] = [await market.bidder(), await market.bidder()];
    await bid(ann, id, 500);
    // ann is elsewhere in the shop: her socket is signed in but not watching this lot.
    const annSocket = await socketFor(ann, []);
    const bobSocket = await socketFor(bob, [`lot:${id}`]);
    const watcher = await socketFor(null, [`lot:${id}`]);

    await bid(bob, id, 900);
    // Her own bid's notice may reach her socket too (notices are published up to 10 ms later under a
    // stream of appends): the one that tells her she is outbid is the one looked at.
    const outbid = () => annSocket.of<BidAddtimeMessage>('bidAddtime').filter((m) => m.outbid);
    await eventually(() => watcher.of('bidAddtime').length > 0 && outbid().length > 0, Boolean, 'bidAddtime');
    await eventually(() => bobSocket.of('bidAddtime').length > 0, Boolean, 'bidder message');

    const [forAnn] = outbid();
    expect(forAnn).toMatchObject({
      outbid: true,
      status: { bidtopstatus: 'outbid', bid_or_not: 1, my_max_bid: $(500) },
    });
    expect(forAnn?.lot).toMatchObject({ id, wprice: $(550), next_bid: $(600) });
    const [forBob] = bobSocket.of<BidAddtimeMessage>('bidAddtime');
    expect(forBob?.outbid).toBeUndefined();
    expect(forBob?.status).toEqual({ bidtopstatus: 'winner', bid_or_not: 1, my_max_bid: $(900) });
    const [forWatcher] = watcher.of<BidAddtimeMessage>('bidAddtime');
    expect(forWatcher).toMatchObject({ below_five: 0, lot: { wprice: $(550), bid_count: 3 } });
    expect(forWatcher?.status).toBeUndefined();
    // No one's maximum reaches anyone else.
    expect(JSON.stringify(watcher.messages)).not.toContain(String($(900)));
    expect(JSON.stringify(annSocket.messages)).not.toContain(String($(900)));

    // A later bid that does not touch ann sends her nothing more about this lot.
    const toAnn = annSocket.of('bidAddtime').length;
    await bid(bob, id, 1200);
    await eventually(() => watcher.of('bidAddtime').length > 1, Boolean, 'second bid');
    expect(outbid()).toHaveLength(1);
    expect(annSocket.of('bidAddtime')).toHaveLength(toAnn);
  });

  it('flags a bid in the last five minutes and carries the extended close', async () => {
    const id = await createLot(3);
    const ann = await market.bidder();
    const watcher = await socketFor(null, [`lot:${id}`]);
    const before = clock.now().getTime();
    await bid(ann, id, 200);
    await eventually(() => watcher.of('bidAddtime').length > 0, Boolean, 'bidAddtime');
    const [message] = watcher.of<BidAddtimeMessage>('bidAddtime');
    expect(message?.below_five).toBe(1);
    expect(message?.events).toEqual(['BidPlaced', 'LotExtended']);
    expect(Date.parse(message?.date_closed ?? '')).toBeGreaterThanOrEqual(before + 5 * MINUTE);
    expect(message?.date_closed).toBe(message?.lot.date_closed);
  });
});

describe('realclosedupdates', () => {
  it('tells the winner won and the others lost when the lot closes, and watchers it sold', async () => {
    const id = await createLot(20);
    const [ann, bob] = [await market.bidder(), await market.bidder()];
    await bid(ann, id, 400);
    await bid(bob, id, 700);
    const [annSocket, bobSocket, watcher] = [
      await socketFor(ann, []),
      await socketFor(bob, []),
      await socketFor(null, ['lots']),
    ];
    clock.advance(21 * MINUTE);
    // Other lots close at this jump too: each socket's message about this lot.
    const closed = (s: TestSocket) =>
      s.of<RealClosedUpdatesMessage>('realclosedupdates').find((m) => m.lot.id === id);
    await eventually(
      () => [annSocket, bobSocket, watcher].every((s) => closed(s) !== undefined),
      Boolean,
      'realclosedupdates',
    );
    expect([annSocket, bobSocket, watcher].map((s) => closed(s)?.status?.bidtopstatus)).toEqual([
      'lost',
      'won',
      undefined,
    ]);
    expect(closed(watcher)?.lot).toMatchObject({
      id,
      market_status: 'sold',
      cbidtext: 'Sold Price',
      buynowamount: $(420),
    });
  });
});

describe('watchlistAdded', () => {
  it('goes to the user who watched, and to no one else', async () => {
    const id = await createLot();
    const [ann, bob] = [await market.bidder(), await market.bidder()];
    const [annSocket, bobSocket] = [await socketFor(ann, ['lots']), await socketFor(bob, ['lots'])];
    await market.ok('/api/user/addWatchlist', { project_id: id }, ann.auth);
    await market.ok('/api/user/removeWatchlist', { project_id: id }, ann.auth);
    await eventually(() => annSocket.of('watchlistAdded').length >= 2, Boolean, 'watchlistAdded');
    expect(annSocket.of<WatchlistAddedMessage>('watchlistAdded').map((m) => [m.lot_id, m.status])).toEqual([
      [id, 1],
      [id, 0],
    ]);
    await market.caughtUp();
    expect(bobSocket.of('watchlistAdded')).toEqual([]);
  });
});

describe('after a reconnect', () => {
  it('gets every change after the last position it saw: drop the socket, bid twice, reconnect, both arrive', async () => {
    const id = await createLot();
    const [ann, bob] = [await market.bidder(), await market.bidder()];
    const first = await socketFor(ann, [`lot:${id}`]);
    await bid(ann, id, 300);
    await eventually(() => first.of('bidAddtime').length > 0, Boolean, 'own bid');
    const seen = first.of<BidAddtimeMessage>('bidAddtime').at(-1)?.position as string;
    first.socket.terminate();

    await bid(bob, id, 500);
    await bid(ann, id, 800);
    await market.caughtUp();

    const again = await openSocket(market.url);
    sockets.push(again);
    again.send({ type: 'auth', token: ann.token });
    again.send({ type: 'subscribe', channels: [`lot:${id}`] });
    again.send({ type: 'resume', after: seen });
    await eventually(() => again.of('bidAddtime').length >= 2, Boolean, 'both missed bids');
    const missed = again.of<BidAddtimeMessage>('bidAddtime');
    expect(missed.map((m) => m.position > seen)).toEqual([true, true]);
    // bob's bid outbid ann (she was told, though away); her own raise put her back in front.
    expect(missed.map((m) => [m.status?.bidtopstatus, m.outbid ?? false])).toEqual([
      ['outbid', true],
      ['winner', false],
    ]);
  });
});

describe('socket sign-in', () => {
  it('refuses a bad token with the session message and stays open, anonymous', async () => {
    const s = await openSocket(market.url);
    sockets.push(s);
    s.send({ type: 'auth', token: 'not-a-token' });
    await eventually(() => s.of('error').length > 0, Boolean, 'error');
    expect(s.of<{ message: string }>('error')[0]?.message).toBe('Session expired. Login again');
    s.send({ type: 'auth', token: null });
    await eventually(() => s.of('authenticated').length > 0, Boolean, 'signed out');
    expect(s.of('authenticated')[0]).toEqual({ type: 'authenticated', user_id: null });
  });
});
