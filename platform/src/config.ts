import { resolve } from 'node:path';
import {
  addressLine,
  BankTransferInstructions,
  defaultMarketSettings,
  defaultMerchant,
  defaultMoneySettings,
  demoBankTransfer,
  type MarketSettings,
  MerchantDetails,
  type MoneySettings,
  openingHoursText,
  parseOpeningHours,
  type SellerTerms,
  ShippingRatesOverride,
  shippingRatesWith,
} from '@wine/contracts';
import { z } from 'zod';

import { httpUrlRule, isHttpUrl } from './settings.ts';

export * from './data-dir.ts';

/** A URL setting: unset, or an http(s) URL with a host, refused at start naming the setting. */
const httpUrl = (name: string, options: { httpsOnly?: boolean } = {}) =>
  z
    .string()
    .refine((value) => isHttpUrl(value, options), httpUrlRule(name, options))
    .optional();

/**
 * Configuration picks the adapters (ARCHITECTURE.md): no EVENTSTORE_URL means embedded SQLite,
 * no MONGO_URL the embedded read store, no NATS_URL the in-process bus.
 */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  EVENTSTORE_URL: z
    .string()
    // What @eventstore/db-client 6.x parses: kurrentdb:// URLs come with the KurrentDB client only.
    .regex(/^esdb(\+discover)?:\/\//, 'EVENTSTORE_URL must start with esdb:// or esdb+discover://')
    .optional(),
  MONGO_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'MONGO_URL must start with mongodb://')
    .optional(),
  MONGO_DB: z.string().default('wine'),
  NATS_URL: z
    .string()
    .regex(/^nats:\/\//, 'NATS_URL must start with nats://')
    .optional(),
  /** Copies of the JetStream stream: 3 on a three-node cluster, so publishing survives a node down. */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** The embedded demo's first start creates an admin with this address and prints its sign-in once. */
  DEMO_ADMIN_EMAIL: z.email().default('admin@example.com'),
  /** Signs session tokens; the embedded default generates one into DATA_DIR/session.key. */
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  /** smtp://user:pass@host:port sends mail through nodemailer; without it the embedded outbox keeps it. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Fine Wine Auction <no-reply@localhost>'),
  /**
   * Without SMTP_URL, `npm start` also prints each mail (codes, reset links) to its output: by default
   * only when that output is a terminal; 1 prints it wherever the output goes, 0 never.
   */
  ECHO_MAIL: z.enum(['0', '1']).optional(),
  /** The merchant's general inbox: contact enquiries are mailed here (issue 11). */
  MERCHANT_EMAIL: z.email().optional(),
  /** The merchant's selling inbox: sell-your-wine enquiries are mailed here. */
  MERCHANT_SELLING_EMAIL: z.email().optional(),
  /**
   * Issue 31: the merchant's name, address, phone, fax and hours as the header, footer, contact page,
   * mails and invoices show them; each left out keeps the demo merchant's (contracts' defaultMerchant).
   */
  MERCHANT_NAME: z.string().trim().min(1).max(100).optional(),
  MERCHANT_STREET: z.string().trim().min(1).max(200).optional(),
  MERCHANT_CITY: z.string().trim().min(1).max(100).optional(),
  MERCHANT_STATE: z.string().trim().min(2).max(50).optional(),
  MERCHANT_ZIP: z.string().trim().min(3).max(20).optional(),
  /** As people read it, with the country code: `+1 (312) 555-0100`. */
  MERCHANT_PHONE: z
    .string()
    .regex(/^\+\d[\d ()-]{5,30}$/, 'MERCHANT_PHONE: like +1 (312) 555-0100')
    .optional(),
  MERCHANT_FAX: z.string().trim().min(1).max(40).optional(),
  /**
   * The shop's opening hours, days then a 24-hour clock: `Mon-Fri 09:30-17:30`, `Tue-Sat 10:00-18:00`
   * (pickup appointments are booked within them; each page shows them in its language).
   */
  MERCHANT_HOURS: z
    .string()
    .transform((text, ctx) => {
      const hours = parseOpeningHours(text);
      if (hours) return hours;
      ctx.addIssue({ code: 'custom', message: 'MERCHANT_HOURS: days then times, like Mon-Fri 09:30-17:30' });
      return z.NEVER;
    })
    .optional(),
  /**
   * Issue 31: the bank a buyer paying by transfer pays into, all five or none (then the embedded demo
   * shows its labelled demo account, and any other deployment no bank details).
   */
  BANK_NAME: z.string().optional(),
  BANK_ACCOUNT_NAME: z.string().optional(),
  BANK_ROUTING_NUMBER: z.string().optional(),
  BANK_ACCOUNT_NUMBER: z.string().optional(),
  BANK_SWIFT: z.string().optional(),
  /** Free text shown under the bank details. */
  BANK_NOTE: z.string().max(500).optional(),
  /** The address links in e-mails point at; default http://localhost:PORT. */
  PUBLIC_URL: httpUrl('PUBLIC_URL'),
  /**
   * Issue 34 "Marketing contacts": confirmed newsletter contacts go to Zoho Campaigns when the list key
   * and a way to get access tokens are set (the refresh token with its client, or one access token;
   * platform marketing/index.ts `openMarketing`); without them, to the sandbox only.
   */
  ZOHO_CAMPAIGNS_URL: httpUrl('ZOHO_CAMPAIGNS_URL'),
  ZOHO_CAMPAIGNS_TOKEN: z.string().min(1).max(500).optional(),
  ZOHO_CAMPAIGNS_LIST_KEY: z.string().min(1).max(200).optional(),
  ZOHO_ACCOUNTS_URL: httpUrl('ZOHO_ACCOUNTS_URL'),
  ZOHO_CLIENT_ID: z.string().min(1).max(200).optional(),
  ZOHO_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  ZOHO_CAMPAIGNS_REFRESH_TOKEN: z.string().min(1).max(500).optional(),
  /**
   * Issue 35 §5-6: the tax and address service (platform tax/index.ts `openTax`): `sandbox` answers
   * from TAX_RATES; `avalara` asks AvaTax (AVALARA_*), the table answering after TAX_TIMEOUT_MS.
   */
  TAX_PROVIDER: z.enum(['sandbox', 'avalara']).default('sandbox'),
  TAX_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** AvaTax's root; its test mode (https://sandbox-rest.avatax.com) by default. */
  AVALARA_URL: httpUrl('AVALARA_URL'),
  AVALARA_ACCOUNT_ID: z.string().min(1).max(50).optional(),
  AVALARA_LICENSE_KEY: z.string().min(1).max(200).optional(),
  /** The company's code in AvaTax; the account's DEFAULT company when unset. */
  AVALARA_COMPANY_CODE: z.string().min(1).max(50).optional(),
  /**
   * Issue 35 §5-6: the maps service behind the address fields' suggestions (platform maps/index.ts
   * `openMaps`): `sandbox` answers from a built-in list of US addresses; `google` asks Google's Places
   * API with GOOGLE_MAPS_API_KEY.
   */
  MAPS_PROVIDER: z.enum(['sandbox', 'google']).default('sandbox'),
  /** Google's Maps Platform root; https://maps.googleapis.com by default. */
  GOOGLE_MAPS_URL: httpUrl('GOOGLE_MAPS_URL'),
  GOOGLE_MAPS_API_KEY: z.string().min(1).max(200).optional(),
  /** How long one address lookup may take before the form is told the service is unavailable. */
  MAPS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /**
   * Issue 35 §2, §6: the card provider (platform card-provider/index.ts `openCards`): `sandbox`, the
   * built-in test network; `stripe` with STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET for its events);
   * `cybersource` with CYBERSOURCE_MERCHANT_ID, CYBERSOURCE_KEY_ID and CYBERSOURCE_SHARED_SECRET;
   * `versapay` with VERSAPAY_API_TOKEN and VERSAPAY_API_KEY.
   */
  CARD_PROVIDER: z.enum(['sandbox', 'stripe', 'cybersource', 'versapay']).default('sandbox'),
  /** Stripe's API root; https://api.stripe.com by default (a test key `sk_test_…` is Stripe's test mode). */
  STRIPE_API_URL: httpUrl('STRIPE_API_URL'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_\w+$/,
      'STRIPE_SECRET_KEY: a secret or restricted key, sk_test_… or sk_live_…',
    )
    .optional(),
  /** The publishable key the browser tokenises cards with (`pk_test_…`, `pk_live_…`). */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'STRIPE_PUBLISHABLE_KEY: pk_test_… or pk_live_…')
    .optional(),
  /** The signing secret of the webhook endpoint (`whsec_…`), from Stripe's dashboard or `stripe listen`. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET: whsec_…')
    .optional(),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /**
   * seeds 001 "Payments": the gateways the site takes besides cards, comma-separated; `paypal` takes
   * PayPal through its REST API (platform paypal/index.ts `openPayPal`), else its built-in sandbox.
   */
  PAYMENT_GATEWAYS: z.string().max(200).optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).max(200).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).max(200).optional(),
  /** The id PayPal gave the webhook listener (PayPal's dashboard): every event is verified with it. */
  PAYPAL_WEBHOOK_ID: z.string().min(1).max(100).optional(),
  /** PayPal's API root: https://api-m.sandbox.paypal.com by default, https://api-m.paypal.com live. */
  PAYPAL_API_URL: httpUrl('PAYPAL_API_URL'),
  PAYPAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
  /**
   * seeds 001 "Payments": Paytm and Cashfree, each taken when PAYMENT_GATEWAYS names it (platform
   * hosted-gateway/index.ts `openHostedGateways`): the merchant id and 16-character merchant key, the
   * website name (WEBSTAGING on staging), Paytm's host (staging by default); Cashfree's app id and
   * secret key and its host (its sandbox by default).
   */
  PAYTM_MID: z.string().min(1).max(100).optional(),
  PAYTM_MERCHANT_KEY: z.string().min(1).max(100).optional(),
  PAYTM_WEBSITE: z.string().min(1).max(100).optional(),
  PAYTM_API_URL: httpUrl('PAYTM_API_URL'),
  CASHFREE_CLIENT_ID: z.string().min(1).max(200).optional(),
  CASHFREE_CLIENT_SECRET: z.string().min(1).max(200).optional(),
  CASHFREE_API_URL: httpUrl('CASHFREE_API_URL'),
  HOSTED_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
  /**
   * CyberSource's API root: https://apitest.cybersource.com (its test environment) by default, or
   * https://api.cybersource.com. HTTPS only (its SDK speaks nothing else).
   */
  CYBERSOURCE_API_URL: httpUrl('CYBERSOURCE_API_URL', { httpsOnly: true }),
  /** The merchant id, and the REST shared-secret key's id and secret (Business Center > Key Management). */
  CYBERSOURCE_MERCHANT_ID: z.string().min(1).max(100).optional(),
  CYBERSOURCE_KEY_ID: z.string().min(1).max(200).optional(),
  CYBERSOURCE_SHARED_SECRET: z.string().min(1).max(400).optional(),
  /** A PEM file of a certificate authority to trust for CyberSource (a TLS-inspecting proxy's). */
  CYBERSOURCE_CA_FILE: z.string().min(1).optional(),
  CYBERSOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Versapay's platform API root: https://uat.versapay.com (its UAT) by default, https://secure.versapay.com live. */
  VERSAPAY_API_URL: httpUrl('VERSAPAY_API_URL'),
  /** Its Ecommerce API root (sessions, the card form's tokens); by default the one matching VERSAPAY_API_URL. */
  VERSAPAY_ECOMMERCE_URL: httpUrl('VERSAPAY_ECOMMERCE_URL'),
  /** The API token and key from Versapay's account settings. */
  VERSAPAY_API_TOKEN: z.string().min(1).max(200).optional(),
  VERSAPAY_API_KEY: z.string().min(1).max(200).optional(),
  VERSAPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /**
   * Issue 35 §4: the documents service (platform documents/index.ts `openDocuments`): `sandbox`, or
   * `pandadoc` with PANDADOC_API_KEY and PANDADOC_WEBHOOK_KEY.
   */
  DOCUMENTS_PROVIDER: z.enum(['sandbox', 'pandadoc']).default('sandbox'),
  /** PandaDoc's API root; https://api.pandadoc.com by default. */
  PANDADOC_API_URL: httpUrl('PANDADOC_API_URL'),
  PANDADOC_API_KEY: z.string().min(1).max(200).optional(),
  /** The webhook subscription's shared key (PandaDoc's Developer Dashboard). */
  PANDADOC_WEBHOOK_KEY: z.string().min(1).max(200).optional(),
  /**
   * Issue 35 §3: investor onboarding (platform investing/index.ts `openInvesting`): `sandbox`, or
   * `northcapital` (North Capital's Transact API) with NORTHCAPITAL_CLIENT_ID and NORTHCAPITAL_API_KEY.
   */
  INVESTING_PROVIDER: z.enum(['sandbox', 'northcapital']).default('sandbox'),
  /** Transact's base with its path prefix; its sandbox (…/tapiv3/index.php/v3) by default. */
  NORTHCAPITAL_API_URL: httpUrl('NORTHCAPITAL_API_URL'),
  NORTHCAPITAL_CLIENT_ID: z.string().min(1).max(100).optional(),
  NORTHCAPITAL_API_KEY: z.string().min(1).max(200).optional(),
  NORTHCAPITAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** The house's consignment agreement template (its UUID in PandaDoc); needed with DOCUMENTS_PROVIDER=pandadoc. */
  PANDADOC_CONSIGNMENT_TEMPLATE: z.string().min(1).max(100).optional(),
  PANDADOC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** seeds 000 §4.3: non-zero means proxy bidding (a bid is a maximum); 0 means hard bidding. */
  PROXY_BIDDING_SETTINGS: z.enum(['0', '1']).default('1'),
  /** DOMAIN.md soft close: a bid with less than this many minutes left extends the close... */
  SOFT_CLOSE_WINDOW_MINUTES: z.coerce.number().positive().max(1440).default(5),
  /** ...to this many minutes after the bid. */
  SOFT_CLOSE_EXTEND_MINUTES: z.coerce.number().positive().max(1440).default(5),
  /** seeds 000 §1: the buyer's premium on auction hammer prices. */
  BUYER_PREMIUM_PERCENT: z.coerce.number().min(0).max(100).default(20),
  /** Issue 33 "Sellers": the house's commission on a seller's hammer, percent (DOMAIN.md: configuration). */
  SELLER_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** A fee per seller's lot sold, in cents (500 = $5.00). */
  SELLER_LOT_FEE_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(500),
  /** A seller's net is payable this many days after the buyer paid. */
  SELLER_PAYOUT_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** DOMAIN.md "Buy now and cart": minutes a checkout holds its stock unless paid. */
  RESERVATION_MINUTES: z.coerce.number().positive().max(1440).default(15),
  /** Issue 31: minutes before a lot's close its watchers and bidders get the closing-soon mail. */
  CLOSING_REMINDER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Issue 36: a buyer's offers and counters a minute (each one mails the seller). */
  OFFER_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** DOMAIN.md "Money": days an auction invoice is due in. */
  PAYMENT_DUE_DAYS: z.coerce.number().int().positive().max(365).default(14),
  /** DOMAIN.md "Money": buyers one 30-minute pickup slot takes. */
  APPOINTMENT_SLOT_CAPACITY: z.coerce.number().int().min(1).max(100).default(3),
  /** DOMAIN.md "Money": days after an invoice is paid that its lines may be returned. */
  RETURN_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** Issue 30: unpaid buy-now orders one buyer may have open (offline orders hold stock for days). */
  OFFLINE_ORDERS_MAX: z.coerce.number().int().min(1).max(100).default(3),
  /** Issue 30: bottles one buyer's unpaid buy-now orders may hold together. */
  OFFLINE_BOTTLES_MAX: z.coerce.number().int().min(1).max(10_000).default(24),
  /** Issue 36: hours an offer or a counter stays open, counters an offer may have, premium on offers. */
  OFFER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(48),
  OFFER_COUNTERS: z.coerce.number().int().min(0).max(20).default(3),
  OFFER_PREMIUM: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Tax rates in percent per state and per city, the city's winning: `IL=6.25,IL/Chicago=10.25`
   * (the default). A state without a rate is charged none.
   */
  TAX_RATES: z
    .string()
    .regex(
      /^([A-Z]{2}(\/[^=,]+)?=\d{1,2}(\.\d{1,2})?)(,[A-Z]{2}(\/[^=,]+)?=\d{1,2}(\.\d{1,2})?)*$/,
      'TAX_RATES: like IL=6.25,IL/Chicago=10.25',
    )
    .optional(),
  /**
   * Issue 31: the shipping rate table as JSON, laid over the defaults (contracts shipping/rates.ts):
   * `{"minimum":2000,"freeThreshold":null,"states":{"NY":{"firstBottle":2800}},"notAllowed":["UT"]}`.
   */
  SHIPPING_RATES: z
    .string()
    .transform((text, ctx) => {
      try {
        return ShippingRatesOverride.parse(JSON.parse(text));
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `SHIPPING_RATES: not a rate table (${String(error).slice(0, 200)})`,
        });
        return z.NEVER;
      }
    })
    .optional(),
  /**
   * DOMAIN.md "Audit": the Ed25519 key that signs the log's anchors (PKCS8 PEM, or a path to one), kept
   * outside the log. The embedded default creates DATA_DIR/audit-signing-key.pem; a command-service on
   * its own without one does not anchor.
   */
  AUDIT_SIGNING_KEY: z.string().optional(),
  /**
   * Seconds between two anchors of the log's head, when it moved (issue 30: a minute, not an hour);
   * money moving is anchored within a second whatever this says.
   */
  AUDIT_ANCHOR_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400 * 7)
    .default(60),
  /** The auditors' address: each anchor is mailed there; none, no mail. */
  AUDITOR_EMAIL: z.email().optional(),
  /**
   * The embedded default saves its read store to DATA_DIR every this many seconds (when the log moved)
   * and when it stops, and loads it at start; 0 saves only when it stops.
   */
  READ_SNAPSHOT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /**
   * Issue 38 §4 (seeds 001 §7 "the decrypt setting"): the actions' JSON bodies and answers sealed with
   * a key each browser session agrees (platform http/encrypted-bodies.ts); off by default.
   */
  ENCRYPT_BODIES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type Config = z.infer<typeof Env> & { dataDir: string };

/** Every setting the configuration reads (the deployment files may set no other). */
export const configKeys: readonly string[] = Object.keys(Env.shape);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR) };
}

/** Whether `npm start` prints mail: ECHO_MAIL when set, else only to an interactive terminal. */
export function mailEcho(setting: '0' | '1' | undefined, interactive: boolean): boolean {
  return setting === undefined ? interactive : setting === '1';
}

/** The market's bidding settings from configuration (the increment table is the default one for now). */
export function marketSettings(config: Config): MarketSettings {
  return {
    ...defaultMarketSettings,
    proxy_bidding_settings: config.PROXY_BIDDING_SETTINGS === '1' ? 1 : 0,
    soft_close_window_minutes: config.SOFT_CLOSE_WINDOW_MINUTES,
    soft_close_extend_minutes: config.SOFT_CLOSE_EXTEND_MINUTES,
    buyer_premium: config.BUYER_PREMIUM_PERCENT,
  };
}

/** The terms of consignment of the day (issue 33 "Sellers"), recorded on each approval. */
export function sellerTerms(config: Config): SellerTerms {
  return {
    commissionPercent: config.SELLER_COMMISSION_PERCENT,
    lotFee: config.SELLER_LOT_FEE_CENTS,
    payoutDays: config.SELLER_PAYOUT_DAYS,
  };
}

/** The money settings from configuration (DOMAIN.md "Money"); the pickup location is the merchant's. */
export function moneySettings(config: Config): MoneySettings {
  const taxRates = config.TAX_RATES
    ? Object.fromEntries(
        config.TAX_RATES.split(',').map((pair) => {
          const [place, percent] = pair.split('=') as [string, string];
          return [place, Math.round(Number(percent) * 100)];
        }),
      )
    : defaultMoneySettings.taxRates;
  // Issue 31: pickup is at the merchant's configured shop (MERCHANT_*), the demo's where none is set.
  const pickup = defaultMoneySettings.pickup;
  return {
    ...defaultMoneySettings,
    pickup: {
      name: config.MERCHANT_NAME ?? pickup.name,
      address1: config.MERCHANT_STREET ?? pickup.address1,
      city: config.MERCHANT_CITY ?? pickup.city,
      state: config.MERCHANT_STATE ?? pickup.state,
      zip: config.MERCHANT_ZIP ?? pickup.zip,
      phone: config.MERCHANT_PHONE ?? pickup.phone,
      hours: config.MERCHANT_HOURS ? openingHoursText(config.MERCHANT_HOURS) : pickup.hours,
      openingHours: config.MERCHANT_HOURS ?? pickup.openingHours,
    },
    reservationMinutes: config.RESERVATION_MINUTES,
    paymentDueDays: config.PAYMENT_DUE_DAYS,
    taxRates,
    appointmentSlotCapacity: config.APPOINTMENT_SLOT_CAPACITY,
    returnDays: config.RETURN_DAYS,
    offlineOrdersMax: config.OFFLINE_ORDERS_MAX,
    offlineBottlesMax: config.OFFLINE_BOTTLES_MAX,
    offerHours: config.OFFER_HOURS,
    offerCounters: config.OFFER_COUNTERS,
    offerPremium: config.OFFER_PREMIUM,
    shipping: shippingRatesWith(config.SHIPPING_RATES),
  };
}

/** Issue 31: the bank details the environment names (all five, validated), or none. */
function bankTransfer(config: Config, demo: boolean): BankTransferInstructions | null {
  const given = {
    bankName: config.BANK_NAME,
    accountName: config.BANK_ACCOUNT_NAME,
    routingNumber: config.BANK_ROUTING_NUMBER,
    accountNumber: config.BANK_ACCOUNT_NUMBER,
    swift: config.BANK_SWIFT,
  };
  if (Object.values(given).every((v) => v === undefined)) return demo ? demoBankTransfer : null;
  const parsed = BankTransferInstructions.safeParse({ ...given, note: config.BANK_NOTE ?? '', demo: false });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid bank configuration (BANK_*):\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * The merchant's details: the environment's (MERCHANT_*, BANK_*), each left out the demo merchant's
 * (contracts' defaults). `demo` (the embedded demo) gives the labelled demo bank account when no bank
 * is configured; elsewhere a buyer is shown no bank details rather than made-up ones.
 */
export function merchantDetails(config: Config, options: { demo?: boolean } = {}): MerchantDetails {
  const address = {
    street: config.MERCHANT_STREET ?? defaultMerchant.address.street,
    city: config.MERCHANT_CITY ?? defaultMerchant.address.city,
    state: config.MERCHANT_STATE ?? defaultMerchant.address.state,
    zip: config.MERCHANT_ZIP ?? defaultMerchant.address.zip,
  };
  const moved = Object.entries(address).some(
    ([key, value]) => value !== defaultMerchant.address[key as keyof typeof address],
  );
  const mapUrl = moved
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine({ address })).replace(/%20/g, '+')}`
    : defaultMerchant.mapUrl;
  const phone = config.MERCHANT_PHONE ?? defaultMerchant.phone;
  return MerchantDetails.parse({
    ...defaultMerchant,
    name: config.MERCHANT_NAME ?? defaultMerchant.name,
    address,
    mapUrl,
    phone,
    phoneHref: config.MERCHANT_PHONE ? `tel:+${phone.replace(/\D/g, '')}` : defaultMerchant.phoneHref,
    fax: config.MERCHANT_FAX ?? defaultMerchant.fax,
    hours: config.MERCHANT_HOURS ? openingHoursText(config.MERCHANT_HOURS) : defaultMerchant.hours,
    openingHours: config.MERCHANT_HOURS ?? defaultMerchant.openingHours,
    emailGeneral: config.MERCHANT_EMAIL ?? defaultMerchant.emailGeneral,
    emailSelling: config.MERCHANT_SELLING_EMAIL ?? config.MERCHANT_EMAIL ?? defaultMerchant.emailSelling,
    bankTransfer: bankTransfer(config, options.demo ?? false),
  });
}
