import { BankRecord, MerchantRecord, OpeningHours, ShippingRates } from '@wine/event-schemas';
import { z } from 'zod';
import { IncrementRule } from '../bidding/bidding.ts';
import { lazy, t } from '../i18n/index.ts';
import { multilineText } from '../text.ts';
import { OpeningHoursInput } from './opening-hours-input.ts';

/*
 * Issue 34 "Settings": what an admin sends for each section of the settings screen, and what the screen
 * reads. Each section is checked whole here, so the screen and the server refuse the same values.
 */

/**
 * The merchant's details: the address, map link, phone, fax, inboxes, opening hours (as days and times:
 * the record's English `hours` is written from them), social links.
 */
export const ChangeMerchantInput = z.strictObject({
  ...MerchantRecord.omit({ hours: true, openingHours: true }).shape,
  openingHours: OpeningHoursInput,
});
export type ChangeMerchantInput = z.infer<typeof ChangeMerchantInput>;

/** The bank a transfer is paid into, or none (then buyers are offered no transfer details). */
export const ChangeBankInput = z.strictObject({ bank: z.strictObject(BankRecord.shape).nullable() });
export type ChangeBankInput = z.infer<typeof ChangeBankInput>;

/**
 * seeds 000 §3.2 "Bid increment rule": the table starts at $0, each row starts the cent after the one
 * before it ends, only the last runs on (`to_amount` null), and a percentage row is at most 100%.
 */
export function incrementTableIssues(rows: readonly IncrementRule[]): { index: number; message: string }[] {
  const issues: { index: number; message: string }[] = [];
  rows.forEach((row, index) => {
    const next = rows[index + 1];
    if (index === 0 && row.from_amount !== 0) issues.push({ index, message: t('settings.incrementsStart') });
    if (row.to_amount !== null && row.to_amount < row.from_amount)
      issues.push({ index, message: t('settings.incrementsOrder') });
    if (next && row.to_amount !== next.from_amount - 1)
      issues.push({ index, message: t('settings.incrementsGap') });
    if (!next && row.to_amount !== null) issues.push({ index, message: t('settings.incrementsOpenEnd') });
    if (row.value_type === 'percentage' && row.increment > 100)
      issues.push({ index, message: t('settings.incrementsPercent') });
    if (row.value_type === 'fixed' && !Number.isInteger(row.increment))
      issues.push({ index, message: t('settings.incrementsCents') });
  });
  return issues;
}

const Minutes = z.number().int().min(1).max(60);

/** The bidding rules, in getDefault's own names (MarketSettings). */
export const ChangeBiddingInput = z
  .strictObject({
    proxy_bidding_settings: z.union([z.literal(0), z.literal(1)]),
    soft_close_window_minutes: Minutes,
    soft_close_extend_minutes: Minutes,
    /** Percent, to the hundredth (23.5% is a house's premium). */
    buyer_premium: z
      .number()
      .min(0)
      .max(
        50,
        lazy(() => t('settings.premiumMax')),
      )
      .refine(
        (p) => Number.isInteger(Math.round(p * 100)) && Math.abs(p * 100 - Math.round(p * 100)) < 1e-9,
        {
          error: lazy(() => t('settings.premiumHundredths')).error,
        },
      ),
    bid_increments: z.array(IncrementRule).min(1).max(50),
  })
  .superRefine((input, ctx) => {
    for (const issue of incrementTableIssues(input.bid_increments)) {
      ctx.addIssue({ code: 'custom', path: ['bid_increments', issue.index], message: issue.message });
    }
  });
export type ChangeBiddingInput = z.infer<typeof ChangeBiddingInput>;

/** A tax rate: a state (`IL`) or a state's city (`IL/Chicago`), in percent to the hundredth. */
export const TaxRateRow = z.strictObject({
  place: z
    .string()
    .trim()
    .regex(
      /^[A-Z]{2}(\/[A-Za-z .'-]{1,60})?$/,
      lazy(() => t('settings.taxPlace')),
    ),
  percent: z
    .number()
    .min(0)
    .max(50)
    .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-9, {
      error: lazy(() => t('settings.taxHundredths')).error,
    }),
});
export type TaxRateRow = z.infer<typeof TaxRateRow>;

/** The money rules: holds, payment terms, returns, pickup slots' capacity, tax rates. */
export const ChangeMoneyInput = z
  .strictObject({
    reservationMinutes: z.number().int().min(1).max(1440),
    paymentDueDays: z.number().int().min(1).max(365),
    returnDays: z.number().int().min(0).max(365),
    appointmentSlotCapacity: z.number().int().min(1).max(100),
    taxRates: z.array(TaxRateRow).max(200),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.taxRates.forEach((row, index) => {
      const key = row.place.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['taxRates', index, 'place'], message: t('settings.taxTwice') });
      seen.add(key);
    });
  });
export type ChangeMoneyInput = z.infer<typeof ChangeMoneyInput>;

/** The tax rates as rows (percent), from the settings' basis points. */
export const taxRateRows = (rates: Readonly<Record<string, number>>): TaxRateRow[] =>
  Object.entries(rates)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([place, bp]) => ({ place, percent: bp / 100 }));

/** A text in both languages, each optional ('' keeps the storefront's standard text). */
const inBothLanguages = (label: string, max: number) =>
  z.strictObject({ en: multilineText(label).max(max), es: multilineText(label).max(max) });

/**
 * The catalogue's words and defaults: the premium explanation (seeds 000 §1), the welcome popup's text
 * (seeds 000 §4.8) and the staggered close a new auction starts with.
 */
export const ChangeCatalogueInput = z.strictObject({
  premiumText: inBothLanguages('Buyer’s premium text', 1000),
  welcomeText: inBothLanguages('Welcome popup text', 2000),
  lotsPerMinute: z.number().int().min(1).max(60),
});
export type ChangeCatalogueInput = z.infer<typeof ChangeCatalogueInput>;

/**
 * The shipping rate table (issue 31) and the methods offered, whole: the hold's window in order, each
 * state and method once.
 */
export const ChangeShippingInput = ShippingRates.superRefine((rates, ctx) => {
  if (rates.hold.maxDays < rates.hold.minDays)
    ctx.addIssue({ code: 'custom', path: ['hold', 'maxDays'], message: t('settings.shippingDays') });
  if (!rates.methods.includes('ground'))
    ctx.addIssue({ code: 'custom', path: ['methods'], message: t('shipping.groundAlways') });
  const lists: [readonly unknown[], (string | number)[]][] = [
    [rates.notAllowed, ['notAllowed']],
    [rates.methods, ['methods']],
    [rates.hold.months, ['hold', 'months']],
  ];
  for (const [list, path] of lists) {
    const twice = list.findIndex((item, i) => list.indexOf(item) !== i);
    if (twice >= 0)
      ctx.addIssue({ code: 'custom', path: [...path, twice], message: t('settings.listedTwice') });
  }
});
export type ChangeShippingInput = z.infer<typeof ChangeShippingInput>;

/** One change to the settings, as the screen lists it: what, when, by whom. */
export const SettingsChange = z.object({
  section: z.enum(['merchant', 'bank', 'bidding', 'money', 'catalogue', 'shipping']),
  at: z.string(),
  by: z.string(),
});
export type SettingsChange = z.infer<typeof SettingsChange>;

/** The settings screen's data: each section as it now reads, and the latest changes. */
export const StaffSettings = z.object({
  merchant: MerchantRecord.extend({ openingHours: OpeningHours }),
  bank: BankRecord.nullable(),
  /** The embedded demo's made-up account is shown (no bank was configured or set). */
  bank_demo: z.boolean(),
  bidding: z.object({
    proxy_bidding_settings: z.union([z.literal(0), z.literal(1)]),
    soft_close_window_minutes: z.number(),
    soft_close_extend_minutes: z.number(),
    buyer_premium: z.number(),
    bid_increments: z.array(IncrementRule),
  }),
  money: z.object({
    reservationMinutes: z.number(),
    paymentDueDays: z.number(),
    returnDays: z.number(),
    appointmentSlotCapacity: z.number(),
    taxRates: z.array(TaxRateRow),
  }),
  catalogue: ChangeCatalogueInput,
  shipping: ShippingRates,
  changes: z.array(SettingsChange),
});
export type StaffSettings = z.infer<typeof StaffSettings>;
