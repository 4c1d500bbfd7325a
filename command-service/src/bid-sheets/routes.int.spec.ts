import { actions } from '@wine/contracts';
import { bidSheetStream, type LotEvent } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import {
  bidder,
  checkEveryState,
  HOUR,
  lotEvents,
  sale,
  sheetEvents,
  sheetNow,
  withPremium,
} from './test-sales.ts';

/**
 * Issue 37 §6, tried as an attacker would: bidsheet/save and bidsheet/cancel without a session, on
 * another bidder's sheet, with lots of another auction, amounts that are not whole positive cents,
 * bodies too large, an x-command-id sent again with another body; and the limit under concurrency
 * (two saves at once, every lot of the sale closing at once), counted at every state of the sheet.
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

const WAIT = { timeout: 15_000, interval: 20 };
const save = (token: string | undefined, body: unknown, commandId?: string) =>
  service.post(actions.bidSheetSave.path, body, {
    ...(token && { token }),
    ...(commandId && { commandId }),
  });
const cancel = (token: string, auctionId: string) =>
  service.post(actions.bidSheetCancel.path, { auction_id: auctionId }, { token });
const sheetWritten = async (auctionId: string, userId: string) =>
  (await service.service.streams.store.readStream(bidSheetStream(auctionId, userId))).length;

describe('who may keep a sheet', () => {
  it('refuses a caller without a session before reading the body, and writes nothing', async () => {
    const { auctionId, lots } = await sale(service, 1, { startsIn: HOUR, firstCloseIn: 2 * HOUR });
    const body = { auction_id: auctionId, limit: 100_000, lines: [{ lot_id: lots[0], max: 20_000 }] };
    const answer = await save(undefined, body);
    expect([401, 403]).toContain(answer.status);
    const forged = await service.post(actions.bidSheetSave.path, body, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect([401, 403]).toContain(forged.status);
    const stopped = await service.post(actions.bidSheetCancel.path, { auction_id: auctionId });
    expect([401, 403]).toContain(stopped.status);
  });

  it('keeps each bidder to their own sheet: another’s cannot be named, changed or cancelled', async () => {
    const { auctionId, lots } = await sale(service, 1, { startsIn: HOUR, firstCloseIn: 2 * HOUR });
    const [ann, bob] = [await bidder(service, 'ann'), await bidder(service, 'bob')];
    const body = { auction_id: auctionId, limit: 100_000, lines: [{ lot_id: lots[0], max: 20_000 }] };
    expect((await save(ann.token, body)).status).toBe(200);
    // No field names a bidder: the sheet is the session's.
    const named = await save(bob.token, { ...body, bidder_id: ann.id });
    expect(named.body.data.code).toBe('VALIDATION');
    const bobsCancel = await cancel(bob.token, auctionId);
    expect(bobsCancel.status).toBe(404);
    expect(bobsCancel.body.data.code).toBe('BIDSHEET_NOT_FOUND');
    expect((await save(bob.token, { ...body, limit: 50_000 })).status).toBe(200);
    expect((await sheetNow(service, auctionId, ann.id)).limit).toBe(100_000);
    expect((await sheetNow(service, auctionId, bob.id)).limit).toBe(50_000);
  });
});

describe('what a sheet may hold', () => {
  it('refuses lots of another auction and an auction that does not exist', async () => {
    const mine = await sale(service, 1, { startsIn: HOUR, firstCloseIn: 2 * HOUR });
    const other = await sale(service, 1, { startsIn: HOUR, firstCloseIn: 2 * HOUR });
    const ann = await bidder(service, 'ann');
    const foreign = await save(ann.token, {
      auction_id: mine.auctionId,
      limit: 100_000,
      lines: [
        { lot_id: mine.lots[0], max: 20_000 },
        { lot_id: other.lots[0], max: 20_000 },
      ],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.data).toMatchObject({ code: 'BIDSHEET_LOT_NOT_IN_AUCTION' });
    const missing = await save(ann.token, {
      auction_id: 'no-such-auction',
      limit: 100_000,
      lines: [{ lot_id: mine.lots[0], max: 20_000 }],
    });
    expect(missing.body.data.code).toBe('AUCTION_NOT_FOUND');
    expect(await sheetWritten(mine.auctionId, ann.id)).toBe(0);
  });

  it('refuses amounts that are not whole positive cents within the ceilings', async () => {
    const { auctionId, lots } = await sale(service, 1, { startsIn: HOUR, firstCloseIn: 2 * HOUR });
    const ann = await bidder(service, 'ann');
    const line = (max: unknown) => ({
      auction_id: auctionId,
      limit: 100_000,
      lines: [{ lot_id: lots[0], max }],
    });
    for (const body of [
      line(-20_000),
      line(0),
      line(12_345.5),
      line(1e12),
      line('20000'),
      line(null),
      { ...line(20_000), limit: -1 },
      { ...line(20_000), limit: 99.99 },
      { ...line(20_000), limit: 1e15 },
      { ...line(20_000), limit: Number.MAX_SAFE_INTEGER + 2 },
    ]) {
      const answer = await save(ann.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.data.code).toBe('VALIDATION');
    }
    expect(await sheetWritten(auctionId, ann.id)).toBe(0);
  });

  it('refuses a limit below the smallest next bid with its premium, and a maximum below the next bid', async () => {
    const { auctionId, lots } = await sale(service, 1, { startsIn: HOUR, firstCloseIn: 2 * HOUR });
    const ann = await bidder(service, 'ann');
    const low = await save(ann.token, {
      auction_id: auctionId,
      limit: withPremium(10_000) - 1,
      lines: [{ lot_id: lots[0], max: 20_000 }],
    });
    expect(low.body.data).toMatchObject({ code: 'BIDSHEET_LIMIT_TOO_LOW' });
    expect(low.body.data.message).toContain('$120.00');
    const under = await save(ann.token, {
      auction_id: auctionId,
      limit: 100_000,
      lines: [{ lot_id: lots[0], max: 9_999 }],
    });
    expect(under.body.data).toMatchObject({ code: 'BIDSHEET_MAX_TOO_LOW' });
  });

  it('refuses oversized sheets and bodies, a lot twice, and groups that are not the sheet’s', async () => {
    const { auctionId, lots } = await sale(service, 2, { startsIn: HOUR, firstCloseIn: 2 * HOUR });
    const [l1, l2] = lots as [string, string];
    const ann = await bidder(service, 'ann');
    const many = Array.from({ length: 201 }, (_, i) => ({ lot_id: `lot-x${i}`, max: 20_000 }));
    expect((await save(ann.token, { auction_id: auctionId, limit: 100_000, lines: many })).status).toBe(400);
    const huge = await save(ann.token, {
      auction_id: auctionId,
      limit: 100_000,
      lines: [{ lot_id: l1, max: 20_000 }],
      note: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    const twice = await save(ann.token, {
      auction_id: auctionId,
      limit: 100_000,
      lines: [
        { lot_id: l1, max: 20_000 },
        { lot_id: l1, max: 30_000 },
      ],
    });
    expect(twice.body.data.code).toBe('VALIDATION');
    const lines = [
      { lot_id: l1, max: 20_000 },
      { lot_id: l2, max: 20_000 },
    ];
    for (const groups of [
      [{ lot_ids: [l1, 'lot-elsewhere'] }],
      [{ lot_ids: [l1] }],
      [{ lot_ids: [l1, l2] }, { lot_ids: [l2, l1] }],
    ]) {
      const answer = await save(ann.token, { auction_id: auctionId, limit: 100_000, lines, groups });
      expect(answer.body.data.code, JSON.stringify(groups)).toBe('VALIDATION');
    }
    expect(await sheetWritten(auctionId, ann.id)).toBe(0);
  });

  it('answers a repeated x-command-id with its first answer, and refuses it with another body', async () => {
    const { auctionId, lots } = await sale(service, 1, { startsIn: HOUR, firstCloseIn: 2 * HOUR });
    const ann = await bidder(service, 'ann');
    const body = { auction_id: auctionId, limit: 100_000, lines: [{ lot_id: lots[0], max: 20_000 }] };
    const first = await save(ann.token, body, 'sheet-save-0001');
    const again = await save(ann.token, body, 'sheet-save-0001');
    expect([first.status, again.status]).toEqual([200, 200]);
    const other = await save(ann.token, { ...body, limit: 900_000 }, 'sheet-save-0001');
    expect(other.status).toBe(422);
    expect(other.body.data.code).toBe('COMMAND_ID_REUSED');
    const events = await sheetEvents(service, auctionId, ann.id);
    expect(events.filter((e) => e.type === 'BidSheetSaved')).toHaveLength(1);
    expect((await sheetNow(service, auctionId, ann.id)).limit).toBe(100_000);
  });

  it('takes no more changes once the house placed a line: only a cancel, after which nothing more is placed', async () => {
    const { auctionId, lots } = await sale(service, 2);
    const [l1, l2] = lots as [string, string];
    const ann = await bidder(service, 'ann');
    await save(ann.token, {
      auction_id: auctionId,
      limit: withPremium(20_000),
      lines: [
        { lot_id: l1, max: 20_000 },
        { lot_id: l2, max: 20_000 },
      ],
    });
    await vi.waitFor(
      async () => expect((await sheetNow(service, auctionId, ann.id)).lines[0]?.status).toBe('bidding'),
      WAIT,
    );
    const changed = await save(ann.token, {
      auction_id: auctionId,
      limit: 500_000,
      lines: [{ lot_id: l2, max: 20_000 }],
    });
    expect(changed.status).toBe(409);
    expect(changed.body.data.code).toBe('BIDSHEET_LOCKED');
    const stopped = await cancel(ann.token, auctionId);
    expect(stopped.body.data.responseData).toMatchObject({ status: 'cancelled' });
    expect((await sheetNow(service, auctionId, ann.id)).lines[1]?.status).toBe('waiting');
  });
});

describe('the limit under concurrency', () => {
  it('holds when two saves race: one sheet wins, every state within its limit', async () => {
    const { auctionId, lots } = await sale(service, 4);
    const ann = await bidder(service, 'ann');
    const body = (limit: number) => ({
      auction_id: auctionId,
      limit,
      lines: lots.map((lotId) => ({ lot_id: lotId, max: 30_000 })),
    });
    const answers = await Promise.all([save(ann.token, body(50_000)), save(ann.token, body(80_000))]);
    for (const answer of answers) {
      expect(answer.status === 200 || answer.body.data.code === 'BIDSHEET_LOCKED').toBe(true);
    }
    await vi.waitFor(async () => {
      const sheet = await sheetNow(service, auctionId, ann.id);
      expect(sheet.lines.some((l) => l.status === 'bidding')).toBe(true);
    }, WAIT);
    // Let the house finish its steps, then count every state the sheet went through.
    await new Promise((r) => setTimeout(r, 300));
    const events = await sheetEvents(service, auctionId, ann.id);
    expect(checkEveryState(events)).toBeGreaterThanOrEqual(2);
    // What the lots hold for ann, with the premium, is within the limit the sheet ended with.
    const sheet = await sheetNow(service, auctionId, ann.id);
    let onLots = 0;
    for (const lotId of lots) {
      const max = (await lotEvents(service, lotId))
        .filter(
          (e): e is Extract<LotEvent, { type: 'BidPlaced' }> & { metadata: { actor: unknown } } =>
            e.type === 'BidPlaced' && e.data.bidderId === ann.id,
        )
        .at(-1)?.data.maxAmount;
      if (max) onLots += withPremium(max);
    }
    expect(onLots).toBeLessThanOrEqual(sheet.limit);
  });

  it('holds when every lot of the sale closes at once: won lots with their premium never above the limit', async () => {
    const count = 30;
    const { auctionId, lots } = await sale(service, count, { firstCloseIn: HOUR });
    const [ann, bob] = [await bidder(service, 'ann'), await bidder(service, 'bob')];
    // $2,400 pays ten $200 lines whole with the premium; the other twenty wait for budget.
    const limit = 10 * withPremium(20_000);
    const saved = await save(ann.token, {
      auction_id: auctionId,
      limit,
      lines: lots.map((lotId) => ({ lot_id: lotId, max: 20_000 })),
    });
    expect(saved.status).toBe(200);
    await vi.waitFor(async () => {
      const sheet = await sheetNow(service, auctionId, ann.id);
      expect(sheet.lines.filter((l) => l.status === 'bidding')).toHaveLength(10);
    }, WAIT);
    // Bob takes five of the ten ann bids on, and bids on five others.
    const placedOn = (await sheetNow(service, auctionId, ann.id)).lines
      .filter((l) => l.status === 'bidding')
      .map((l) => l.lotId);
    const waitingOn = lots.filter((lotId) => !placedOn.includes(lotId));
    for (const lotId of [...placedOn.slice(0, 5), ...waitingOn.slice(0, 5)]) {
      const answer = await service.post(
        actions.bidConfirm.path,
        { id: lotId, wsprice: 30_000 },
        { token: bob.token },
      );
      expect(answer.status).toBe(200);
    }
    service.clock.advance(HOUR + 1_000);
    await vi.waitFor(async () => {
      const sheet = await sheetNow(service, auctionId, ann.id);
      expect(
        sheet.lines.every((l) => l.status === 'won' || l.status === 'lost' || l.status === 'refused'),
      ).toBe(true);
    }, WAIT);
    await new Promise((r) => setTimeout(r, 300));
    const events = await sheetEvents(service, auctionId, ann.id);
    const checked = checkEveryState(events);
    // Saved, ten placed, thirty closes recorded (and any refusal of a late placement) at least.
    expect(checked).toBeGreaterThanOrEqual(41);
    const won = events.filter((e) => e.type === 'BidSheetLineWon');
    expect(won).toHaveLength(5);
    // The lots' own closes agree: what ann won, with the premium the invoice counts, is within the limit.
    let spent = 0;
    for (const lotId of lots) {
      const close = (await lotEvents(service, lotId)).find((e) => e.type === 'LotClosed');
      if (close?.type === 'LotClosed' && close.data.winnerId === ann.id)
        spent += withPremium(close.data.hammerPrice ?? 0);
    }
    expect(spent).toBe(5 * withPremium(10_000));
    expect(spent).toBeLessThanOrEqual(limit);
  });
});
