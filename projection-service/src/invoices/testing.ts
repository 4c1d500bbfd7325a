import { invoiceAmounts } from '@wine/contracts';
import type { DeliveryData, InvoiceIssuedData } from '@wine/event-schemas';

/** Pickup in Chicago: 10.25% (contracts' default tax rates). */
export const pickupDelivery: DeliveryData = {
  method: 'pickup',
  address: null,
  billingAddress: null,
  taxState: 'IL',
  taxRate: 1025,
};

/**
 * An invoice for specs: by default ann's auction invoice for one lot at $500 hammer, 20% premium and
 * Chicago's tax ($661.50 in all), due in 14 days.
 */
export function invoiceIssued(overrides: Partial<InvoiceIssuedData> = {}): InvoiceIssuedData {
  const lines = overrides.lines ?? [
    {
      lotId: 'l-1',
      title: '2005 Pétrus',
      sellerId: 'house',
      qty: 1,
      unitPrice: 50_000,
      amount: 50_000,
      reservationId: null,
    },
  ];
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const kind = overrides.kind ?? 'auction';
  return {
    invoiceId: 'inv-1',
    kind,
    buyerId: 'ann',
    lines,
    amounts: invoiceAmounts(subtotal, kind === 'auction' ? 20 : 0, pickupDelivery.taxRate),
    delivery: pickupDelivery,
    dueAt: '2026-12-06T12:00:00.000Z',
    ...overrides,
  };
}

/** A payment recorded on an invoice. */
export const paymentRecorded = (paymentId: string, amount: number, method = 'card') => ({
  paymentId,
  method,
  amount,
  reference: `ch_${paymentId}`,
});
