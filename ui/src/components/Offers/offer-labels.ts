import type { OfferView } from '@wine/contracts';

/** Whether the offer still waits for an answer (open or countered, not past its time). */
export const isLive = (offer: Pick<OfferView, 'status' | 'expires_at'>, serverNow: number): boolean =>
  (offer.status === 'open' || offer.status === 'countered') && Date.parse(offer.expires_at) > serverNow;

/** The filters and the statuses, by their labels (the same words: a filter shows offers of a status). */
export const offerStatusLabels = {
  all: 'ui.offers.filter.all',
  open: 'ui.offers.filter.open',
  countered: 'ui.offers.filter.countered',
  accepted: 'ui.offers.filter.accepted',
  declined: 'ui.offers.filter.declined',
  expired: 'ui.offers.filter.expired',
  withdrawn: 'ui.offers.filter.withdrawn',
} as const;

export const offerStatusColours: Record<OfferView['status'], string> = {
  open: 'blue',
  countered: 'orange',
  accepted: 'green',
  declined: 'red',
  expired: 'gray',
  withdrawn: 'gray',
};

/** The history's steps, by their labels. */
export const offerStepLabels = {
  made: 'ui.offers.step.made',
  countered: 'ui.offers.step.countered',
  accepted: 'ui.offers.step.accepted',
  declined: 'ui.offers.step.declined',
  withdrawn: 'ui.offers.step.withdrawn',
  replaced: 'ui.offers.step.replaced',
  expired: 'ui.offers.step.expired',
  paid: 'ui.offers.step.paid',
} as const;

/** Who took a step, as the buyer's own list says it ('you') or the staff's ('the buyer'). */
export const offerActorLabels = {
  buyer: 'ui.offers.by.buyer',
  you: 'ui.offers.by.you',
  seller: 'ui.offers.by.seller',
  house: 'ui.offers.by.house',
} as const;

/** The staff's reasons to decline (contracts offerDeclineReasons), by their labels. */
export const declineReasonLabels = {
  price_too_low: 'ui.offers.reasons.price_too_low',
  quantity_unavailable: 'ui.offers.reasons.quantity_unavailable',
  no_longer_for_sale: 'ui.offers.reasons.no_longer_for_sale',
  other: 'ui.offers.reasons.other',
} as const;

/** Why an offer ended, as the server records it (the staff's reasons and the house's own), in words. */
export const endReasonLabels = {
  price_too_low: 'offers.reason_price_too_low',
  quantity_unavailable: 'offers.reason_quantity_unavailable',
  no_longer_for_sale: 'offers.reason_no_longer_for_sale',
  other: 'offers.reason_other',
  sold_out: 'offers.reason_sold_out',
  auto_declined: 'offers.reason_auto_declined',
} as const;

export const isEndReason = (reason: string): reason is keyof typeof endReasonLabels =>
  Object.hasOwn(endReasonLabels, reason);
