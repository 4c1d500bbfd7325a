import { defaultBidIncrements } from '@wine/contracts';
import type { LotEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { type LotCommand, lotDecider } from '../lots/decide.ts';
import { $, annLeads, bid, decided, duringAuction, listed, placed } from '../lots/fixtures.ts';

/**
 * Issue 37: the live room's calls on a lot's stream, given/when/then through the lot's own decider
 * (DOMAIN.md "Live room"). Amounts in dollars; the increment table's default ($10 from $100 to $999).
 */
const spec = deciderSpec(lotDecider);
const increments = defaultBidIncrements;
const now = duringAuction;
const SALE = 'sale-1';
const inSale = listed({ sellerId: 'sam', auctionId: SALE, openingBid: $(100), reserve: null });

const open: LotCommand = { type: 'OpenLiveLot', auctionId: SALE, increments, now };
const opened = (
  ask: number,
  price: number | null = null,
  leaderId: string | null = null,
  absenteeMax?: number,
): LotEvent => ({
  type: 'LiveLotOpened',
  data: {
    auctionId: SALE,
    ask: $(ask),
    price: price === null ? null : $(price),
    leaderId,
    ...(absenteeMax !== undefined && { absenteeMax: $(absenteeMax) }),
  },
});
const takeBid = (
  bidderId: string,
  ask: number,
  source: 'internet' | 'floor' | 'phone' = 'internet',
  over: Partial<Extract<LotCommand, { type: 'TakeLiveBid' }>> = {},
): LotCommand => ({
  type: 'TakeLiveBid',
  bidId: `lb-${bidderId}-${ask}`,
  source,
  bidderId,
  paddle: source === 'internet' ? null : '101',
  ask: $(ask),
  hasCard: true,
  increments,
  ...over,
});
const taken = (
  bidderId: string,
  amount: number,
  nextAsk: number,
  source: 'internet' | 'floor' | 'phone' | 'absentee' = 'internet',
  over: Partial<Extract<LotEvent, { type: 'LiveBidTaken' }>['data']> = {},
): LotEvent => ({
  type: 'LiveBidTaken',
  data: {
    bidId: `lb-${bidderId}-${amount}`,
    source,
    bidderId,
    paddle: source === 'internet' || source === 'absentee' ? null : '101',
    amount: $(amount),
    nextAsk: $(nextAsk),
    answersBidId: null,
    ...over,
  },
});
const sold = (bidderId: string, amount: number): LotEvent => ({
  type: 'LiveLotHammered',
  data: { outcome: 'sold', bidderId, amount: $(amount) },
});

describe('the live room on a lot (issue 37)', () => {
  it('opens at the opening bid with no advance bids, once; another sale cannot open it', () => {
    spec([inSale])
      .when(open)
      .then([opened(100)]);
    spec([inSale, opened(100)])
      .when(open)
      .then([]);
    spec([inSale])
      .when({ ...open, auctionId: 'sale-2' } as LotCommand)
      .thenThrows({ code: 'LOT_NOT_IN_SALE' });
  });

  it("opens at the advance bids' price plus the increment, the absentee leading", () => {
    // Ann's maximum $300 and Bob's $200 before the sale: the ladder stands at $210 for Ann.
    const advance = [annLeads(300), placed('bob', { max: 200, at: 200, next: 210, leads: false })];
    const price = lotDecider.decide(
      bid('bob', 200),
      [inSale, annLeads(300)].reduce(lotDecider.evolve, lotDecider.initialState()),
    );
    const stands = price.at(-1)?.data as { amount: number };
    spec([inSale, annLeads(300), ...price])
      .when(open)
      .then([opened(stands.amount / 100 + 10, stands.amount / 100, 'ann', 300)]);
    expect(advance).toHaveLength(2);
  });

  it('takes an internet bid at the ask and moves the ask by the increment', () => {
    spec([inSale, opened(100)])
      .when(takeBid('cat', 100))
      .then([taken('cat', 100, 110)]);
  });

  it('refuses a bid for an ask that moved, and never takes it at another price', () => {
    spec([inSale, opened(100), taken('cat', 100, 110)])
      .when(takeBid('dan', 100))
      .thenThrows({ code: 'ASK_MOVED' });
  });

  it('has the house bid for the absentee at the next ask while the maximum reaches it; the earlier wins a tie', () => {
    // The absentee (Ann, maximum $300) leads at $100 when the lot opens at $110.
    const withAbsentee = [inSale, annLeads(300), opened(110, 100, 'ann')];
    spec(withAbsentee)
      .when(takeBid('eve', 110, 'floor'))
      .then([
        taken('eve', 110, 120, 'floor'),
        taken('ann', 120, 130, 'absentee', { bidId: 'lb-eve-110-absentee', answersBidId: 'lb-eve-110' }),
      ]);
    // The floor bids $300, Ann's maximum exactly: the earlier absentee keeps the lead at $300.
    spec([...withAbsentee, { type: 'LiveAskChanged', data: { ask: $(300) } }])
      .when(takeBid('eve', 300, 'floor'))
      .then([
        taken('eve', 300, 320, 'floor'),
        taken('ann', 300, 320, 'absentee', { bidId: 'lb-eve-300-absentee', answersBidId: 'lb-eve-300' }),
      ]);
    // Past the maximum, the house bids no more for Ann.
    spec([...withAbsentee, { type: 'LiveAskChanged', data: { ask: $(320) } }])
      .when(takeBid('eve', 320, 'floor'))
      .then([taken('eve', 320, 340, 'floor')]);
  });

  it("refuses the leader bidding against themself, a bid on one's own lot, and an internet bid without a card", () => {
    const led = [inSale, opened(100), taken('cat', 100, 110)];
    spec(led).when(takeBid('cat', 110)).thenThrows({ code: 'LIVE_ALREADY_LEADING' });
    spec(led).when(takeBid('sam', 110)).thenThrows({ code: 'OWN_LOT' });
    spec(led)
      .when(takeBid('dan', 110, 'internet', { hasCard: false }))
      .thenThrows({ code: 'ADD_CARD' });
  });

  it('sells to the leader at the price after fair warning; passes a lot with no bid or below the reserve', () => {
    const led = [inSale, opened(100), taken('cat', 100, 110)];
    spec(led)
      .when({ type: 'FairWarning' })
      .then([{ type: 'LiveFairWarning', data: {} }]);
    spec([...led, { type: 'LiveFairWarning', data: {} }])
      .when({ type: 'Hammer', outcome: 'sold' })
      .then([sold('cat', 100)]);
    spec([inSale, opened(100)])
      .when({ type: 'Hammer', outcome: 'sold' })
      .thenThrows({ code: 'LIVE_NO_BID' });
    const reserved = listed({ sellerId: 'sam', auctionId: SALE, openingBid: $(100), reserve: $(500) });
    spec([reserved, opened(100), taken('cat', 100, 110)])
      .when({ type: 'Hammer', outcome: 'sold' })
      .thenThrows({ code: 'LIVE_RESERVE_NOT_MET' });
    spec([reserved, opened(100), taken('cat', 100, 110)])
      .when({ type: 'Hammer', outcome: 'passed' })
      .then([{ type: 'LiveLotHammered', data: { outcome: 'passed', bidderId: null, amount: null } }]);
  });

  it('refuses every bid after the hammer: an internet bid is written as missed, for the clerk', () => {
    const hammered = [inSale, opened(100), taken('cat', 100, 110), sold('cat', 100)];
    spec(hammered)
      .when(takeBid('dan', 110))
      .then([{ type: 'LiveBidMissed', data: { bidId: 'lb-dan-110', bidderId: 'dan', ask: $(110) } }]);
    spec(hammered)
      .when(takeBid('dan', 110, 'floor'))
      .thenThrows({ code: 'LIVE_LOT_HAMMERED' });
    spec(hammered)
      .when({ type: 'ChangeAsk', ask: $(200) })
      .thenThrows({ code: 'LIVE_LOT_HAMMERED' });
  });

  it('undoes sold or pass until the room moves on, and bidding goes on', () => {
    const hammered = [inSale, opened(100), taken('cat', 100, 110), sold('cat', 100)];
    const undone: LotEvent = {
      type: 'LiveCallUndone',
      data: { call: 'sold', reason: 'a floor bid was missed' },
    };
    spec(hammered).when({ type: 'UndoCall', reason: 'a floor bid was missed' }).then([undone]);
    spec([...hammered, undone])
      .when(takeBid('dan', 110, 'floor'))
      .then([taken('dan', 110, 120, 'floor')]);
    spec([inSale, opened(100)])
      .when({ type: 'UndoCall', reason: 'x' })
      .thenThrows({ code: 'LIVE_NOTHING_TO_UNDO' });
  });

  it('writes the close when the room moves on: sold to the winner, once; then nothing can be undone', () => {
    const hammered = [
      inSale,
      opened(100),
      taken('cat', 100, 110),
      taken('dan', 110, 120, 'floor'),
      sold('dan', 110),
    ];
    const closed: LotEvent = {
      type: 'LotClosed',
      data: {
        outcome: 'sold',
        winnerId: 'dan',
        hammerPrice: $(110),
        losers: ['cat'],
        bidCount: 2,
        reserveMet: true,
        closesAt: now.toISOString(),
        quantity: 1,
        endedBy: 'close',
      },
    };
    spec(hammered).when({ type: 'FinishLiveLot', now }).then([closed]);
    spec([...hammered, closed])
      .when({ type: 'FinishLiveLot', now })
      .then([]);
    spec([...hammered, closed])
      .when({ type: 'UndoCall', reason: 'too late' })
      .thenThrows({ code: 'LIVE_NOTHING_TO_UNDO' });
  });

  it('leaves a lot scheduled in a live sale to the auctioneer even before it is called', () => {
    const scheduled = (live: boolean): LotEvent => ({
      type: 'LotScheduled',
      data: {
        auctionId: SALE,
        lotNumber: '7',
        startsAt: '2026-11-20T12:00:00.000Z',
        closesAt: '2026-11-27T18:00:00.000Z',
        ...(live && { live: true }),
      },
    });
    const late = { type: 'CloseLot', now: new Date('2030-01-01T00:00:00Z') } as const;
    spec([inSale, scheduled(true)])
      .when(late)
      .then([]);
    const closed = lotDecider.decide(
      late,
      [inSale, scheduled(false)].reduce(lotDecider.evolve, lotDecider.initialState()),
    );
    expect(closed.map((e) => e.type)).toEqual(['LotClosed']);
  });

  it('leaves a lot in the room to the auctioneer: the clock does not close it, and timed bids go to the room', () => {
    const inRoom = [inSale, opened(100)];
    spec(inRoom)
      .when({ type: 'CloseLot', now: new Date('2030-01-01T00:00:00Z') })
      .then([]);
    spec(inRoom).when(bid('cat', 200)).thenThrows({ code: 'LIVE_BID_IN_ROOM' });
  });
});

describe('the reserve in the room: the consignor bids below it (issue 37)', () => {
  const reserved = listed({ sellerId: 'sam', auctionId: SALE, openingBid: $(100), reserve: $(500) });
  const forConsignor = (ask: number): LotCommand => ({
    type: 'TakeLiveBid',
    bidId: `lb-consignor-${ask}`,
    source: 'consignor',
    ask: $(ask),
    increments,
  });
  const consignors = (amount: number, nextAsk: number): LotEvent =>
    taken('sam', amount, nextAsk, 'internet', { bidId: `lb-consignor-${amount}`, source: 'consignor' });
  const passed: LotEvent = {
    type: 'LiveLotHammered',
    data: { outcome: 'passed', bidderId: null, amount: null },
  };

  it('opens at the reserve, the absentee leading there, when the advance maximum reaches it', () => {
    // Ann's maximum $600 stands at the opening $100 (as a ladder written before the reserve could
    // leave it): the room opens at the reserve, $500, and asks $550.
    spec([reserved, annLeads(600)])
      .when(open)
      .then([opened(550, 500, 'ann', 600)]);
    // Below the reserve, at the advance bids' price.
    spec([reserved, annLeads(300)])
      .when(open)
      .then([opened(110, 100, 'ann', 300)]);
  });

  it('takes the consignor’s bid at the ask while the ask is below the reserve, as the seller’s', () => {
    spec([reserved, opened(100), taken('cat', 100, 110)])
      .when(forConsignor(110))
      .then([consignors(110, 120)]);
    // Up to one increment below: at $480 (the increment $20) the next ask is the reserve.
    spec([reserved, opened(100), taken('cat', 100, 110), { type: 'LiveAskChanged', data: { ask: $(480) } }])
      .when(forConsignor(480))
      .then([consignors(480, 500)]);
  });

  it('refuses the consignor’s bid at or above the reserve, on a lot with no reserve, twice running, or for an ask that moved', () => {
    const atReserve = [reserved, opened(100), { type: 'LiveAskChanged', data: { ask: $(500) } } as LotEvent];
    spec(atReserve).when(forConsignor(500)).thenThrows({ code: 'LIVE_CONSIGNOR_BID_LIMIT' });
    spec([inSale, opened(100)])
      .when(forConsignor(100))
      .thenThrows({ code: 'LIVE_CONSIGNOR_BID_LIMIT' });
    spec([reserved, opened(100), consignors(100, 110)])
      .when(forConsignor(110))
      .thenThrows({ code: 'LIVE_ALREADY_LEADING' });
    spec([reserved, opened(100)])
      .when(forConsignor(110))
      .thenThrows({ code: 'ASK_MOVED' });
  });

  it('has the house answer a consignor’s bid for the absentee like any other', () => {
    spec([reserved, annLeads(300), opened(110, 100, 'ann')])
      .when(forConsignor(110))
      .then([
        consignors(110, 120),
        taken('ann', 120, 130, 'absentee', {
          bidId: 'lb-consignor-110-absentee',
          answersBidId: 'lb-consignor-110',
        }),
      ]);
  });

  it('never sells to the consignor: passed instead, the seller neither a loser nor a bidder', () => {
    const led = [reserved, opened(100), taken('cat', 100, 110), consignors(110, 120)];
    spec(led).when({ type: 'Hammer', outcome: 'sold' }).thenThrows({ code: 'LIVE_CONSIGNOR_LEADS' });
    spec(led).when({ type: 'Hammer', outcome: 'passed' }).then([passed]);
    spec([...led, passed])
      .when({ type: 'FinishLiveLot', now })
      .then([
        {
          type: 'LotClosed',
          data: {
            outcome: 'unsold',
            winnerId: null,
            hammerPrice: null,
            losers: ['cat'],
            bidCount: 1,
            reserveMet: false,
            closesAt: now.toISOString(),
            quantity: 0,
            endedBy: 'close',
          },
        },
      ]);
  });

  it('offers a passed lot to its top bidder in the room at the reserve (the house’s second chance), never to the consignor', () => {
    // Ann's advance maximum $150 was beaten in the room by Cat at $200; the consignor bid $210.
    const passedInRoom: LotEvent[] = [
      reserved,
      placed('ann', { max: 150, at: 100, next: 110 }),
      opened(110, 100, 'ann'),
      { type: 'LiveAskChanged', data: { ask: $(200) } },
      taken('cat', 200, 210, 'floor'),
      consignors(210, 220),
      passed,
    ];
    const given = [...passedInRoom, ...decided(passedInRoom, { type: 'FinishLiveLot', now })];
    const offer = decided(given, {
      type: 'OfferSecondChance',
      offerId: 'sc-1',
      by: { side: 'house' },
      price: null,
      now,
      expiresAt: new Date(now.getTime() + 48 * 3600_000),
    });
    expect(offer).toEqual([
      expect.objectContaining({
        type: 'OfferMade',
        data: expect.objectContaining({ buyerId: 'cat', price: $(500), kind: 'second_chance' }),
      }),
    ]);
  });
});

describe('a live sale closing with lots never called (issue 37)', () => {
  const scheduled = (auctionId: string): LotEvent => ({
    type: 'LotScheduled',
    data: {
      auctionId,
      lotNumber: '7',
      startsAt: '2026-11-20T12:00:00.000Z',
      closesAt: '2026-11-27T18:00:00.000Z',
      live: true,
    },
  });
  const closing: LotCommand = { type: 'FinishLiveLot', now, closedSale: SALE };

  it('closes a lot of the sale never called unsold, its advance bidders lost; once', () => {
    const advance = [inSale, scheduled(SALE), annLeads(300)];
    const closed: LotEvent = {
      type: 'LotClosed',
      data: {
        outcome: 'unsold',
        winnerId: null,
        hammerPrice: null,
        losers: ['ann'],
        bidCount: 1,
        reserveMet: true,
        closesAt: now.toISOString(),
        quantity: 0,
        endedBy: 'close',
      },
    };
    spec(advance).when(closing).then([closed]);
    spec([...advance, closed])
      .when(closing)
      .then([]);
  });

  it('leaves a lot of another sale, a timed lot, and a lot the room called without a call', () => {
    spec([inSale, scheduled('sale-2')])
      .when(closing)
      .then([]);
    spec([inSale]).when(closing).then([]);
    spec([inSale, scheduled(SALE), opened(100)])
      .when(closing)
      .then([]);
  });
});
