import { type CreateLotInput, ScoreKeys, type StaffLotFields, type UpdateLotInput } from '@wine/contracts';
import dayjs from 'dayjs';

/** The critic scores a lot may carry (seeds 000 §3.1), in the badges' order. */
export const scoreKeys = ScoreKeys;
type ScoreKey = (typeof ScoreKeys)[number];

/** What the editor's fields hold: the input's shape, with the numbers and dates as typed. */
export interface LotFormValues {
  title: string;
  producer: string;
  vintage: string;
  country: string;
  region: string;
  subregion: string;
  colour: string;
  bottleSize: string;
  description: string;
  sku: string;
  lotNumber: string;
  auctionId: string;
  scores: Record<ScoreKey, string>;
  auction: boolean;
  buyNow: boolean;
  /** Dollars, as typed (money is sent in cents). */
  openingBid: string;
  reserve: string;
  buyNowPrice: string;
  quantity: string;
  minimumQuantity: string;
  enforceMinimumQuantity: boolean;
  availability: string;
  discounts: { quantity: string; price: string }[];
  /** `datetime-local` values, in the browser's time zone. */
  startsAt: string;
  closesAt: string;
  meta: { title: string; description: string; keywords: string };
  /** Dollars, as typed; only for a lot at auction. */
  lowEstimate: string;
  highEstimate: string;
  /** The admin confirms a reserve above the low estimate. */
  reserveConfirmed: boolean;
  /** The condition record's codes ('' for none chosen) and its note. */
  condition: { fillLevel: string; label: string; capsule: string; packing: string; notes: string };
  /** The location's id as the select holds it ('' for none). */
  locationId: string;
  spanish: { title: string; description: string };
  /** The photos in their order (the first is the primary), with their captions. */
  images: StaffLotFields['images'];
  /** Issue 36: the hidden answers to offers, dollars a bottle as typed ('' for none). */
  offerRules: { autoAccept: string; autoDecline: string };
  /** Issue 36 §5: listed for invited buyers only (chosen when the lot is listed, by an admin). */
  privateSale: boolean;
}

const blankCondition = { fillLevel: '', label: '', capsule: '', packing: '', notes: '' };

const blankScores = Object.fromEntries(scoreKeys.map((key) => [key, ''])) as Record<ScoreKey, string>;

/** A `datetime-local` value for an instant, in the browser's time zone. */
export const toLocalInput = (iso: string): string => dayjs(iso).format('YYYY-MM-DDTHH:mm');
/** The instant a `datetime-local` value names; '' when empty or not a date (the schema says so). */
export const fromLocalInput = (value: string): string => {
  const parsed = dayjs(value);
  return value && parsed.isValid() ? parsed.toISOString() : '';
};

/** Dollars as typed to cents; NaN (refused by the schema) for anything else. */
export const toCents = (dollars: string): number => {
  const text = dollars.trim().replace(/[$,]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN;
};
const centsToDollars = (cents: number | null): string => (cents === null ? '' : (cents / 100).toFixed(2));
const wholeNumber = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** A new lot's fields: a bottle of red at auction, opening in an hour and closing in a week. */
export function emptyLot(now: Date): LotFormValues {
  return {
    title: '',
    producer: '',
    vintage: '',
    country: '',
    region: '',
    subregion: '',
    colour: 'Red',
    bottleSize: '750ml',
    description: '',
    sku: '',
    lotNumber: '',
    auctionId: '',
    scores: { ...blankScores },
    auction: true,
    buyNow: false,
    openingBid: '',
    reserve: '',
    buyNowPrice: '',
    quantity: '1',
    minimumQuantity: '1',
    enforceMinimumQuantity: false,
    availability: '',
    discounts: [],
    startsAt: toLocalInput(dayjs(now).add(1, 'hour').startOf('hour').toISOString()),
    closesAt: toLocalInput(dayjs(now).add(7, 'day').startOf('hour').toISOString()),
    meta: { title: '', description: '', keywords: '' },
    lowEstimate: '',
    highEstimate: '',
    reserveConfirmed: false,
    condition: { ...blankCondition },
    locationId: '',
    spanish: { title: '', description: '' },
    images: [],
    offerRules: { autoAccept: '', autoDecline: '' },
    privateSale: false,
  };
}

/** A listed lot's fields in the editor. */
export function lotFormValues(lot: StaffLotFields): LotFormValues {
  return {
    title: lot.title,
    producer: lot.producer,
    vintage: lot.vintage === null ? '' : String(lot.vintage),
    country: lot.country,
    region: lot.region,
    subregion: lot.subregion,
    colour: lot.colour,
    bottleSize: lot.bottleSize,
    description: lot.description,
    sku: lot.sku,
    lotNumber: lot.lotNumber ?? '',
    auctionId: lot.auctionId ?? '',
    scores: { ...blankScores, ...lot.scores },
    auction: lot.auction,
    buyNow: lot.buyNow,
    openingBid: centsToDollars(lot.openingBid),
    reserve: centsToDollars(lot.reserve),
    buyNowPrice: centsToDollars(lot.buyNowPrice),
    quantity: String(lot.quantity),
    minimumQuantity: String(lot.minimumQuantity),
    enforceMinimumQuantity: lot.enforceMinimumQuantity,
    availability: lot.availability ?? '',
    discounts: lot.discounts.map((row) => ({
      quantity: String(row.quantity),
      price: centsToDollars(row.price),
    })),
    startsAt: toLocalInput(lot.startsAt),
    closesAt: toLocalInput(lot.closesAt),
    meta: { ...lot.meta },
    lowEstimate: centsToDollars(lot.lowEstimate ?? null),
    highEstimate: centsToDollars(lot.highEstimate ?? null),
    reserveConfirmed: lot.reserveConfirmed ?? false,
    condition: {
      fillLevel: lot.condition?.fillLevel ?? '',
      label: lot.condition?.label ?? '',
      capsule: lot.condition?.capsule ?? '',
      packing: lot.condition?.packing ?? '',
      notes: lot.condition?.notes ?? '',
    },
    locationId: lot.locationId == null ? '' : String(lot.locationId),
    spanish: { title: lot.spanish?.title ?? '', description: lot.spanish?.description ?? '' },
    images: lot.images,
    offerRules: {
      autoAccept: centsToDollars(lot.offerRules?.autoAccept ?? null),
      autoDecline: centsToDollars(lot.offerRules?.autoDecline ?? null),
    },
    privateSale: lot.privateSale ?? false,
  };
}

/** The condition record as sent: null when nothing is chosen or noted. */
function conditionOf(c: LotFormValues['condition']) {
  if (!c.fillLevel && !c.label && !c.capsule && !c.packing && !c.notes.trim()) return null;
  return {
    fillLevel: c.fillLevel || null,
    label: c.label || null,
    capsule: c.capsule || null,
    packing: c.packing || null,
    notes: c.notes.trim(),
  } as CreateLotInput['condition'];
}

/**
 * Issue 36: the offer answers as sent: each price in cents (NaN, refused by the schema, when it is not
 * an amount), null for a price left empty, and null for both left empty.
 */
export function offerRulesOf(rules: LotFormValues['offerRules']): CreateLotInput['offerRules'] {
  const accept = rules.autoAccept.trim();
  const decline = rules.autoDecline.trim();
  if (!accept && !decline) return null;
  return { autoAccept: accept ? toCents(accept) : null, autoDecline: decline ? toCents(decline) : null };
}

/** The fields both a new lot and a change send, from what was typed. */
function listedFields(v: LotFormValues) {
  const scores = Object.fromEntries(
    scoreKeys.filter((key) => v.scores[key].trim()).map((key) => [key, v.scores[key].trim()]),
  );
  return {
    title: v.title.trim(),
    producer: v.producer.trim(),
    vintage: v.vintage.trim() ? wholeNumber(v.vintage) : null,
    country: v.country.trim(),
    region: v.region.trim(),
    subregion: v.subregion.trim(),
    colour: v.colour,
    bottleSize: v.bottleSize.trim(),
    scores,
    description: v.description,
    images: v.images,
    quantity: wholeNumber(v.quantity),
    minimumQuantity: wholeNumber(v.minimumQuantity),
    enforceMinimumQuantity: v.enforceMinimumQuantity,
    availability: v.availability.trim() || null,
    openingBid: v.auction ? toCents(v.openingBid) : 0,
    reserve: v.auction && v.reserve.trim() ? toCents(v.reserve) : null,
    buyNowPrice: v.buyNow ? toCents(v.buyNowPrice) : null,
    discounts: v.buyNow
      ? v.discounts.map((row) => ({ quantity: wholeNumber(row.quantity), price: toCents(row.price) }))
      : [],
    closesAt: fromLocalInput(v.closesAt),
    meta: { title: v.meta.title.trim(), description: v.meta.description, keywords: v.meta.keywords.trim() },
    lowEstimate: v.auction && v.lowEstimate.trim() ? toCents(v.lowEstimate) : null,
    highEstimate: v.auction && v.highEstimate.trim() ? toCents(v.highEstimate) : null,
    reserveConfirmed: v.auction && v.reserveConfirmed,
    condition: conditionOf(v.condition),
    locationId: v.locationId ? wholeNumber(v.locationId) : null,
    spanish:
      v.spanish.title.trim() || v.spanish.description.trim()
        ? { title: v.spanish.title.trim(), description: v.spanish.description }
        : null,
    offerRules: offerRulesOf(v.offerRules),
  };
}

/** A new lot's input (createLot), checked by its contract schema before it is sent. */
export const createLotInput = (v: LotFormValues): CreateLotInput => ({
  ...listedFields(v),
  colour: v.colour as CreateLotInput['colour'],
  ...(v.sku.trim() ? { sku: v.sku.trim() } : {}),
  lotNumber: v.lotNumber.trim() || null,
  auctionId: v.auctionId.trim() || null,
  auction: v.auction,
  buyNow: v.buyNow,
  startsAt: fromLocalInput(v.startsAt),
  // Issue 36 §5: only an admin's editor offers it (a seller's stays false).
  privateSale: v.privateSale,
});

/**
 * A change's input (updateLot): the fields whose typed values differ from the lot's as loaded, so a
 * value the form only shows differently (a close to the minute) is not sent as a change.
 */
export function updateLotInput(id: string, v: LotFormValues, before: LotFormValues): UpdateLotInput {
  const now = listedFields(v);
  const was = listedFields(before);
  const changed = Object.fromEntries(
    Object.entries(now).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(was[key as keyof typeof was]),
    ),
  );
  return { id, ...changed } as UpdateLotInput;
}
