import { z } from 'zod';
import { ShipMethod } from './rates.ts';

/** Issue 31: a delivery invoice's shipment, as the invoice shows it (null for pickup). */
export const ShipmentView = z.object({
  method: ShipMethod,
  /** The hold's chosen ship date (`YYYY-MM-DD`); null for ground and temperature-controlled. */
  ship_date: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracked_at: z.string().nullable(),
});
export type ShipmentView = z.infer<typeof ShipmentView>;

/** What checkout tells of shipping with an address quote: the charge and the hold's choices. */
export const ShippingQuoteView = z.object({
  method: ShipMethod,
  charge: z.number(),
  taxable: z.boolean(),
  /** Whether the seasonal hold is offered today, and the ship dates it may choose. */
  hold: z.object({ offered: z.boolean(), from: z.string(), to: z.string() }),
  /** The methods the house offers (issue 34 "Settings"); ground always. */
  methods: z.array(ShipMethod),
});
export type ShippingQuoteView = z.infer<typeof ShippingQuoteView>;
