import { defaultBidIncrements, sheetCost } from '@wine/contracts';
import type { BidSheetEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../core/decider.ts';
import { deciderSpec } from '../core/decider-spec.ts';
import { ladderFloor } from './caps.ts';
import {
  type BidSheetCommand,
  bidSheetDecider,
  type LotFacts,
  type PlaceLines,
  type SaveSheet,
} from './decide.ts';
import { type ActiveSheet, committed } from './sheet.ts';

/** Issue 37 §6: a bid sheet with a limit, given/when/then on the sheet's own stream. */
const spec = deciderSpec(bidSheetDecider);
const $ = (dollars: number) => Math.round(dollars * 100);
const PREMIUM = 20;

/** A lot of the auction that takes a bid now at `next` dollars, sold by `sam`. */
const lot = (lotId: string, next = 100, over: Partial<LotFacts> = {}): LotFacts => ({
  lotId,
  takes: 'now',
  nextBid: $(next),
  ownMax: null,
  sellerId: 'sam',
  ...over,
});
/** The auction's catalogue: l1 … l5 in that order. */
const catalogue = ['l1', 'l2', 'l3', 'l4', 'l5'].map((id) => lot(id));

const save = (
  limit: number,
  lines: [string, number][],
  groups: string[][] = [],
  over: Partial<SaveSheet> = {},
): SaveSheet => ({
  type: 'SaveSheet',
  auctionId: 'a1',
  bidderId: 'ann',
  limit: $(limit),
  lines: lines.map(([lotId, max]) => ({ lotId, max: $(max) })),
  groups: groups.map((lotIds) => ({ lotIds })),
  catalogue,
  premiumPercent: PREMIUM,
  hasCard: true,
  ...over,
});
const saved = (limit: number, lines: [string, number][], groups: string[][] = []): BidSheetEvent => ({
  type: 'BidSheetSaved',
  data: {
    auctionId: 'a1',
    bidderId: 'ann',
    limit: $(limit),
    lines: lines.map(([lotId, max]) => ({ lotId, max: $(max) })),
    groups: groups.map((lotIds) => ({ lotIds })),
  },
});
const placed = (lotId: string, cap: number): BidSheetEvent => ({
  type: 'BidSheetLinePlaced',
  data: { lotId, cap: $(cap), premiumPercent: PREMIUM },
});
const raised = (lotId: string, cap: number, previousCap: number): BidSheetEvent => ({
  type: 'BidSheetLineRaised',
  data: { lotId, cap: $(cap), previousCap: $(previousCap), premiumPercent: PREMIUM },
});
const won = (lotId: string, amount: number): BidSheetEvent => ({
  type: 'BidSheetLineWon',
  data: { lotId, amount: $(amount), premium: $(amount * 0.2) },
});
const lost = (lotId: string): BidSheetEvent => ({ type: 'BidSheetLineLost', data: { lotId } });
const refused = (lotId: string, cap: number, code: string): BidSheetEvent => ({
  type: 'BidSheetLineRefused',
  data: { lotId, cap: $(cap), code },
});

/** The house's step, with every lot of the catalogue taking a bid at $100 unless told otherwise. */
const place = (lots: LotFacts[] = catalogue, over: Partial<PlaceLines> = {}): PlaceLines => ({
  type: 'PlaceLines',
  lots: Object.fromEntries(lots.map((l) => [l.lotId, l])),
  premiumPercent: PREMIUM,
  increments: defaultBidIncrements,
  canBid: true,
  ...over,
});
const outcome = (lotId: string, winnerId: string | null, hammer: number | null): BidSheetCommand => ({
  type: 'RecordOutcome',
  lotId,
  winnerId,
  hammerPrice: hammer === null ? null : $(hammer),
  premiumPercent: PREMIUM,
});

describe('saving a bid sheet', () => {
  it('keeps the lines and each group in catalogue order, whatever order the bidder gave', () => {
    spec([])
      .when(
        save(
          1000,
          [
            ['l3', 300],
            ['l1', 500],
          ],
          [['l3', 'l1']],
        ),
      )
      .then([
        saved(
          1000,
          [
            ['l1', 500],
            ['l3', 300],
          ],
          [['l1', 'l3']],
        ),
      ]);
  });

  it('refuses a line on a lot that is not in the auction', () => {
    spec([])
      .when(save(1000, [['l9', 300]]))
      .thenThrows({ code: 'BIDSHEET_LOT_NOT_IN_AUCTION' });
  });

  it('refuses a line on the bidder’s own lot, on a lot that takes no more bids, and a maximum below the next bid', () => {
    const own = catalogue.map((l) => (l.lotId === 'l1' ? { ...l, sellerId: 'ann' } : l));
    spec([])
      .when(save(1000, [['l1', 300]], [], { catalogue: own }))
      .thenThrows({ code: 'OWN_LOT' });
    const closed = catalogue.map((l) => (l.lotId === 'l2' ? { ...l, takes: 'never' as const } : l));
    spec([])
      .when(save(1000, [['l2', 300]], [], { catalogue: closed }))
      .thenThrows({ code: 'BIDSHEET_LOT_NOT_OPEN' });
    spec([])
      .when(save(1000, [['l1', 99]]))
      .thenThrows({ code: 'BIDSHEET_MAX_TOO_LOW', message: /\$100\.00/ });
  });

  it('refuses a limit that cannot pay, with the premium, even the smallest next bid on the sheet', () => {
    // The next bids are $100: $120 with the 20% premium.
    spec([])
      .when(save(119.99, [['l1', 300]]))
      .thenThrows({ code: 'BIDSHEET_LIMIT_TOO_LOW', message: /\$120\.00/ });
    spec([])
      .when(save(120, [['l1', 300]]))
      .then([saved(120, [['l1', 300]])]);
  });

  it('refuses groups of one lot, of lots not on the sheet, a lot in two groups, and a lot twice', () => {
    const lines: [string, number][] = [
      ['l1', 100],
      ['l2', 100],
      ['l3', 100],
    ];
    spec([])
      .when(save(1000, lines, [['l1']]))
      .thenThrows({ code: 'BIDSHEET_GROUPS_INVALID' });
    spec([])
      .when(save(1000, lines, [['l1', 'l4']]))
      .thenThrows({ code: 'BIDSHEET_GROUPS_INVALID' });
    spec([])
      .when(
        save(1000, lines, [
          ['l1', 'l2'],
          ['l2', 'l3'],
        ]),
      )
      .thenThrows({ code: 'BIDSHEET_GROUPS_INVALID' });
    spec([])
      .when(save(1000, [...lines, ['l1', 200]]))
      .thenThrows({ code: 'BIDSHEET_GROUPS_INVALID' });
  });

  it('asks for a card on file first', () => {
    spec([])
      .when(save(1000, [['l1', 300]], [], { hasCard: false }))
      .thenThrows({ code: 'ADD_CARD' });
  });

  it('replaces the sheet until a line was placed; then it can only be cancelled', () => {
    spec([saved(1000, [['l1', 300]])])
      .when(save(2000, [['l2', 400]]))
      .then([saved(2000, [['l2', 400]])]);
    spec([saved(1000, [['l1', 300]]), placed('l1', 300)])
      .when(save(2000, [['l2', 400]]))
      .thenThrows({ code: 'BIDSHEET_LOCKED' });
    // Even once that line is lost: the house acted on the sheet.
    spec([saved(1000, [['l1', 300]]), placed('l1', 300), lost('l1')])
      .when(save(2000, [['l2', 400]]))
      .thenThrows({ code: 'BIDSHEET_LOCKED' });
    // A sheet cancelled before anything was placed may be made again.
    spec([saved(1000, [['l1', 300]]), { type: 'BidSheetCancelled', data: {} }])
      .when(save(2000, [['l2', 400]]))
      .then([saved(2000, [['l2', 400]])]);
  });
});

describe('the house placing the lines within the limit', () => {
  const three: [string, number][] = [
    ['l1', 500],
    ['l2', 400],
    ['l3', 300],
  ];

  it('places whole lines in catalogue order while they fit, and the next with what remains', () => {
    // $1,200 with 20%: $500 ($600) and $400 ($480) whole; $120 remains: a $100 cap ($120) for l3.
    spec([saved(1200, three)])
      .when(place())
      .then([placed('l1', 500), placed('l2', 400), placed('l3', 100)]);
  });

  it('rounds a partial cap down to a bid of the increment table from the lot’s next bid', () => {
    // $165 with 20% pays a $137.50 hammer: from $100 the table goes $110, $120, $130, $140: $130.
    spec([saved(165, [['l1', 500]])])
      .when(place())
      .then([placed('l1', 130)]);
    // From a next bid of $105: $105, $115, $125, $135.
    spec([saved(165, [['l1', 500]])])
      .when(place([lot('l1', 105)]))
      .then([placed('l1', 135)]);
  });

  it('leaves a line waiting when what remains does not reach its lot’s next bid, and places a later one that fits', () => {
    // $700 pays l1 whole ($600); $100 remains (an $83.33 hammer), below l2's $200; from l3's $80: $83.
    spec([saved(700, three)])
      .when(place([lot('l1'), lot('l2', 200), lot('l3', 80)]))
      .then([placed('l1', 500), placed('l3', 83)]);
  });

  it('waits for a timed lot that has not started, and never places a line whose lot passed its maximum', () => {
    spec([saved(5000, three)])
      .when(place([lot('l1', 100, { takes: 'later' }), lot('l2', 450), lot('l3')]))
      .then([placed('l3', 300)]);
  });

  it('places nothing for a bidder who cannot bid, nor on a cancelled sheet', () => {
    spec([saved(5000, three)])
      .when(place(catalogue, { canBid: false }))
      .then([]);
    spec([saved(5000, three), { type: 'BidSheetCancelled', data: {} }])
      .when(place())
      .then([]);
  });

  it('raises a partly placed line when a lost lot gives budget back, up to its maximum', () => {
    const given = [saved(1200, three), placed('l1', 500), placed('l2', 400), placed('l3', 100)];
    spec([...given, lost('l1')])
      .when(place())
      .then([raised('l3', 300, 100)]);
    // A lot won below its cap gives back the difference only: l1 won at $450 ($540) leaves
    // $1,200 - $540 - $480 = $180 for l3 (its $120 with $60 more), a $150 hammer: from $110, $150.
    spec([...given, won('l1', 450)])
      .when(place([lot('l1'), lot('l2'), lot('l3', 110)]))
      .then([raised('l3', 150, 100)]);
  });

  it('raises a leading line to any amount above its maximum, and an outbid one only from the next bid', () => {
    const given = [saved(1200, three), placed('l1', 500), placed('l2', 400), placed('l3', 100), lost('l1')];
    // Outbid on l3 at $320: the raise to $300 would not be taken.
    spec(given)
      .when(place([lot('l3', 320)]))
      .then([]);
    // Leading l3 with its $100: any higher maximum is taken.
    spec(given)
      .when(place([lot('l3', 110, { ownMax: $(100) })]))
      .then([raised('l3', 300, 100)]);
  });

  it('spends nothing twice: a second step with nothing new places nothing', () => {
    spec([saved(1200, three), placed('l1', 500), placed('l2', 400), placed('l3', 100)])
      .when(place())
      .then([]);
  });
});

describe('either/or groups', () => {
  const sheet = saved(
    5000,
    [
      ['l1', 300],
      ['l2', 300],
      ['l3', 300],
    ],
    [['l1', 'l2']],
  );

  it('bids one line of a group at a time, in catalogue order', () => {
    spec([sheet])
      .when(place())
      .then([placed('l1', 300), placed('l3', 300)]);
  });

  it('places the next line of the group once the first lot is lost, if its lot still takes bids', () => {
    spec([sheet, placed('l1', 300), placed('l3', 300), lost('l1')])
      .when(place())
      .then([placed('l2', 300)]);
    spec([sheet, placed('l1', 300), placed('l3', 300), lost('l1')])
      .when(place([lot('l2', 100, { takes: 'never' })]))
      .then([]);
  });

  it('skips the group’s other lines once one is won', () => {
    spec([sheet, placed('l1', 300), placed('l3', 300), won('l1', 250)])
      .when(place())
      .then([]);
  });

  it('tries the next line of the group when the first cannot be placed now', () => {
    spec([sheet])
      .when(place([lot('l1', 100, { takes: 'later' }), lot('l2'), lot('l3')]))
      .then([placed('l2', 300), placed('l3', 300)]);
  });
});

describe('outcomes and refusals', () => {
  const sheet = saved(1000, [
    ['l1', 500],
    ['l2', 300],
  ]);

  it('records a lot won by the bidder with the premium the invoice counts, and any other close as lost', () => {
    spec([sheet, placed('l1', 500)])
      .when(outcome('l1', 'ann', 455.55))
      .then([{ type: 'BidSheetLineWon', data: { lotId: 'l1', amount: 45_555, premium: 9111 } }]);
    spec([sheet, placed('l1', 500)])
      .when(outcome('l1', 'bob', 520))
      .then([lost('l1')]);
    spec([sheet])
      .when(outcome('l2', null, null))
      .then([lost('l2')]);
  });

  it('records each close once, and nothing for a lot not on the sheet', () => {
    spec([sheet, placed('l1', 500), lost('l1')])
      .when(outcome('l1', 'bob', 520))
      .then([]);
    spec([sheet, placed('l1', 500), won('l1', 300)])
      .when(outcome('l1', 'ann', 300))
      .then([]);
    spec([sheet])
      .when(outcome('l9', 'ann', 100))
      .then([]);
  });

  it('counts a lot the house reopened after it was lost and the bidder then won', () => {
    spec([sheet, placed('l1', 500), lost('l1')])
      .when(outcome('l1', 'ann', 300))
      .then([won('l1', 300)]);
  });

  it('still records the outcomes of a cancelled sheet: its bids stood', () => {
    spec([sheet, placed('l1', 500), { type: 'BidSheetCancelled', data: {} }])
      .when(outcome('l1', 'ann', 300))
      .then([won('l1', 300)]);
  });

  it('gives a refused bid’s budget back: the line waits after a moved price, and is refused for good otherwise', () => {
    const given = [sheet, placed('l1', 500)];
    spec(given)
      .when({ type: 'RecordRefusal', lotId: 'l1', cap: $(500), code: 'MIN_BID' })
      .then([refused('l1', 500, 'MIN_BID')]);
    const afterMinBid = fold(bidSheetDecider, [...given, refused('l1', 500, 'MIN_BID')]) as ActiveSheet;
    expect(afterMinBid.lines[0]).toMatchObject({ status: 'waiting', cap: null });
    expect(committed(afterMinBid)).toBe(0);
    const afterClosed = fold(bidSheetDecider, [
      ...given,
      refused('l1', 500, 'BIDDING_CLOSED'),
    ]) as ActiveSheet;
    expect(afterClosed.lines[0]).toMatchObject({ status: 'refused', refusedCode: 'BIDDING_CLOSED' });
    // A refused line is not placed again.
    spec([...given, refused('l1', 500, 'BIDDING_CLOSED')])
      .when(place())
      .then([placed('l2', 300)]);
  });

  it('leaves a line at its earlier cap when the lot refuses its raise, and ignores a refusal of a cap it no longer bids', () => {
    const given = [sheet, placed('l1', 200), raised('l1', 500, 200)];
    const after = fold(bidSheetDecider, [...given, refused('l1', 500, 'MAX_NOT_HIGHER')]) as ActiveSheet;
    expect(after.lines[0]).toMatchObject({ status: 'bidding', cap: $(200), raisable: false });
    spec(given)
      .when({ type: 'RecordRefusal', lotId: 'l1', cap: $(200), code: 'MIN_BID' })
      .then([]);
  });

  it('cancels once, and refuses to cancel a sheet never saved', () => {
    spec([sheet])
      .when({ type: 'CancelSheet' })
      .then([{ type: 'BidSheetCancelled', data: {} }]);
    spec([sheet, { type: 'BidSheetCancelled', data: {} }])
      .when({ type: 'CancelSheet' })
      .then([]);
    spec([]).when({ type: 'CancelSheet' }).thenThrows({ code: 'BIDSHEET_NOT_FOUND' });
  });
});

describe('the increment ladder', () => {
  it('walks the default table across its rows, at its boundaries', () => {
    expect(ladderFloor(defaultBidIncrements, $(100), $(99))).toBeNull();
    expect(ladderFloor(defaultBidIncrements, $(98), $(99.5))).toBe($(99));
    expect(ladderFloor(defaultBidIncrements, $(99), $(100))).toBe($(100));
    expect(ladderFloor(defaultBidIncrements, $(4800), $(5499))).toBe($(5000));
    expect(ladderFloor(defaultBidIncrements, $(100), $(999_999))).toBe($(999_500));
  });

  it('counts a cap with its premium as the invoice does', () => {
    expect(sheetCost($(455.55), PREMIUM)).toBe($(455.55) + 9111);
  });
});
