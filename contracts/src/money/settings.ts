import { OpeningHours } from '@wine/event-schemas';
import { z } from 'zod';
import { defaultOpeningHours, openingHoursText } from '../settings/opening-hours.ts';
import { defaultShippingRates, type ShippingRates } from '../shipping/rates.ts';

/** Where pickup happens, shown on the cart, the checkout and the invoice (seeds 001 locationDetail). */
export const PickupLocation = z.object({
  name: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  /** English, as the invoice prints it (the seeds' `hours`)... */
  hours: z.string(),
  /**
   * ...and as days and times, which the pickup calendar books within and each page shows in its language
   * (absent from a location a read model kept from before they were: its `hours` is shown).
   */
  openingHours: OpeningHours.optional(),
});
export type PickupLocation = z.infer<typeof PickupLocation>;

/**
 * The money settings (DOMAIN.md "Money", "Buy now and cart"), all configuration: the buyer's premium
 * lives with the market's bidding settings.
 */
export interface MoneySettings {
  /** Minutes a checkout holds its stock unless paid (default 15). */
  reservationMinutes: number;
  /** Days an invoice is due in (default 14). */
  paymentDueDays: number;
  pickup: PickupLocation;
  /** Tax in basis points per state (`IL`) and per city (`IL/Chicago`), the city's winning. */
  taxRates: Readonly<Record<string, number>>;
  /** DOMAIN.md "Money": days after an invoice is paid that its lines may be returned (default 30). */
  returnDays: number;
  /** DOMAIN.md "Money": pickup appointments are this many minutes long (default 30)... */
  appointmentSlotMinutes: number;
  /** ...and this many buyers share one slot (default 3). */
  appointmentSlotCapacity: number;
  /** The pickup location's time zone: business hours (seeds 001 §9) are its wall-clock hours. */
  appointmentTimeZone: string;
  /**
   * Issue 30: an offline order holds its stock for `paymentDueDays` unpaid, so a buyer may have at
   * most this many unpaid buy-now orders open (default 3)...
   */
  offlineOrdersMax: number;
  /** ...holding at most this many bottles together (default 24). */
  offlineBottlesMax: number;
  /** Issue 31: the shipping rate table of deliveries (platform config SHIPPING_RATES overrides it). */
  shipping: ShippingRates;
  /** Issue 36: hours an offer (or a counter, or a second chance) stays open unanswered (default 48)... */
  offerHours: number;
  /** ...counter-offers an offer may have, both sides together (default 3)... */
  offerCounters: number;
  /** ...and whether an accepted offer's invoice carries the buyer's premium (default no: a private sale). */
  offerPremium: boolean;
  /**
   * Issue 38 §2 (seeds 001 §7 buynow/updateAdminFee): the admin fee, cents, that finance or an admin
   * sets on an order when they name no other (default $25.00); never added by itself.
   */
  adminFee?: number;
}

export const defaultPickupLocation: PickupLocation = {
  name: 'Fine Wine Auctions - Chicago',
  address1: '1000 W Fulton Market',
  city: 'Chicago',
  state: 'IL',
  zip: '60607',
  phone: '+1 (312) 555-0100',
  hours: openingHoursText(defaultOpeningHours),
  openingHours: defaultOpeningHours,
};

export const defaultMoneySettings: MoneySettings = {
  reservationMinutes: 15,
  paymentDueDays: 14,
  pickup: defaultPickupLocation,
  // Illinois' state rate, and Chicago's combined rate (state, county, city and transit).
  taxRates: { IL: 625, 'IL/Chicago': 1025 },
  returnDays: 30,
  appointmentSlotMinutes: 30,
  appointmentSlotCapacity: 3,
  appointmentTimeZone: 'America/Chicago',
  offlineOrdersMax: 3,
  offlineBottlesMax: 24,
  shipping: defaultShippingRates,
  offerHours: 48,
  offerCounters: 3,
  offerPremium: false,
  adminFee: 2_500,
};

/** The tax rate of an address, in basis points: its city's if configured, else its state's, else 0. */
export function taxRateFor(rates: Readonly<Record<string, number>>, state: string, city: string): number {
  const cityKey = Object.keys(rates).find((k) => k.toLowerCase() === `${state}/${city.trim()}`.toLowerCase());
  return (cityKey ? rates[cityKey] : rates[state]) ?? 0;
}

/** DOMAIN.md "Money": pickup is taxed at the pickup location's rate (Chicago's, by default). */
export const pickupTaxRate = (money: MoneySettings): number =>
  taxRateFor(money.taxRates, money.pickup.state, money.pickup.city);
