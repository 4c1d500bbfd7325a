import { z } from 'zod';

/*
 * The shipping rate table (issue 31), here beside the events because the settings stream records it
 * whole when an admin changes it (issue 34, settings-events.ts); contracts re-exports it.
 */

/**
 * Issue 31 "Delivery": how a delivery travels. `ground` is the carrier's ground service;
 * `temperature` a temperature-controlled one (a surcharge a bottle); `hold` is the seasonal hold wine
 * merchants offer in summer and winter: the order waits in the cellar and ships on the date the buyer
 * chose.
 */
export const ShipMethods = ['ground', 'temperature', 'hold'] as const;
export const ShipMethod = z.enum(ShipMethods);
export type ShipMethod = z.infer<typeof ShipMethod>;

const Cents = z.number().int().min(0).max(10_000_000);
const StateCode = z.string().regex(/^[A-Z]{2}$/);

/** One state's rate: the first bottle, each further one, and whether the state taxes shipping. */
export const StateShippingRate = z.strictObject({
  firstBottle: Cents,
  perBottle: Cents,
  /** The state counts shipping charged with a taxable sale in the tax base. */
  taxable: z.boolean(),
});
export type StateShippingRate = z.infer<typeof StateShippingRate>;

/**
 * The rate table (issue 31): per US state and number of bottles, a minimum charge, free shipping from
 * a threshold, a surcharge a bottle per method, the states a wine shipment may not go to, and the
 * seasonal hold's months and ship-date window. Every amount is integer cents.
 */
export const ShippingRates = z.strictObject({
  /** The rate of a state without a row of its own. */
  standard: StateShippingRate,
  /** Rows per state; a row may set only what differs from `standard`. */
  states: z.record(StateCode, StateShippingRate.partial()),
  /** States where shipping wine is not allowed: a delivery there is refused (SHIPPING_NOT_ALLOWED). */
  notAllowed: z.array(StateCode),
  /** The least a delivery is charged (before the free-shipping threshold). */
  minimum: Cents,
  /** Goods (lines and premium) at or above this ship free; null: never free. */
  freeThreshold: Cents.nullable(),
  /** The methods a buyer may choose (issue 34 "Settings"): ground at least, as a rule. */
  methods: z.array(ShipMethod).min(1).max(ShipMethods.length),
  /** Added to each bottle by method. */
  surcharge: z.strictObject({ ground: Cents, temperature: Cents, hold: Cents }),
  hold: z.strictObject({
    /** The months (1-12, server clock) the hold is offered: summer and winter. */
    months: z.array(z.number().int().min(1).max(12)),
    /** The ship date is at least this many days after today... */
    minDays: z.number().int().min(1).max(365),
    /** ...and at most this many. */
    maxDays: z.number().int().min(1).max(366),
  }),
});
export type ShippingRates = z.infer<typeof ShippingRates>;
