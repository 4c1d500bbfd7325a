import type { LotEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { availableAt, evolveLot, invitedTo, type ListedLot, type Lot, type LotOffer } from '../lots/lot.ts';

/**
 * Issue 36: offers on the lot's stream (eBay's Best Offer, Artsy's offers). A buyer offers a price a
 * bottle for some bottles; the seller's side (the lot's seller, or an admin) and the buyer answer in
 * turn (accept, decline with a reason, counter up to `maxCounters`) until it is accepted, declined,
 * withdrawn or expires. Accepting holds the bottles in the same append, through the same stock count
 * buy now and the auction use, so a bottle is sold once; when the bottles are gone, the other open
 * offers that no longer fit are declined by the house. Nothing is held or charged before.
 */
export interface OfferActor {
  side: 'seller' | 'buyer';
  id: string;
  /** An admin answers for the house on any lot, never on an offer of their own. */
  admin: boolean;
}

/** What accepting needs: the hold's and the invoice's ids, and how long the buyer has to pay. */
export interface OfferSale {
  reservationId: string;
  invoiceId: string;
  payBy: Date;
}

export type OfferCommand =
  | {
      type: 'MakeOffer';
      offerId: string;
      buyerId: string;
      qty: number;
      price: number;
      now: Date;
      expiresAt: Date;
      /** For the lot's auto-accept price: the sale an offer accepted at once becomes. */
      sale: OfferSale;
    }
  | {
      type: 'CounterOffer';
      offerId: string;
      by: OfferActor;
      price: number;
      qty: number;
      now: Date;
      expiresAt: Date;
      maxCounters: number;
    }
  | { type: 'AcceptOffer'; offerId: string; by: OfferActor; now: Date; sale: OfferSale }
  | {
      type: 'DeclineOffer';
      offerId: string;
      by: OfferActor;
      reason: 'price_too_low' | 'quantity_unavailable' | 'no_longer_for_sale' | 'other';
      note: string;
      now: Date;
    }
  | { type: 'WithdrawOffer'; offerId: string; buyerId: string }
  | {
      /** The house offers a lot whose reserve was not met to its top bidder (by default at the reserve). */
      type: 'OfferSecondChance';
      offerId: string;
      by: OfferActor | { side: 'house' };
      price: number | null;
      now: Date;
      expiresAt: Date;
    }
  | { type: 'ExpireOffer'; offerId: string; now: Date }
  /** Issue 36 §5: an admin invites buyers to a private sale (by user, or a list resolved to users). */
  | { type: 'InviteToPrivateSale'; userIds: string[] }
  /** A one-use invitation link was mailed for the sale. */
  | { type: 'RecordPrivateSaleLink'; invitationId: string }
  /** A buyer used their invitation link. */
  | { type: 'JoinPrivateSale'; userId: string; invitationId: string };

/** A lot takes offers while it sells at a fixed price only, or once its auction closed unsold. */
export const takesOffers = (state: ListedLot) =>
  (state.status === 'open' && state.lot.buyNow && !state.lot.auction && state.lot.buyNowPrice !== null) ||
  (state.status === 'closed' && state.outcome === 'unsold');

/**
 * Issue 36 §4: the bidder a second chance goes to: the top bidder of an auction that closed unsold with
 * its reserve not met (their maximum below it). None when nobody bid, or the lot did not close so.
 */
export function secondChanceBidder(state: ListedLot): string | null {
  const { leader } = state;
  const { reserve } = state.lot;
  if (state.status !== 'closed' || state.outcome !== 'unsold' || !leader || reserve === null) return null;
  return leader.max < reserve ? leader.bidderId : null;
}

const money = (cents: number) => Number.isSafeInteger(cents) && cents >= 1;
const bottles = (qty: number) => Number.isSafeInteger(qty) && qty >= 1;

function openOffer(state: ListedLot, offerId: string, now: Date): LotOffer {
  const offer = state.offers?.[offerId];
  if (!offer) throw new AppError('OFFER_NOT_FOUND');
  if (offer.status !== 'open') throw new AppError('OFFER_CLOSED');
  if (now.getTime() >= offer.expiresAt) throw new AppError('OFFER_EXPIRED');
  return offer;
}

/** Only the side whose turn it is answers; the buyer's side is the buyer alone, never someone else. */
function answering(state: ListedLot, offer: LotOffer, by: OfferActor) {
  if (by.side === 'buyer' && by.id !== offer.buyerId) throw new AppError('OFFER_NOT_FOUND');
  if (by.side === 'seller') {
    if (!by.admin && by.id !== state.lot.sellerId) throw new AppError('OFFER_NOT_FOUND');
    // Nobody answers for the house on their own offer (separation of duties).
    if (by.id === offer.buyerId) throw new AppError('OWN_LOT');
  }
  if (offer.turn !== by.side) throw new AppError('OFFER_NOT_YOUR_TURN');
}

/** The bottles held for the sale, and the house's answer to every other open offer they no longer fit. */
function accepted(
  state: ListedLot,
  offerId: string,
  offer: LotOffer,
  by: { side: 'seller' | 'buyer'; id: string },
  sale: OfferSale,
  now: Date,
): LotEvent[] {
  const free = availableAt(state, now.getTime());
  if (offer.qty > free) throw new AppError('OFFER_QUANTITY', { params: { available: free } });
  const left = free - offer.qty;
  const { reservationId, invoiceId } = sale;
  const others = Object.entries(state.offers ?? {}).filter(
    ([id, other]) => id !== offerId && other.status === 'open' && other.qty > left,
  );
  return [
    {
      type: 'OfferAccepted',
      data: {
        offerId,
        by: by.side,
        actorId: by.id,
        price: offer.price,
        qty: offer.qty,
        reservationId,
        invoiceId,
      },
    },
    {
      type: 'StockReserved',
      data: {
        reservationId,
        invoiceId,
        buyerId: offer.buyerId,
        qty: offer.qty,
        unitPrice: offer.price,
        expiresAt: sale.payBy.toISOString(),
      },
    },
    ...others.map(
      ([id]): LotEvent => ({
        type: 'OfferDeclined',
        data: { offerId: id, by: 'house', actorId: 'house', reason: 'sold_out', note: '' },
      }),
    ),
  ];
}

export function decideOffer(command: OfferCommand, lot: Lot): LotEvent[] {
  if (lot.status === 'empty' || lot.status === 'draft') throw new AppError('LOT_NOT_FOUND');
  const state = lot;
  switch (command.type) {
    case 'MakeOffer': {
      const { offerId, buyerId, qty, price, now, expiresAt, sale } = command;
      // The same offer again (a retried request) is the one made.
      if (state.offers?.[offerId]) return [];
      if (!invitedTo(state, buyerId)) throw new AppError('LOT_NOT_FOUND');
      if (!takesOffers(state)) throw new AppError('OFFERS_NOT_TAKEN');
      if (state.lot.sellerId === buyerId) throw new AppError('OWN_LOT');
      if (!money(price)) throw new AppError('OFFER_PRICE');
      if (!bottles(qty) || qty > availableAt(state, now.getTime()))
        throw new AppError('OFFER_QUANTITY', { params: { available: availableAt(state, now.getTime()) } });
      // One open offer a buyer a lot: a new one replaces the earlier.
      const replaced = Object.entries(state.offers ?? {})
        .filter(([, o]) => o.buyerId === buyerId && o.status === 'open')
        .map(([id]): LotEvent => ({ type: 'OfferWithdrawn', data: { offerId: id, reason: 'replaced' } }));
      const made: LotEvent = {
        type: 'OfferMade',
        data: {
          offerId,
          buyerId,
          qty,
          price,
          expiresAt: expiresAt.toISOString(),
          asking: state.lot.buyNowPrice,
        },
      };
      const rules = state.lot.offerRules;
      if (rules?.autoDecline != null && price < rules.autoDecline) {
        const declined: LotEvent = {
          type: 'OfferDeclined',
          data: { offerId, by: 'house', actorId: 'house', reason: 'auto_declined', note: '' },
        };
        return [...replaced, made, declined];
      }
      if (rules?.autoAccept != null && price >= rules.autoAccept) {
        // Decided on the lot as these events leave it: the replaced offers withdrawn, this one made.
        const after = [...replaced, made].reduce(evolveLot, state) as ListedLot;
        const house = { side: 'seller' as const, id: 'house' };
        return [
          ...replaced,
          made,
          ...accepted(after, offerId, after.offers?.[offerId] as LotOffer, house, sale, now),
        ];
      }
      return [...replaced, made];
    }
    case 'CounterOffer': {
      const { offerId, by, price, qty, now, expiresAt, maxCounters } = command;
      const offer = openOffer(state, offerId, now);
      answering(state, offer, by);
      if (offer.counters >= maxCounters) throw new AppError('OFFER_ROUNDS');
      if (!money(price)) throw new AppError('OFFER_PRICE');
      if (!bottles(qty) || qty > availableAt(state, now.getTime()))
        throw new AppError('OFFER_QUANTITY', { params: { available: availableAt(state, now.getTime()) } });
      return [
        {
          type: 'OfferCountered',
          data: { offerId, by: by.side, actorId: by.id, price, qty, expiresAt: expiresAt.toISOString() },
        },
      ];
    }
    case 'AcceptOffer': {
      const { offerId, by, now, sale } = command;
      const known = state.offers?.[offerId];
      // Accepted already by this same sale (a retried request): nothing more.
      if (known?.status === 'accepted' && known.reservationId === sale.reservationId) return [];
      const offer = openOffer(state, offerId, now);
      answering(state, offer, by);
      if (!takesOffers(state)) throw new AppError('OFFERS_NOT_TAKEN');
      return accepted(state, offerId, offer, by, sale, now);
    }
    case 'DeclineOffer': {
      const { offerId, by, reason, note, now } = command;
      const offer = openOffer(state, offerId, now);
      answering(state, offer, by);
      return [
        {
          type: 'OfferDeclined',
          data: { offerId, by: by.side, actorId: by.id, reason, note: note.slice(0, 500) },
        },
      ];
    }
    case 'WithdrawOffer': {
      const offer = state.offers?.[command.offerId];
      if (!offer || offer.buyerId !== command.buyerId) throw new AppError('OFFER_NOT_FOUND');
      if (offer.status !== 'open') return [];
      return [{ type: 'OfferWithdrawn', data: { offerId: command.offerId, reason: 'withdrawn' } }];
    }
    case 'OfferSecondChance': {
      const { offerId, by, now, expiresAt } = command;
      if (state.offers?.[offerId]) return [];
      if (by.side !== 'house' && !by.admin && by.id !== state.lot.sellerId)
        throw new AppError('LOT_NOT_FOUND');
      const bidder = secondChanceBidder(state);
      if (!bidder) throw new AppError('SECOND_CHANCE_NONE');
      if (by.side !== 'house' && by.id === bidder) throw new AppError('OWN_LOT');
      const price = command.price ?? state.lot.reserve;
      if (price === null || !money(price)) throw new AppError('OFFER_PRICE');
      const qty = availableAt(state, now.getTime());
      if (qty < 1) throw new AppError('OFFER_QUANTITY', { params: { available: 0 } });
      // One open second chance at a time: a new price replaces the earlier offer.
      const replaced = Object.entries(state.offers ?? {})
        .filter(([, o]) => o.kind === 'second_chance' && o.status === 'open')
        .map(([id]): LotEvent => ({ type: 'OfferWithdrawn', data: { offerId: id, reason: 'replaced' } }));
      const actorId = by.side === 'house' ? 'house' : by.id;
      return [
        ...replaced,
        {
          type: 'OfferMade',
          data: {
            offerId,
            buyerId: bidder,
            qty,
            price,
            expiresAt: expiresAt.toISOString(),
            kind: 'second_chance',
            actorId,
            asking: state.lot.reserve,
          },
        },
      ];
    }
    case 'InviteToPrivateSale': {
      if (state.lot.privateSale !== true) throw new AppError('NOT_PRIVATE_SALE');
      const userIds = [...new Set(command.userIds)].filter((id) => state.guests?.[id] !== true);
      return userIds.length === 0 ? [] : [{ type: 'PrivateSaleInvited', data: { userIds } }];
    }
    case 'RecordPrivateSaleLink':
      if (state.lot.privateSale !== true) throw new AppError('NOT_PRIVATE_SALE');
      return [{ type: 'PrivateSaleLinkSent', data: { invitationId: command.invitationId } }];
    case 'JoinPrivateSale':
      if (state.lot.privateSale !== true) throw new AppError('NOT_PRIVATE_SALE');
      if (state.guests?.[command.userId]) return [];
      return [
        { type: 'PrivateSaleJoined', data: { userId: command.userId, invitationId: command.invitationId } },
      ];
    case 'ExpireOffer': {
      const offer = state.offers?.[command.offerId];
      if (offer?.status !== 'open' || command.now.getTime() < offer.expiresAt) return [];
      return [{ type: 'OfferExpired', data: { offerId: command.offerId } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}
