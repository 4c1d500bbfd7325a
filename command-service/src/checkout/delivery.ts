import { type CheckoutAddress, pickupTaxRate, t } from '@wine/contracts';
import type { DeliveryData } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { invoiceAddressOf } from '../address-book/invoice-address.ts';
import { type ShipChoice, withShipping } from '../shipping/charge.ts';
import type { MoneyDeps } from './money-deps.ts';

export interface DeliveryChoice extends ShipChoice {
  delivery: 'pickup' | 'delivery';
  address: CheckoutAddress | null;
  billing_address: CheckoutAddress | null;
}

/**
 * Pickup is taxed at the pickup location's rate; delivery at the delivery address's, which the tax
 * and address port must accept (issue "Money": US states and ZIP ranges in the sandbox).
 */
export async function resolveDelivery(deps: MoneyDeps, choice: DeliveryChoice): Promise<DeliveryData> {
  return (await quoteDelivery(deps, choice)).delivery;
}

/**
 * The delivery resolved, and whether its tax rate is the configured table's because the tax service
 * did not answer in time (issue 35 §5: checkout goes on with it and says so).
 */
export async function quoteDelivery(
  deps: MoneyDeps,
  choice: DeliveryChoice,
): Promise<{ delivery: DeliveryData; taxFallback: boolean }> {
  const billing = choice.billing_address ?? choice.address;
  if (choice.delivery === 'pickup' || !choice.address) {
    const delivery: DeliveryData = {
      method: 'pickup',
      address: null,
      billingAddress: billing ? invoiceAddressOf(billing) : null,
      taxState: deps.money().pickup.state,
      taxRate: pickupTaxRate(deps.money()),
    };
    return { delivery, taxFallback: false };
  }
  const quote = await deps.tax.quote(choice.address);
  if (!quote.ok) {
    const reason =
      quote.reason === 'unknownState'
        ? t('checkout.unknownState')
        : quote.reason === 'zipNotInState'
          ? t('checkout.zipNotInState', { state: quote.state })
          : t('checkout.addressNotFound');
    throw new AppError('ADDRESS_INVALID', { params: { reason } });
  }
  const address = { ...invoiceAddressOf(choice.address), state: quote.state };
  const delivery: DeliveryData = {
    method: 'delivery',
    address,
    billingAddress: billing ? invoiceAddressOf(billing) : address,
    taxState: quote.state,
    taxRate: quote.rate,
  };
  // Issue 31: how it ships, refused here (before any hold) where wine may not go.
  return {
    delivery: withShipping(deps.money().shipping, delivery, choice, deps.clock.now()),
    taxFallback: quote.fallback === true,
  };
}
