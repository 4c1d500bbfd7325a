import { z } from 'zod';
import { Cents } from './lot-events.ts';
import { defineEvent } from './registry.ts';

const Id = z.string().min(1).max(64);

/** Issue 36: who answers an offer: the seller's side (the lot's seller or an admin), or the buyer. */
export const OfferSides = ['seller', 'buyer'] as const;

/**
 * Issue 36: why an offer was declined. The first four are the staff's fixed list; `sold_out` and
 * `auto_declined` are the house's own (the bottles went to another buyer; below the lot's floor).
 */
export const offerDeclineReasons = [
  'price_too_low',
  'quantity_unavailable',
  'no_longer_for_sale',
  'other',
  'sold_out',
  'auto_declined',
] as const;
/** The reasons a person may give. */
export const staffOfferDeclineReasons = [
  'price_too_low',
  'quantity_unavailable',
  'no_longer_for_sale',
  'other',
] as const;

/**
 * Issue 36: a buyer offers `price` a bottle (cents) for `qty` bottles of a lot that takes offers,
 * open until `expiresAt` for the seller's answer. Nothing is held or charged until it is accepted.
 */
export const OfferMade = defineEvent({
  type: 'OfferMade',
  version: 1,
  schema: z.object({
    offerId: Id,
    buyerId: Id,
    qty: z.number().int().min(1).max(100_000),
    price: Cents,
    expiresAt: z.iso.datetime(),
    /**
     * `second_chance`: the house offers a lot whose reserve was not met to its top bidder (at the
     * reserve, or a price the seller set); the buyer's turn to answer. Absent: the buyer's own offer.
     */
    kind: z.enum(['offer', 'second_chance']).optional(),
    /** Who made a second-chance offer (the seller, an admin, or `house` at the close). */
    actorId: Id.optional(),
    /**
     * The lot's asking price a bottle when the offer was made (buy now's; a second chance's reserve), for
     * the gap between asking and accepted prices; null when the lot asked none. Absent on older events.
     */
    asking: Cents.nullable().optional(),
  }),
});

/** One side answers with another price (and quantity): the other side's turn, until `expiresAt`. */
export const OfferCountered = defineEvent({
  type: 'OfferCountered',
  version: 1,
  schema: z.object({
    offerId: Id,
    by: z.enum(OfferSides),
    actorId: Id,
    price: Cents,
    qty: z.number().int().min(1).max(100_000),
    expiresAt: z.iso.datetime(),
  }),
});

/**
 * The side whose turn it was accepted the last price: the bottles are held on this stream in the
 * same append (`StockReserved` under `reservationId`) for the invoice the buyer pays.
 */
export const OfferAccepted = defineEvent({
  type: 'OfferAccepted',
  version: 1,
  schema: z.object({
    offerId: Id,
    by: z.enum(OfferSides),
    actorId: Id,
    price: Cents,
    qty: z.number().int().min(1).max(100_000),
    reservationId: Id,
    invoiceId: Id,
  }),
});

/** Declined by a side (a reason from the fixed list) or by the house (`sold_out`, `auto_declined`). */
export const OfferDeclined = defineEvent({
  type: 'OfferDeclined',
  version: 1,
  schema: z.object({
    offerId: Id,
    by: z.enum([...OfferSides, 'house']),
    actorId: Id,
    reason: z.enum(offerDeclineReasons),
    note: z.string().max(500),
  }),
});

/** The buyer took the offer back, or made a new one on the lot that replaces it. */
export const OfferWithdrawn = defineEvent({
  type: 'OfferWithdrawn',
  version: 1,
  schema: z.object({ offerId: Id, reason: z.enum(['withdrawn', 'replaced']) }),
});

/** Nobody answered in time. */
export const OfferExpired = defineEvent({
  type: 'OfferExpired',
  version: 1,
  schema: z.object({ offerId: Id }),
});

/** Issue 36 §5: an admin let these buyers see and buy a private sale (by user, or by a list of addresses). */
export const PrivateSaleInvited = defineEvent({
  type: 'PrivateSaleInvited',
  version: 1,
  schema: z.object({ userIds: z.array(Id).min(1).max(1000) }),
});

/** A one-use invitation link to a private sale was mailed (the address and its token are not logged). */
export const PrivateSaleLinkSent = defineEvent({
  type: 'PrivateSaleLinkSent',
  version: 1,
  schema: z.object({ invitationId: Id }),
});

/** A buyer opened their invitation link (used up) and joined the private sale. */
export const PrivateSaleJoined = defineEvent({
  type: 'PrivateSaleJoined',
  version: 1,
  schema: z.object({ userId: Id, invitationId: Id }),
});

type Data<D extends { schema: z.ZodType }> = z.infer<D['schema']>;
export type OfferEvent =
  | { type: 'OfferMade'; data: Data<typeof OfferMade> }
  | { type: 'OfferCountered'; data: Data<typeof OfferCountered> }
  | { type: 'OfferAccepted'; data: Data<typeof OfferAccepted> }
  | { type: 'OfferDeclined'; data: Data<typeof OfferDeclined> }
  | { type: 'OfferWithdrawn'; data: Data<typeof OfferWithdrawn> }
  | { type: 'OfferExpired'; data: Data<typeof OfferExpired> }
  | { type: 'PrivateSaleInvited'; data: Data<typeof PrivateSaleInvited> }
  | { type: 'PrivateSaleLinkSent'; data: Data<typeof PrivateSaleLinkSent> }
  | { type: 'PrivateSaleJoined'; data: Data<typeof PrivateSaleJoined> };

export const offerEventDefinitions = [
  OfferMade,
  OfferCountered,
  OfferAccepted,
  OfferDeclined,
  OfferWithdrawn,
  OfferExpired,
  PrivateSaleInvited,
  PrivateSaleLinkSent,
  PrivateSaleJoined,
] as const;
