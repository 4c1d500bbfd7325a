import type { AuctionEvent, AuctionFields } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { auctionDecider } from '../auctions/decide.ts';
import { deciderSpec } from '../core/decider-spec.ts';

/** Issue 37: the live room on its auction's stream, given/when/then through the auction's decider. */
const spec = deciderSpec(auctionDecider);
const fields: AuctionFields = {
  title: 'Evening Sale',
  kind: 'live',
  description: '',
  startsAt: '2026-12-02T18:00:00.000Z',
  firstCloseAt: '2026-12-02T19:00:00.000Z',
  lotsPerMinute: 1,
  locationId: 1,
  premiumText: '',
};
const created: AuctionEvent = { type: 'AuctionCreated', data: { auctionId: 'eve', ...fields } };
const arranged: AuctionEvent = {
  type: 'AuctionLotsArranged',
  data: {
    lots: ['l1', 'l2', 'l3'].map((lotId, i) => ({
      lotId,
      lotNumber: String(i + 1),
      closesAt: '2026-12-02T19:00:00.000Z',
    })),
    changed: ['l1', 'l2', 'l3'],
    removed: [],
  },
};
const opened: AuctionEvent = { type: 'LiveSaleOpened', data: { auctioneerId: 'ace' } };
const called = (lotId: string, previousLotId: string | null): AuctionEvent => ({
  type: 'LiveLotCalled',
  data: { lotId, previousLotId },
});
const sale = [created, arranged];

describe('the live room (issue 37)', () => {
  it('opens a live sale once; a timed auction has no room', () => {
    spec(sale).when({ type: 'OpenSale', auctioneerId: 'ace' }).then([opened]);
    spec([...sale, opened])
      .when({ type: 'OpenSale', auctioneerId: 'ace' })
      .then([]);
    spec([{ type: 'AuctionCreated', data: { auctionId: 'eve', ...fields, kind: 'timed' } }])
      .when({ type: 'OpenSale', auctioneerId: 'ace' })
      .thenThrows({ code: 'NOT_LIVE_SALE' });
    spec([]).when({ type: 'OpenSale', auctioneerId: 'ace' }).thenThrows({ code: 'AUCTION_NOT_FOUND' });
  });

  it('calls each of its lots once, in the order the clerk chooses, never a lot of another sale', () => {
    spec(sale).when({ type: 'CallLot', lotId: 'l1' }).thenThrows({ code: 'LIVE_SALE_NOT_OPEN' });
    spec([...sale, opened])
      .when({ type: 'CallLot', lotId: 'l2' })
      .then([called('l2', null)]);
    spec([...sale, opened, called('l2', null)])
      .when({ type: 'CallLot', lotId: 'l1' })
      .then([called('l1', 'l2')]);
    spec([...sale, opened, called('l2', null)])
      .when({ type: 'CallLot', lotId: 'l2' })
      .then([]);
    spec([...sale, opened, called('l2', null), called('l1', 'l2')])
      .when({ type: 'CallLot', lotId: 'l2' })
      .thenThrows({ code: 'LIVE_LOT_CALLED' });
    spec([...sale, opened])
      .when({ type: 'CallLot', lotId: 'elsewhere' })
      .thenThrows({ code: 'LOT_NOT_IN_SALE' });
  });

  it('pauses (no lot is called meanwhile), resumes, speaks to the room and closes for good', () => {
    const paused: AuctionEvent = { type: 'LiveSalePaused', data: { reason: 'a phone line dropped' } };
    spec([...sale, opened])
      .when({ type: 'PauseSale', reason: 'a phone line dropped' })
      .then([paused]);
    spec([...sale, opened, paused])
      .when({ type: 'CallLot', lotId: 'l1' })
      .thenThrows({ code: 'LIVE_SALE_PAUSED' });
    spec([...sale, opened, paused])
      .when({ type: 'ResumeSale' })
      .then([{ type: 'LiveSaleResumed', data: {} }]);
    spec([...sale, opened])
      .when({ type: 'SpeakToRoom', text: 'Lot 3 is withdrawn' })
      .then([{ type: 'LiveRoomMessage', data: { text: 'Lot 3 is withdrawn' } }]);
    const closed: AuctionEvent = { type: 'LiveSaleClosed', data: {} };
    spec([...sale, opened])
      .when({ type: 'CloseSale' })
      .then([closed]);
    spec([...sale, opened, closed])
      .when({ type: 'CallLot', lotId: 'l1' })
      .thenThrows({ code: 'LIVE_SALE_CLOSED' });
    spec([...sale, opened, closed])
      .when({ type: 'OpenSale', auctioneerId: 'ace' })
      .thenThrows({ code: 'LIVE_SALE_CLOSED' });
  });

  it('gives each bidder one paddle for the sale, numbered from 101, before or during it', () => {
    const first: AuctionEvent = { type: 'LivePaddleAssigned', data: { paddle: '101', userId: 'ann' } };
    spec(sale).when({ type: 'AssignPaddle', userId: 'ann' }).then([first]);
    spec([...sale, first])
      .when({ type: 'AssignPaddle', userId: 'ann' })
      .then([]);
    spec([...sale, first, opened])
      .when({ type: 'AssignPaddle', userId: 'bob' })
      .then([{ type: 'LivePaddleAssigned', data: { paddle: '102', userId: 'bob' } }]);
  });
});
