import type { CatalogueSettingsChangedData, MerchantRecord, SettingsEvent } from '@wine/event-schemas';
import { DEFAULT_LOTS_PER_MINUTE } from '../auctions/schedule.ts';
import type { MarketSettings } from '../bidding/bidding.ts';
import type { MerchantDetails } from '../enquiries/merchant.ts';
import type { MoneySettings } from '../money/settings.ts';
import { defaultOpeningHours } from './opening-hours.ts';

/**
 * Issue 34 "Settings": the house's settings as every service reads them, the environment's first values
 * with the admins' changes (event-schemas settings-events.ts) laid over them in log order. One fold, used
 * by the write side (its deciders read it at each command) and the read side (getDefault, the footer,
 * invoices), so the two cannot disagree.
 */
export interface HouseSettings {
  market: MarketSettings;
  money: MoneySettings;
  merchant: MerchantDetails;
  catalogue: CatalogueSettings;
}

/**
 * The catalogue's words and defaults: the premium explanation and the welcome popup's text in each
 * language ('' keeps the storefront's standard text), and the lots a minute a new auction closes.
 */
export type CatalogueSettings = CatalogueSettingsChangedData;

export const defaultCatalogueSettings: CatalogueSettings = {
  premiumText: { en: '', es: '' },
  welcomeText: { en: '', es: '' },
  lotsPerMinute: DEFAULT_LOTS_PER_MINUTE,
};

/** A phone number as a tel: link dials it (E.164): `+1 (312) 555-0100` → `tel:+13125550100`. */
export const phoneHrefOf = (phone: string): string => `tel:+${phone.replace(/\D/g, '')}`;

/** The merchant's details from its record (the pickup location is the merchant's shop). */
function withMerchant(settings: HouseSettings, record: MerchantRecord): HouseSettings {
  // A record written before the days and times were kept: the demo's.
  const openingHours = record.openingHours ?? defaultOpeningHours;
  return {
    ...settings,
    merchant: { ...settings.merchant, ...record, phoneHref: phoneHrefOf(record.phone), openingHours },
    money: {
      ...settings.money,
      pickup: {
        name: record.name,
        address1: record.address.street,
        city: record.address.city,
        state: record.address.state,
        zip: record.address.zip,
        phone: record.phone,
        hours: record.hours,
        openingHours,
      },
    },
  };
}

/** `settings` after one of the settings' events. */
export function withSettingsEvent(settings: HouseSettings, event: SettingsEvent): HouseSettings {
  switch (event.type) {
    case 'MerchantDetailsChanged':
      return withMerchant(settings, event.data);
    case 'BankDetailsChanged':
      return {
        ...settings,
        merchant: {
          ...settings.merchant,
          bankTransfer: event.data.bank ? { ...event.data.bank, demo: false } : null,
        },
      };
    case 'BiddingSettingsChanged': {
      const d = event.data;
      return {
        ...settings,
        market: {
          ...settings.market,
          proxy_bidding_settings: d.proxyBidding ? 1 : 0,
          soft_close_window_minutes: d.softCloseWindowMinutes,
          soft_close_extend_minutes: d.softCloseExtendMinutes,
          buyer_premium: d.buyerPremiumPercent,
          bid_increments: d.bidIncrements.map((row) => ({
            from_amount: row.fromAmount,
            to_amount: row.toAmount,
            increment: row.increment,
            value_type: row.valueType,
          })),
        },
      };
    }
    case 'MoneySettingsChanged':
      return { ...settings, money: { ...settings.money, ...event.data } };
    case 'CatalogueSettingsChanged':
      return { ...settings, catalogue: event.data };
    case 'ShippingSettingsChanged':
      return { ...settings, money: { ...settings.money, shipping: event.data.rates } };
    default: {
      const _exhaustive: never = event;
      return settings;
    }
  }
}

/** The settings after `events` (in log order), from the environment's `initial` values. */
export const houseSettingsFrom = (initial: HouseSettings, events: readonly SettingsEvent[]): HouseSettings =>
  events.reduce(withSettingsEvent, initial);

/** The settings events' types, for those who follow the log for them. */
export const settingsEventTypes: ReadonlySet<string> = new Set<SettingsEvent['type']>([
  'MerchantDetailsChanged',
  'BankDetailsChanged',
  'BiddingSettingsChanged',
  'MoneySettingsChanged',
  'CatalogueSettingsChanged',
  'ShippingSettingsChanged',
]);
