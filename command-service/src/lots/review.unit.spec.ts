import type { LotEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { lotDecider } from './decide.ts';
import { $, bid, duringAuction, lot, start } from './fixtures.ts';

const spec = deciderSpec(lotDecider);
const terms = { commissionPercent: 10, lotFee: 500, payoutDays: 30 };
const sam = 'seller';
const drafted: LotEvent = {
  type: 'LotDrafted',
  data: lot({ sellerId: sam, reserve: $(400), lowEstimate: $(450) }),
};
const submitted: LotEvent = { type: 'LotSubmitted', data: {} };
const returned: LotEvent = { type: 'LotReturned', data: { note: 'Add the fill level' } };
const approve = (over: { adminId?: string; closesAt?: string } = {}) =>
  ({ type: 'ApproveLot', adminId: 'ada', terms, now: duringAuction, ...over }) as const;

describe('lot decider: a seller’s listing and its review (issue 33)', () => {
  it('drafts a seller’s new listing; a reserve over the low estimate is not theirs to confirm', () => {
    const data = lot({ sellerId: sam });
    spec([])
      .when({ type: 'DraftLot', data, sellerId: sam, now: start })
      .then([{ type: 'LotDrafted', data }]);
    spec([])
      .when({
        type: 'DraftLot',
        data: lot({ sellerId: sam, reserve: $(600), lowEstimate: $(450), reserveConfirmed: true }),
        sellerId: sam,
        now: start,
      })
      .thenThrows({ code: 'RESERVE_CONFIRM_ADMIN' });
  });

  it('submits a draft once, and refuses another seller', () => {
    spec([drafted]).when({ type: 'SubmitLot', sellerId: sam, now: start }).then([submitted]);
    spec([drafted, submitted]).when({ type: 'SubmitLot', sellerId: sam, now: start }).then([]);
    spec([drafted])
      .when({ type: 'SubmitLot', sellerId: 'other', now: start })
      .thenThrows({ code: 'NOT_YOUR_LOT' });
  });

  it('lets the seller change a draft or a returned one, not one the house has; the house never changes a draft', () => {
    const change = (by: { kind: 'seller'; userId: string } | { kind: 'admin' }) =>
      ({ type: 'UpdateLot', changes: { title: 'New title' }, by, now: start }) as const;
    const updated: LotEvent = { type: 'LotUpdated', data: { title: 'New title', changed: ['title'] } };
    spec([drafted])
      .when(change({ kind: 'seller', userId: sam }))
      .then([updated]);
    spec([drafted, submitted, returned])
      .when(change({ kind: 'seller', userId: sam }))
      .then([updated]);
    spec([drafted, submitted])
      .when(change({ kind: 'seller', userId: sam }))
      .thenThrows({ code: 'LOT_UNDER_REVIEW' });
    spec([drafted])
      .when(change({ kind: 'admin' }))
      .thenThrows({ code: 'LOT_IS_DRAFT' });
  });

  it('sends a submitted listing back with a note; never one’s own', () => {
    spec([drafted, submitted])
      .when({ type: 'ReturnLot', adminId: 'ada', note: 'Add the fill level' })
      .then([returned]);
    spec([drafted])
      .when({ type: 'ReturnLot', adminId: 'ada', note: 'x' })
      .thenThrows({ code: 'LOT_NOT_SUBMITTED' });
    spec([drafted, submitted])
      .when({ type: 'ReturnLot', adminId: sam, note: 'x' })
      .thenThrows({ code: 'OWN_LISTING' });
  });

  it('approves a submitted listing: the terms, then the lot listed; a retry writes nothing', () => {
    const data = (drafted as Extract<LotEvent, { type: 'LotDrafted' }>).data;
    spec([drafted, submitted])
      .when(approve())
      .then([
        { type: 'LotApproved', data: { terms } },
        { type: 'LotListed', data },
      ]);
    const later = '2026-12-05T18:00:00.000Z';
    spec([drafted, submitted])
      .when(approve({ closesAt: later }))
      .then([
        { type: 'LotApproved', data: { terms } },
        { type: 'LotListed', data: { ...data, closesAt: later } },
      ]);
    spec([drafted, submitted, { type: 'LotApproved', data: { terms } }, { type: 'LotListed', data }])
      .when(approve())
      .then([]);
    spec([drafted, submitted])
      .when(approve({ adminId: sam }))
      .thenThrows({ code: 'OWN_LISTING' });
    spec([drafted]).when(approve()).thenThrows({ code: 'LOT_NOT_SUBMITTED' });
    spec([drafted, submitted])
      .when(approve({ closesAt: '2026-11-01T00:00:00.000Z' }))
      .thenThrows({ code: 'CLOSE_IN_PAST' });
  });

  it('sells nothing from a draft: no bid lands on it', () => {
    spec([drafted, submitted]).when(bid('ann', 500)).thenThrows({ code: 'LOT_NOT_FOUND' });
  });

  it('keeps the reserve and estimates the house’s once approved; the seller’s words stay theirs', () => {
    const data = (drafted as Extract<LotEvent, { type: 'LotDrafted' }>).data;
    const live = [
      drafted,
      submitted,
      { type: 'LotApproved', data: { terms } } as LotEvent,
      { type: 'LotListed', data } as LotEvent,
    ];
    const by = { kind: 'seller', userId: sam } as const;
    spec(live)
      .when({ type: 'UpdateLot', changes: { reserve: $(300) }, by, now: start })
      .thenThrows({ code: 'RESERVE_HOUSE_SET' });
    spec(live)
      .when({ type: 'UpdateLot', changes: { description: 'Cellared since release' }, by, now: start })
      .then([
        { type: 'LotUpdated', data: { description: 'Cellared since release', changed: ['description'] } },
      ]);
  });

  it('never relists a withdrawn draft (it was never approved)', () => {
    spec([drafted, { type: 'LotWithdrawn', data: { reason: 'Sold privately' } }])
      .when({
        type: 'RelistLot',
        newLotId: 'n',
        closesAt: '2026-12-20T00:00:00.000Z',
        by: { kind: 'admin' },
        now: start,
      })
      .thenThrows({ code: 'LOT_NOT_RELISTABLE' });
  });
});
