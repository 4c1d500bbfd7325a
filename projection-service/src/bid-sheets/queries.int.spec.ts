import { actions, type BidSheetView, sheetCost } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { usersProjection } from '../users/project.ts';
import { bidSheetsProjection } from './project.ts';
import { bidSheetQueries } from './queries.ts';

const clock = manualClock('2026-11-22T18:00:00.000Z');

/**
 * ann's sheet for auction a1: five lots ($2,000 with the premium), l1 or l2 (either/or); l1 won,
 * so l2 is skipped; l3 bidding at a partial cap; l4 lost; l5 refused. bob has a sheet of his own.
 */
async function sheets() {
  const record = eventRecorder();
  const ann = (type: string, data: unknown) => record('bidsheet-a1~ann', type, data);
  const lot = (lotId: string, n: string) =>
    record(
      `lot-${lotId}`,
      'LotListed',
      listedLot({ lotId, lotNumber: n, title: `Lot ${n}`, auctionId: 'a1' }),
    );
  const docs = await applyEvents(
    [usersProjection, lotsProjection, bidSheetsProjection],
    [
      record('user-ann', 'UserRegistered', registered('ann', 'Ann', 'Buyer')),
      record('user-bob', 'UserRegistered', registered('bob', 'Bob', 'Buyer')),
      ...['l1', 'l2', 'l3', 'l4', 'l5'].map((id, i) => lot(id, String(i + 1))),
      ann('BidSheetSaved', {
        auctionId: 'a1',
        bidderId: 'ann',
        limit: 200_000,
        lines: [
          { lotId: 'l1', max: 50_000 },
          { lotId: 'l2', max: 50_000 },
          { lotId: 'l3', max: 90_000 },
          { lotId: 'l4', max: 30_000 },
          { lotId: 'l5', max: 20_000 },
        ],
        groups: [{ lotIds: ['l1', 'l2'] }],
      }),
      ann('BidSheetLinePlaced', { lotId: 'l1', cap: 50_000, premiumPercent: 20 }),
      ann('BidSheetLinePlaced', { lotId: 'l3', cap: 70_000, premiumPercent: 20 }),
      ann('BidSheetLinePlaced', { lotId: 'l4', cap: 30_000, premiumPercent: 20 }),
      ann('BidSheetLineWon', { lotId: 'l1', amount: 45_000, premium: 9_000 }),
      ann('BidSheetLineLost', { lotId: 'l4' }),
      ann('BidSheetLinePlaced', { lotId: 'l5', cap: 20_000, premiumPercent: 20 }),
      ann('BidSheetLineRefused', { lotId: 'l5', cap: 20_000, code: 'BIDDING_CLOSED' }),
      record('bidsheet-a2~bob', 'BidSheetSaved', {
        auctionId: 'a2',
        bidderId: 'bob',
        limit: 10_000,
        lines: [{ lotId: 'l9', max: 5_000 }],
        groups: [],
      }),
    ],
  );
  const served = await queryApp(bidSheetQueries, docs, clock);
  return { ...served, ann: await served.signIn('ann'), bob: await served.signIn('bob') };
}

const viewOf = (response: { json: () => { data: { responseData: BidSheetView } } }) =>
  response.json().data.responseData;

describe('bidsheet/get', () => {
  it('refuses a visitor and a forged token', async () => {
    const { app, post } = await sheets();
    expect((await post(actions.bidSheetGet.path, { auction_id: 'a1' })).statusCode).toBe(403);
    expect(
      (await post(actions.bidSheetGet.path, { auction_id: 'a1' }, { authorization: 'Bearer forged' }))
        .statusCode,
    ).toBe(403);
    await app.close();
  });

  it('answers each line’s status, the limit, what is committed of it and what remains', async () => {
    const { app, post, ann } = await sheets();
    const answer = await post(actions.bidSheetGet.path, { auction_id: 'a1' }, ann);
    expect(answer.statusCode).toBe(200);
    const view = viewOf(answer);
    expect(
      view.lines.map(({ lot_id, lot_number, title, status, cap, amount, group, refused_code }) => ({
        lot_id,
        lot_number,
        title,
        status,
        cap,
        amount,
        group,
        refused_code,
      })),
    ).toEqual([
      {
        lot_id: 'l1',
        lot_number: '1',
        title: 'Lot 1',
        status: 'won',
        cap: 50_000,
        amount: 45_000,
        group: 0,
        refused_code: null,
      },
      {
        lot_id: 'l2',
        lot_number: '2',
        title: 'Lot 2',
        status: 'skipped',
        cap: null,
        amount: null,
        group: 0,
        refused_code: null,
      },
      {
        lot_id: 'l3',
        lot_number: '3',
        title: 'Lot 3',
        status: 'bidding',
        cap: 70_000,
        amount: null,
        group: null,
        refused_code: null,
      },
      {
        lot_id: 'l4',
        lot_number: '4',
        title: 'Lot 4',
        status: 'lost',
        cap: null,
        amount: null,
        group: null,
        refused_code: null,
      },
      {
        lot_id: 'l5',
        lot_number: '5',
        title: 'Lot 5',
        status: 'refused',
        cap: null,
        amount: null,
        group: null,
        refused_code: 'BIDDING_CLOSED',
      },
    ]);
    // Won l1 ($450 + $90) and l3's $700 cap with its premium ($840).
    const committed = 54_000 + sheetCost(70_000, 20);
    expect(view).toMatchObject({
      status: 'active',
      limit: 200_000,
      committed,
      remaining: 200_000 - committed,
      locked: true,
      groups: [{ lot_ids: ['l1', 'l2'] }],
    });
    await app.close();
  });

  it('shows a bidder only their own sheet: another’s auction answers none', async () => {
    const { app, post, bob } = await sheets();
    const asked = viewOf(await post(actions.bidSheetGet.path, { auction_id: 'a1' }, bob));
    expect(asked).toMatchObject({ status: 'none', lines: [], limit: 0 });
    const own = viewOf(await post(actions.bidSheetGet.path, { auction_id: 'a2' }, bob));
    expect(own).toMatchObject({
      status: 'active',
      limit: 10_000,
      committed: 0,
      remaining: 10_000,
      locked: false,
    });
    await app.close();
  });

  it('refuses an auction id that cannot be one, and a body with more than the id', async () => {
    const { app, post, ann } = await sheets();
    for (const body of [
      { auction_id: 'a1~bob' },
      { auction_id: '../a1' },
      { auction_id: 'a1', user_id: 'bob' },
      {},
    ]) {
      expect((await post(actions.bidSheetGet.path, body, ann)).statusCode, JSON.stringify(body)).toBe(400);
    }
    await app.close();
  });
});
