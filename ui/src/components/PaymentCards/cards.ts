import type { CardRecord } from '@wine/contracts';
import { t } from '../../i18n/index.ts';

/** Brand names are names in every language; a card of another brand is called a card. */
const brandNames: Record<Exclude<CardRecord['brand'], 'other'>, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** The card's brand as people say it ('Visa', 'American Express'). */
export const brandName = (card: Pick<CardRecord, 'brand'>): string =>
  card.brand === 'other' ? t('ui.cards.brandOther') : brandNames[card.brand];

/** Expiry as printed on the card's record here: MM/YYYY. */
export const formatExpiry = (card: Pick<CardRecord, 'exp_month' | 'exp_year'>): string =>
  `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

/** Months for an expiry select: values '1'..'12', shown '01'..'12'. */
export const expiryMonths = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: String(i + 1).padStart(2, '0'),
}));

/** How many years ahead a new expiry can be chosen. */
const YEARS_AHEAD = 20;

/**
 * Years for an expiry select, from this year on; a card's own (possibly past) year is kept so
 * editing an expired card still shows what is on file.
 */
export function expiryYears(thisYear: number, keep?: number): { value: string; label: string }[] {
  const years = Array.from({ length: YEARS_AHEAD + 1 }, (_, i) => thisYear + i);
  if (keep !== undefined && !years.includes(keep)) years.unshift(keep);
  return years.map((year) => ({ value: String(year), label: String(year) }));
}
