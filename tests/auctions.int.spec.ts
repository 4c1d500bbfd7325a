import { randomUUID } from 'node:crypto';
import { auctionDecider, createStreams } from '@wine/command-service';
import { actions, type StaffAuctionDetail } from '@wine/contracts';
import { auctionStream, lotStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

let market: TestMarketplace;
let admin: TestUser;
beforeAll(async () => {
  market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  admin = await market.staff('admin');
}, 120_000);
afterAll(() => market?.stop());

const MINUTE = 60_000;
const inMinutes = (m: number) => new Date(Date.now() + m * MINUTE).toISOString();
const events = async (stream: string) => market.eventStore.readStream(stream);
const types = async (stream: string) => (await events(stream)).map((e) => e.type);

async function lots(count: number, over: Parameters<typeof lotInput>[0] = {}) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await market.ok<{ id: string }>(actions.createLot.path, lotInput(over), admin.auth)).id);
  }
  return ids;
}

async function auction(over: Record<string, unknown> = {}) {
  const body = {
    title: 'Fine & Rare Wines',
    kind: 'timed',
    startsAt: inMinutes(60),
    firstCloseAt: inMinutes(24 * 60),
    premiumText: 'A buyer’s premium of 20% is added to the hammer price.',
    ...over,
  };
  return (await market.ok<{ id: string }>(actions.createAuction.path, body, admin.auth)).id;
}

const detail = async (id: string) => {
  await market.caughtUp();
  return market.ok<StaffAuctionDetail>(actions.staffAuction.path, { id }, admin.auth);
};

describe('auctions (issue 33)', () => {
  it('closes the lots an admin arranges ten a minute, and the storefront reads the auction', async () => {
    const firstCloseAt = new Date(Date.parse(inMinutes(24 * 60)) - (Date.now() % MINUTE)).toISOString();
    const id = await auction({ firstCloseAt });
    const lotIds = await lots(25);
    const arranged = await market.ok<{ scheduled: number }>(
      actions.arrangeAuction.path,
      { id, lotIds },
      admin.auth,
    );
    expect(arranged.scheduled).toBe(25);
    const found = await detail(id);
    expect(found.lotCount).toBe(25);
    expect(found.status).toBe('upcoming');
    const closeAt = (m: number) => new Date(Date.parse(firstCloseAt) + m * MINUTE).toISOString();
    expect(found.lots.map((l) => [l.id, l.lotNumber, l.closesAt])).toEqual(
      lotIds.map((lotId, i) => [lotId, String(i + 1), closeAt(Math.floor(i / 10))]),
    );
    expect(found.lastCloseAt).toBe(closeAt(2));

    // The storefront: the auction's page and list read its title, premium and the lots' span.
    const page = await market.ok<Record<string, unknown>>(actions.auctionDetail.path, { auctionid: id });
    expect(page).toMatchObject({
      auctionid: id,
      title: 'Fine & Rare Wines',
      kind: 'timed',
      premium_text: 'A buyer’s premium of 20% is added to the hammer price.',
      lot_count: 25,
      open_count: 25,
      first_close: closeAt(0),
      last_close: closeAt(2),
    });
    const list = await market.ok<{ records: { auctionid: string; title: string }[] }>(
      actions.auctions.path,
      {},
    );
    expect(list.records).toContainEqual(
      expect.objectContaining({ auctionid: id, title: 'Fine & Rare Wines' }),
    );

    // Each lot's own stream records its place, naming the admin; the storefront's lot shows it.
    const scheduled = (await events(lotStream(lotIds[11] as string))).at(-1);
    expect(scheduled).toMatchObject({
      type: 'LotScheduled',
      data: { auctionId: id, lotNumber: '12', closesAt: closeAt(1) },
      metadata: { actor: { id: admin.id } },
    });
    const lot = await market.ok<{ auctionid: string; custitemlot_number: string; date_closed: string }>(
      actions.productLot.path,
      { id: lotIds[11] },
    );
    expect(lot).toMatchObject({ auctionid: id, custitemlot_number: '12', date_closed: closeAt(1) });
  });

  it('reorders and removes lots before the opening, moving only the lots whose place changed', async () => {
    const id = await auction();
    const [a, b, c] = (await lots(3)) as [string, string, string];
    await market.ok(actions.arrangeAuction.path, { id, lotIds: [a, b, c] }, admin.auth);
    const before = await events(lotStream(a));
    const { scheduled, removed } = await market.ok<{ scheduled: number; removed: number }>(
      actions.arrangeAuction.path,
      { id, lotIds: [c, b] },
      admin.auth,
    );
    expect({ scheduled, removed }).toEqual({ scheduled: 1, removed: 1 });
    const found = await detail(id);
    expect(found.lots.map((l) => [l.id, l.lotNumber])).toEqual([
      [c, '1'],
      [b, '2'],
    ]);
    // The removed lot is out of the auction, its number gone, and free to join another.
    const out = (await events(lotStream(a))).slice(before.length);
    expect(out).toMatchObject([{ type: 'LotScheduled', data: { auctionId: null, lotNumber: null } }]);
    const other = await auction({ title: 'Another' });
    await market.ok(actions.arrangeAuction.path, { id: other, lotIds: [a] }, admin.auth);
  });

  it('extends only the lot bid on at its soft close, and staggers a lot added after the opening', async () => {
    const firstCloseAt = inMinutes(4);
    const id = await auction({ startsAt: inMinutes(-1), firstCloseAt, lotsPerMinute: 1 });
    const [first, second] = (await lots(2)) as [string, string];
    await market.ok(actions.arrangeAuction.path, { id, lotIds: [first, second] }, admin.auth);
    const bidder = await market.bidder();
    const answer = await market.post('/api/bid/confirm', { id: first, wsprice: 30_000 }, bidder.auth);
    expect(answer.body.status).toBe('success');
    const found = await detail(id);
    const [one, two] = found.lots as [StaffAuctionDetail['lots'][0], StaffAuctionDetail['lots'][0]];
    expect(Date.parse(one.closesAt)).toBeGreaterThan(Date.parse(firstCloseAt));
    expect(two.closesAt).toBe(new Date(Date.parse(firstCloseAt) + MINUTE).toISOString());
    expect(await types(lotStream(second))).not.toContain('LotExtended');

    // Open now: a lot is added after the last, a minute later; nothing already placed may move.
    const [third] = (await lots(1)) as [string];
    await market.ok(actions.arrangeAuction.path, { id, lotIds: [first, second, third] }, admin.auth);
    expect((await detail(id)).lots.at(-1)).toMatchObject({
      id: third,
      lotNumber: '3',
      closesAt: new Date(Date.parse(firstCloseAt) + 2 * MINUTE).toISOString(),
    });
    const moved = await market.post(
      actions.arrangeAuction.path,
      { id, lotIds: [second, first, third] },
      admin.auth,
    );
    expect(moved.body).toMatchObject({ status: 'error', data: { code: 'AUCTION_STARTED' } });
    const redated = await market.post(
      actions.updateAuction.path,
      { id, firstCloseAt: inMinutes(90) },
      admin.auth,
    );
    expect(redated.body).toMatchObject({ status: 'error', data: { code: 'AUCTION_STARTED' } });
  });

  it('moves every lot’s close with a new first close before the opening', async () => {
    const id = await auction();
    const lotIds = await lots(11);
    await market.ok(actions.arrangeAuction.path, { id, lotIds }, admin.auth);
    const firstCloseAt = new Date(Date.parse(inMinutes(48 * 60)) - (Date.now() % MINUTE)).toISOString();
    const changed = await market.ok<{ changed: string[] }>(
      actions.updateAuction.path,
      { id, firstCloseAt, title: 'Winter Sale' },
      admin.auth,
    );
    expect(changed.changed.sort()).toEqual(['firstCloseAt', 'title']);
    const found = await detail(id);
    expect(found.title).toBe('Winter Sale');
    expect(found.lots.at(0)?.closesAt).toBe(firstCloseAt);
    expect(found.lots.at(10)?.closesAt).toBe(new Date(Date.parse(firstCloseAt) + MINUTE).toISOString());
  });

  it('writes each step once when the request is sent twice, or again after a crash between its steps', async () => {
    const id = await auction();
    const lotIds = await lots(3);
    const headers = { ...admin.auth, 'x-command-id': `arrange-${randomUUID()}` };
    const [one, two] = await Promise.all([
      market.post(actions.arrangeAuction.path, { id, lotIds }, headers),
      market.post(actions.arrangeAuction.path, { id, lotIds }, headers),
    ]);
    expect([one.body.status, two.body.status]).toEqual(['success', 'success']);
    expect((await types(auctionStream(id))).filter((t) => t === 'AuctionLotsArranged')).toHaveLength(1);
    for (const lotId of lotIds) {
      expect((await types(lotStream(lotId))).filter((t) => t === 'LotScheduled')).toHaveLength(1);
    }
    const reused = await market.post(actions.arrangeAuction.path, { id, lotIds: lotIds.slice(1) }, headers);
    expect(reused.body).toMatchObject({ status: 'error', data: { code: 'COMMAND_ID_REUSED' } });

    // A crash after the auction recorded the order but before any lot was placed: the retry places them.
    const crashed = await auction();
    const more = await lots(2);
    const commandId = `arrange-${randomUUID()}`;
    await createStreams(market.eventStore).handle(
      auctionStream(crashed),
      auctionDecider,
      { type: 'ArrangeLots', lotIds: more, now: new Date() },
      { commandId, correlationId: commandId, actor: { kind: 'user', id: admin.id }, now: new Date() },
    );
    const retried = await market.ok<{ scheduled: number }>(
      actions.arrangeAuction.path,
      { id: crashed, lotIds: more },
      { ...admin.auth, 'x-command-id': commandId },
    );
    expect(retried.scheduled).toBe(2);
    expect((await types(auctionStream(crashed))).filter((t) => t === 'AuctionLotsArranged')).toHaveLength(1);
    expect((await detail(crashed)).lots.map((l) => l.lotNumber)).toEqual(['1', '2']);
  });

  it('refuses what an attacker or a mistake sends, and writes nothing', async () => {
    const id = await auction();
    const other = await auction({ title: 'Another' });
    const [mine, theirs] = (await lots(2)) as [string, string];
    const [buyNowOnly] = await lots(1, { auction: false, buyNow: true, buyNowPrice: 10_000, openingBid: 0 });
    await market.ok(actions.arrangeAuction.path, { id: other, lotIds: [theirs] }, admin.auth);
    const written = (await events(auctionStream(id))).length;
    const bidder = await market.bidder();
    const seller = await market.staff('seller');
    const finance = await market.staff('finance');
    const body = { id, lotIds: [mine] };
    for (const [headers, status] of [
      [{}, 403],
      [bidder.auth, 403],
      [seller.auth, 403],
      [finance.auth, 403],
    ] as const) {
      const answer = await market.post(actions.arrangeAuction.path, body, headers);
      expect(answer.http).toBe(status);
      const created = await market.post(actions.createAuction.path, { title: 'x' }, headers);
      expect(created.http).toBe(status);
    }
    const refusals: [unknown, string][] = [
      [{ id, lotIds: [mine, theirs] }, 'AUCTION_LOT_ELSEWHERE'],
      [{ id, lotIds: [buyNowOnly] }, 'AUCTION_LOT_NOT_AUCTION'],
      [{ id, lotIds: ['no-such-lot'] }, 'AUCTION_LOT_NOT_FOUND'],
      [{ id: 'no-such-auction', lotIds: [mine] }, 'AUCTION_NOT_FOUND'],
      [{ id, lotIds: [mine, mine] }, 'VALIDATION'],
      [{ id, lotIds: [{ $ne: null }] }, 'VALIDATION'],
      [{ id: '../auction', lotIds: [] }, 'VALIDATION'],
      [{ id, lotIds: Array.from({ length: 1001 }, (_, i) => `lot-${i}`) }, 'VALIDATION'],
    ];
    for (const [input, code] of refusals) {
      const answer = await market.post(actions.arrangeAuction.path, input, admin.auth);
      expect(answer.body, JSON.stringify(input).slice(0, 80)).toMatchObject({
        status: 'error',
        data: { code },
      });
      expect(answer.http).toBeLessThan(500);
    }
    const badDates = await market.post(
      actions.createAuction.path,
      { title: 'x', kind: 'timed', startsAt: inMinutes(90), firstCloseAt: inMinutes(60) },
      admin.auth,
    );
    expect(badDates.body).toMatchObject({ status: 'error', data: { code: 'VALIDATION' } });
    const past = await market.post(
      actions.createAuction.path,
      { title: 'x', kind: 'timed', startsAt: inMinutes(-90), firstCloseAt: inMinutes(-60) },
      admin.auth,
    );
    expect(past.body).toMatchObject({ status: 'error', data: { code: 'AUCTION_FIRST_CLOSE_PASSED' } });
    const script = await market.post(
      actions.createAuction.path,
      { title: 'x\u202e', kind: 'timed', startsAt: inMinutes(60), firstCloseAt: inMinutes(90) },
      admin.auth,
    );
    expect(script.body).toMatchObject({ status: 'error', data: { code: 'VALIDATION' } });
    expect(await events(auctionStream(id))).toHaveLength(written);
    expect(await types(lotStream(mine))).toEqual(['LotListed']);
  });
});
