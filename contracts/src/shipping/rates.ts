import { ShipMethod, ShipMethods, ShippingRates, StateShippingRate } from '@wine/event-schemas';
import { z } from 'zod';

export { ShipMethod, ShipMethods, ShippingRates, StateShippingRate };

/** A configured override: any part of the table, the rest from the defaults (platform config SHIPPING_RATES). */
export const ShippingRatesOverride = ShippingRates.partial().extend({
  standard: StateShippingRate.partial().optional(),
  surcharge: ShippingRates.shape.surcharge.partial().optional(),
  hold: ShippingRates.shape.hold.partial().optional(),
});
export type ShippingRatesOverride = z.infer<typeof ShippingRatesOverride>;

/** States whose sales tax reaches shipping charged with a taxable sale (the common rule of each). */
const taxesShipping = [
  'AR',
  'CT',
  'DC',
  'GA',
  'HI',
  'IL',
  'IN',
  'KS',
  'KY',
  'MI',
  'MN',
  'MS',
  'NE',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'VT',
  'WA',
  'WV',
  'WI',
] as const;

/** Far states cost more to reach from Chicago. */
const far = { firstBottle: 3500, perBottle: 700 };

export const defaultShippingRates: ShippingRates = {
  standard: { firstBottle: 2500, perBottle: 500, taxable: false },
  states: {
    ...Object.fromEntries(taxesShipping.map((s) => [s, { taxable: true }])),
    AK: { ...far, taxable: false },
    HI: { ...far, taxable: true },
    CA: { firstBottle: 3000, perBottle: 600, taxable: false },
    OR: { firstBottle: 3000, perBottle: 600, taxable: false },
    WA: { firstBottle: 3000, perBottle: 600, taxable: true },
  },
  // Direct-to-consumer wine shipping is barred or impractical there.
  notAllowed: ['AL', 'AR', 'DE', 'KY', 'MS', 'RI', 'UT'],
  minimum: 2500,
  freeThreshold: 150_000,
  methods: [...ShipMethods],
  surcharge: { ground: 0, temperature: 400, hold: 0 },
  // Summer (May-September) and winter (November-March).
  hold: { months: [1, 2, 3, 5, 6, 7, 8, 9, 11, 12], minDays: 1, maxDays: 180 },
};

/** The defaults with an override laid over them (the standard, each state, surcharge and hold field by field). */
export function shippingRatesWith(override: ShippingRatesOverride | undefined): ShippingRates {
  if (!override) return defaultShippingRates;
  const d = defaultShippingRates;
  return ShippingRates.parse({
    ...d,
    ...override,
    standard: { ...d.standard, ...override.standard },
    // A state's row is laid over its default row: pricing NY keeps NY's taxable flag.
    states: Object.fromEntries(
      [...new Set([...Object.keys(d.states), ...Object.keys(override.states ?? {})])].map((s) => [
        s,
        { ...d.states[s], ...override.states?.[s] },
      ]),
    ),
    surcharge: { ...d.surcharge, ...override.surcharge },
    hold: { ...d.hold, ...override.hold },
  });
}

/** A state's full rate: its row over the standard one. */
export const stateShippingRate = (rates: ShippingRates, state: string): StateShippingRate => ({
  ...rates.standard,
  ...rates.states[state],
});

const DAY_MS = 86_400_000;
/** `YYYY-MM-DD` of a moment, in UTC. */
export const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The ship dates a hold may choose today, inclusive, as `YYYY-MM-DD`. */
export function holdWindow(rates: ShippingRates, now: Date): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    from: isoDay(new Date(today + rates.hold.minDays * DAY_MS)),
    to: isoDay(new Date(today + rates.hold.maxDays * DAY_MS)),
  };
}

/** Whether the seasonal hold is offered now (its months, by the server clock). */
export const holdOffered = (rates: ShippingRates, now: Date) =>
  rates.hold.months.includes(now.getUTCMonth() + 1);

/** A ship date as the buyer picks it. */
export const ShipDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
