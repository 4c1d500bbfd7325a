import type { RecordedEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { BID_SHEETS, type BidSheetDocument, bidSheetsProjection } from './project.ts';

/** Issue 37 §6: the bid sheets read model, each line where its stream left it. */
const STREAM = 'bidsheet-a1~ann';

function sheetLog() {
  const record = eventRecorder();
  const on = (type: string, data: unknown) => record(STREAM, type, data);
  return {
    saved: (limit: number, lines: [string, number][], groups: string[][] = []) =>
      on('BidSheetSaved', {
        auctionId: 'a1',
        bidderId: 'ann',
        limit,
        lines: lines.map(([lotId, max]) => ({ lotId, max })),
        groups: groups.map((lotIds) => ({ lotIds })),
      }),
    placed: (lotId: string, cap: number) => on('BidSheetLinePlaced', { lotId, cap, premiumPercent: 20 }),
    raised: (lotId: string, cap: number, previousCap: number) =>
      on('BidSheetLineRaised', { lotId, cap, previousCap, premiumPercent: 20 }),
    refused: (lotId: string, cap: number, code: string) => on('BidSheetLineRefused', { lotId, cap, code }),
    won: (lotId: string, amount: number) => on('BidSheetLineWon', { lotId, amount, premium: amount / 5 }),
    lost: (lotId: string) => on('BidSheetLineLost', { lotId }),
    cancelled: () => on('BidSheetCancelled', {}),
  };
}

const sheetOf = async (events: RecordedEvent[], batchSize = 1) => {
  const docs = await applyEvents([bidSheetsProjection], events, undefined, batchSize);
  return docs.collection<BidSheetDocument>(BID_SHEETS).findOne({ _id: 'a1~ann' });
};

describe('the bid sheets read model', () => {
  it('keeps each line’s status, cap and outcome as the sheet’s stream tells them', async () => {
    const log = sheetLog();
    const events = [
      log.saved(120_000, [
        ['l1', 50_000],
        ['l2', 40_000],
        ['l3', 30_000],
      ]),
      log.placed('l1', 50_000),
      log.placed('l2', 40_000),
      log.placed('l3', 10_000),
      log.lost('l1'),
      log.raised('l3', 30_000, 10_000),
      log.won('l2', 35_000),
    ];
    const sheet = await sheetOf(events);
    expect(sheet).toMatchObject({ auction_id: 'a1', bidder_id: 'ann', status: 'active', limit: 120_000 });
    expect(
      sheet?.lines.map(({ lot_id, status, cap, amount, premium }) => ({
        lot_id,
        status,
        cap,
        amount,
        premium,
      })),
    ).toEqual([
      { lot_id: 'l1', status: 'lost', cap: null, amount: null, premium: null },
      { lot_id: 'l2', status: 'won', cap: 40_000, amount: 35_000, premium: 7_000 },
      { lot_id: 'l3', status: 'bidding', cap: 30_000, amount: null, premium: null },
    ]);
    expect(sheet?.lines[2]).toMatchObject({ prior_cap: 10_000, placed_once: true });
  });

  it('replaces the sheet on a new save, and marks it cancelled', async () => {
    const log = sheetLog();
    const sheet = await sheetOf([
      log.saved(50_000, [['l1', 20_000]]),
      log.saved(80_000, [['l2', 30_000]], []),
      log.cancelled(),
    ]);
    expect(sheet).toMatchObject({ limit: 80_000, status: 'cancelled' });
    expect(sheet?.lines.map((l) => l.lot_id)).toEqual(['l2']);
  });

  it('gives a refused raise back its earlier cap; a refused first bid waits again or is refused for good', async () => {
    const log = sheetLog();
    const sheet = await sheetOf([
      log.saved(500_000, [
        ['l1', 50_000],
        ['l2', 40_000],
        ['l3', 30_000],
      ]),
      log.placed('l1', 20_000),
      log.raised('l1', 50_000, 20_000),
      log.refused('l1', 50_000, 'MAX_NOT_HIGHER'),
      log.placed('l2', 40_000),
      log.refused('l2', 40_000, 'MIN_BID'),
      log.placed('l3', 30_000),
      log.refused('l3', 30_000, 'BIDDING_CLOSED'),
    ]);
    expect(sheet?.lines.map(({ status, cap, refused_code }) => ({ status, cap, refused_code }))).toEqual([
      { status: 'bidding', cap: 20_000, refused_code: null },
      { status: 'waiting', cap: null, refused_code: null },
      { status: 'refused', cap: null, refused_code: 'BIDDING_CLOSED' },
    ]);
  });

  it('is idempotent, and a rebuild in large batches ends where the live projection did', async () => {
    const log = sheetLog();
    const events = [
      log.saved(
        120_000,
        [
          ['l1', 50_000],
          ['l2', 40_000],
        ],
        [['l1', 'l2']],
      ),
      log.placed('l1', 50_000),
      log.lost('l1'),
      log.placed('l2', 40_000),
      log.won('l2', 12_300),
    ];
    const live = await sheetOf(events);
    const twice = await sheetOf([...events, ...events]);
    const rebuilt = await sheetOf(events, 50);
    expect(twice).toEqual(live);
    expect(rebuilt).toEqual(live);
    expect(live?.groups).toEqual([{ lot_ids: ['l1', 'l2'] }]);
  });
});
