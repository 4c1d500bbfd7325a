import {
  holdOffered,
  holdWindow,
  type ShipMethod,
  type ShippingRates,
  stateShippingRate,
  usStates,
} from '@wine/contracts';
import { AppError } from '@wine/platform';

/** What a delivery ships: where, how many bottles, what the goods cost, how, and when (the hold). */
export interface Shipment {
  state: string;
  bottles: number;
  /** The goods' price (lines and premium), cents: the free-shipping threshold is on it. */
  goods: number;
  method: ShipMethod;
  /** The seasonal hold's ship date, `YYYY-MM-DD`; ignored by the other methods. */
  shipDate: string | null;
}

export interface ShippingCharge {
  /** Cents. */
  charge: number;
  /** The state counts it in the tax base. */
  taxable: boolean;
  method: ShipMethod;
  shipDate: string | null;
}

const stateName = (state: string) => usStates[state as keyof typeof usStates]?.name ?? state;

/**
 * Issue 31: the shipping charge by the rate table, computed by the server only. The state's first
 * bottle and each further one, plus the method's surcharge a bottle, at least the minimum; free when
 * the goods reach the threshold. A state where wine may not ship is refused; so is the hold out of its
 * season or with a ship date outside its window (from tomorrow, at the earliest, by the server clock).
 */
export function shippingCharge(rates: ShippingRates, shipment: Shipment, now: Date): ShippingCharge {
  const { state, bottles, goods, method } = shipment;
  if (rates.notAllowed.includes(state)) {
    throw new AppError('SHIPPING_NOT_ALLOWED', { params: { state: stateName(state) } });
  }
  if (!rates.methods.includes(method)) throw new AppError('SHIP_METHOD_NOT_OFFERED');
  let shipDate: string | null = null;
  if (method === 'hold') {
    if (!holdOffered(rates, now)) throw new AppError('SHIP_HOLD_OUT_OF_SEASON');
    const window = holdWindow(rates, now);
    const chosen = shipment.shipDate;
    const real = chosen !== null && !Number.isNaN(Date.parse(`${chosen}T00:00:00Z`));
    if (!real || chosen < window.from || chosen > window.to) {
      throw new AppError('SHIP_DATE_INVALID', { params: window });
    }
    shipDate = chosen;
  }
  const rate = stateShippingRate(rates, state);
  const count = Math.max(1, bottles);
  const byBottles = rate.firstBottle + rate.perBottle * (count - 1) + rates.surcharge[method] * count;
  const free = rates.freeThreshold !== null && goods >= rates.freeThreshold;
  const charge = free ? 0 : Math.max(rates.minimum, byBottles);
  return { charge, taxable: rate.taxable, method, shipDate };
}
