import { z } from 'zod';
import { lazy, t } from '../i18n/index.ts';
import { ShipDate, ShipMethod } from './rates.ts';

/**
 * Issue 31: the delivery's method and, for the seasonal hold, the ship date the buyer chose (checked
 * against the server's window when the order is placed). Ignored for pickup.
 */
export const ShippingChoice = {
  ship_method: ShipMethod.default('ground'),
  ship_date: ShipDate.nullable().default(null),
};

/** The hold ships on a date the buyer chose: without one, the field says so. */
export const needsShipDate = (v: { delivery: string; ship_method?: string; ship_date?: string | null }) =>
  v.delivery !== 'delivery' || v.ship_method !== 'hold' || Boolean(v.ship_date);
export const shipDateIssue = { path: ['ship_date'], ...lazy(() => t('shipping.shipDateRequired')) };

/** Finance or an admin enters the carrier and tracking number of a delivery invoice. */
export const RecordTrackingInput = z.strictObject({
  invoice_id: z.string().trim().min(1).max(64),
  carrier: z
    .string()
    .trim()
    .min(
      1,
      lazy(() => t('shipping.carrierRequired')),
    )
    .max(40),
  tracking_number: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9 -]{4,40}$/,
      lazy(() => t('shipping.trackingInvalid')),
    ),
});
export type RecordTrackingInput = z.input<typeof RecordTrackingInput>;
