import type { ShipMethod, ShippingRates } from '@wine/contracts';
import type { DeliveryData } from '@wine/event-schemas';
import { shippingCharge } from './rates.ts';

/** The buyer's shipping choice at checkout (ignored for pickup). */
export interface ShipChoice {
  ship_method?: ShipMethod;
  ship_date?: string | null;
}

/**
 * A delivery with how it ships, checked before anything is held or written: a state wine may not go
 * to, the hold out of season or a ship date outside its window are refused here. Pickup is as it was.
 */
export function withShipping(
  rates: ShippingRates,
  delivery: DeliveryData,
  choice: ShipChoice,
  now: Date,
): DeliveryData {
  if (delivery.method !== 'delivery' || !delivery.address) return delivery;
  const checked = shippingCharge(
    rates,
    {
      state: delivery.address.state,
      bottles: 1,
      goods: 0,
      method: choice.ship_method ?? 'ground',
      shipDate: choice.ship_date ?? null,
    },
    now,
  );
  return {
    ...delivery,
    shipping: { method: checked.method, shipDate: checked.shipDate, taxable: checked.taxable },
  };
}

/**
 * The charge of a delivery's shipment of `bottles` worth `goods` cents, and whether it is taxed;
 * undefined for pickup. The server's figure only: a client never sends one.
 */
export function shipmentCharge(
  rates: ShippingRates,
  delivery: DeliveryData,
  load: { bottles: number; goods: number },
  now: Date,
): { charge: number; taxable: boolean } | undefined {
  if (delivery.method !== 'delivery' || !delivery.address || !delivery.shipping) return undefined;
  const { method, shipDate } = delivery.shipping;
  const priced = shippingCharge(rates, { state: delivery.address.state, ...load, method, shipDate }, now);
  return { charge: priced.charge, taxable: priced.taxable };
}
