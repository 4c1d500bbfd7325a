import { z } from 'zod';
import { defineEvent } from './registry.ts';
import { ShippingRates } from './shipping-rates.ts';

/*
 * Issue 34 "Settings": the merchant's details and the configuration variables as facts in the log, on
 * one stream (`settings-house`). Each event carries a whole section as it now reads; the environment
 * only gives the first values (platform config). Who changed it is the event's metadata (the acting
 * admin), as for every command.
 */

const https = z.url({ protocol: /^https$/ });

/**
 * seeds 000 §9 / 001 §9: the days the shop is open (0 = Sunday) and its hours on them, minutes after
 * midnight on the shop's clock. Pickup appointments are booked within them (contracts calendar.ts), and
 * every page shows them in its own language (contracts opening-hours.ts).
 */
export const OpeningHours = z.object({
  days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  opensAt: z.number().int().min(0).max(1438),
  closesAt: z.number().int().min(1).max(1439),
});
export type OpeningHours = z.infer<typeof OpeningHours>;

/** The merchant's contact details as the header, footer, contact page, mails and invoices show them. */
export const MerchantRecord = z.object({
  name: z.string().trim().min(1).max(100),
  address: z.object({
    street: z.string().trim().min(1).max(200),
    city: z.string().trim().min(1).max(100),
    state: z.string().trim().min(2).max(50),
    zip: z.string().trim().min(3).max(20),
  }),
  /** Where the footer's map link opens (the address on a map). */
  mapUrl: https,
  /** As people read it, with the country code: `+1 (312) 555-0100`. */
  phone: z
    .string()
    .trim()
    .regex(/^\+\d[\d ()-]{5,30}$/, 'a phone number like +1 (312) 555-0100'),
  fax: z.string().trim().min(1).max(40),
  /** The general inbox: contact enquiries go here. */
  emailGeneral: z.email(),
  /** The selling inbox: consignment (sell-your-wine) enquiries go here. */
  emailSelling: z.email(),
  /** seeds 000 §9 / 001 §9: business hours, as English reads them (invoices, the seeds' `hours`). */
  hours: z.string().trim().min(1).max(100),
  /** The same hours as days and times (absent from the events written before 2026-11-30). */
  openingHours: OpeningHours.optional(),
  social: z
    .array(z.object({ label: z.string().trim().min(1).max(40), url: https }))
    .min(1)
    .max(6),
});
export type MerchantRecord = z.infer<typeof MerchantRecord>;

/** How a buyer pays by bank transfer (issue 31): the bank, the account, the ABA routing number, SWIFT. */
export const BankRecord = z.object({
  bankName: z.string().trim().min(1).max(100),
  accountName: z.string().trim().min(1).max(100),
  routingNumber: z.string().regex(/^\d{9}$/, 'a routing (ABA) number is nine digits'),
  accountNumber: z.string().regex(/^[0-9A-Za-z-]{4,34}$/, 'an account number is 4 to 34 letters or digits'),
  swift: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'a SWIFT/BIC code is 8 or 11 characters'),
  note: z.string().max(500),
});
export type BankRecord = z.infer<typeof BankRecord>;

/** An admin changed the merchant's details. */
export const MerchantDetailsChanged = defineEvent({
  type: 'MerchantDetailsChanged',
  version: 1,
  schema: MerchantRecord,
});

/** An admin changed the bank details a transfer is paid into, or removed them (null). */
export const BankDetailsChanged = defineEvent({
  type: 'BankDetailsChanged',
  version: 1,
  schema: z.object({ bank: BankRecord.nullable() }),
});

/** A row of the increment table (seeds 000 §3.2), amounts in cents, `toAmount` null for "and up". */
const IncrementRow = z.object({
  fromAmount: z.number().int().min(0),
  toAmount: z.number().int().min(0).nullable(),
  increment: z.number().positive(),
  valueType: z.enum(['fixed', 'percentage']),
});

/** An admin changed the bidding rules: proxy or hard bidding, soft close, premium, increments. */
export const BiddingSettingsChanged = defineEvent({
  type: 'BiddingSettingsChanged',
  version: 1,
  schema: z.object({
    proxyBidding: z.boolean(),
    softCloseWindowMinutes: z.number().positive().max(1440),
    softCloseExtendMinutes: z.number().positive().max(1440),
    buyerPremiumPercent: z.number().min(0).max(100),
    bidIncrements: z.array(IncrementRow).min(1).max(50),
  }),
});
export type BiddingSettingsChangedData = z.infer<typeof BiddingSettingsChanged.schema>;

/** An admin changed the money rules: holds, payment terms, returns, pickup slots, tax rates. */
export const MoneySettingsChanged = defineEvent({
  type: 'MoneySettingsChanged',
  version: 1,
  schema: z.object({
    reservationMinutes: z.number().int().min(1).max(1440),
    paymentDueDays: z.number().int().min(1).max(365),
    returnDays: z.number().int().min(0).max(365),
    appointmentSlotCapacity: z.number().int().min(1).max(100),
    /** Basis points per state (`IL`) and per city (`IL/Chicago`). */
    taxRates: z.record(z.string().min(2).max(80), z.number().int().min(0).max(5000)),
  }),
});
export type MoneySettingsChangedData = z.infer<typeof MoneySettingsChanged.schema>;

/** A text in the storefront's two languages; '' where the standard text is kept. */
const BothLanguages = z.object({ en: z.string().max(2000), es: z.string().max(2000) });

/**
 * An admin changed the catalogue's words and defaults: the buyer's premium explanation shown with the
 * premium note (seeds 000 §1 "the explanatory premium text comes from configuration"), the welcome
 * popup's text (seeds 000 §4.8) and the staggered close a new auction starts with (lots a minute).
 */
export const CatalogueSettingsChanged = defineEvent({
  type: 'CatalogueSettingsChanged',
  version: 1,
  schema: z.object({
    premiumText: BothLanguages,
    welcomeText: BothLanguages,
    lotsPerMinute: z.number().int().min(1).max(60),
  }),
});
export type CatalogueSettingsChangedData = z.infer<typeof CatalogueSettingsChanged.schema>;

/** An admin changed the shipping rate table and the methods offered (issue 31's table, whole). */
export const ShippingSettingsChanged = defineEvent({
  type: 'ShippingSettingsChanged',
  version: 1,
  schema: z.object({ rates: ShippingRates }),
});

export type SettingsEvent =
  | { type: 'MerchantDetailsChanged'; data: MerchantRecord }
  | { type: 'BankDetailsChanged'; data: z.infer<typeof BankDetailsChanged.schema> }
  | { type: 'BiddingSettingsChanged'; data: BiddingSettingsChangedData }
  | { type: 'MoneySettingsChanged'; data: MoneySettingsChangedData }
  | { type: 'CatalogueSettingsChanged'; data: CatalogueSettingsChangedData }
  | { type: 'ShippingSettingsChanged'; data: { rates: ShippingRates } };
export const settingsEventDefinitions = [
  MerchantDetailsChanged,
  BankDetailsChanged,
  BiddingSettingsChanged,
  MoneySettingsChanged,
  CatalogueSettingsChanged,
  ShippingSettingsChanged,
] as const;
