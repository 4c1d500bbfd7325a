import {
  type Amounts,
  type CartValues,
  holdOffered,
  holdWindow,
  invoiceAmounts,
  lineAmount,
  type SaveAddressInput,
  withAdminFee,
} from '@wine/contracts';
import { type DeliveryData, lotStream } from '@wine/event-schemas';
import type { z } from 'zod';
import type { IssuedInvoice } from '../invoices/invoice.ts';
import { buyNowLine } from '../lots/buy-now.ts';
import { lotDecider } from '../lots/decide.ts';
import { shipmentCharge } from '../shipping/charge.ts';
import type { Session } from '../users/user-service.ts';
import { type CheckoutDeps, cartLines, issuedInvoices } from './checkout-invoices.ts';
import { quoteDelivery } from './delivery.ts';

/** The cart's values as checkout shows them: the invoices' amounts summed. */
const values = (amounts: Amounts[], rate: number, paid: number, count: number): CartValues => {
  const sum = (k: 'subtotal' | 'premium' | 'tax' | 'shipping' | 'adminFee' | 'total') =>
    amounts.reduce((s, a) => s + (a[k] ?? 0), 0);
  const total = sum('total');
  // Issue 38 §2: the admin fees staff set on these invoices, said only where there are some.
  const adminFee = sum('adminFee');
  return {
    ...(adminFee > 0 ? { admin_fee: adminFee } : {}),
    count,
    subtotal: sum('subtotal'),
    premium_percent: amounts[0]?.premiumPercent ?? 0,
    premium: sum('premium'),
    tax_rate: rate,
    tax: sum('tax'),
    shipping: sum('shipping'),
    total,
    paid,
    due: Math.max(0, total - paid),
  };
};

const bottlesOf = (invoice: IssuedInvoice) => invoice.issued.lines.reduce((n, l) => n + l.qty, 0);

/**
 * Each auction invoice with the chosen delivery's tax (its premium stays). Issue 31: the lots paid
 * together ship together: one shipment of all their bottles, its charge on the first invoice.
 */
export const withDelivery = (deps: CheckoutDeps, invoices: IssuedInvoice[], delivery: DeliveryData) => {
  const load = {
    bottles: invoices.reduce((n, inv) => n + bottlesOf(inv), 0),
    goods: invoices.reduce((s, inv) => s + inv.amounts.subtotal + inv.amounts.premium, 0),
  };
  const shipment = shipmentCharge(deps.money().shipping, delivery, load, deps.clock.now());
  // Issue 38 §2: an admin fee staff set on the invoice stays with it.
  return invoices.map((invoice, i) =>
    withAdminFee(
      invoiceAmounts(
        invoice.amounts.subtotal,
        invoice.amounts.premiumPercent,
        delivery.taxRate,
        shipment && (i === 0 ? shipment : { ...shipment, charge: 0 }),
      ),
      invoice.amounts.adminFee ?? 0,
    ),
  );
};

/** Issue 31: what checkout shows of shipping with a quote (null for pickup). */
const shippingQuote = (deps: CheckoutDeps, delivery: DeliveryData, amounts: { shipping?: number }[]) => {
  if (!delivery.shipping) return null;
  const now = deps.clock.now();
  return {
    method: delivery.shipping.method,
    charge: amounts.reduce((s, a) => s + (a.shipping ?? 0), 0),
    taxable: delivery.shipping.taxable,
    hold: { offered: holdOffered(deps.money().shipping, now), ...holdWindow(deps.money().shipping, now) },
    methods: [...deps.money().shipping.methods],
  };
};

/** What checkout shows of unpaid invoices with a delivery: their values summed, its state, its shipping. */
export function invoicesQuote(
  deps: CheckoutDeps,
  invoices: readonly IssuedInvoice[],
  amounts: Amounts[],
  delivery: DeliveryData,
  taxFallback: boolean,
) {
  const paid = invoices.reduce((s, inv) => s + inv.paid, 0);
  return {
    cartValues: values(amounts, delivery.taxRate, paid, invoices.length),
    tax_state: delivery.taxState,
    // Issue 35 §5: said only when the table answered for the tax service.
    ...(taxFallback ? { tax_fallback: true } : {}),
    cartLocation: deps.money().pickup,
    shipping: shippingQuote(deps, delivery, amounts),
  };
}

/** seeds 001 cart/saveAddress: the address checked, and the cart's values with its tax. */
export async function quote(deps: CheckoutDeps, session: Session, input: z.output<typeof SaveAddressInput>) {
  const buyerId = session.user.id;
  const { delivery, taxFallback } = await quoteDelivery(deps, input);
  // Issue 35 §5: said only when the table answered for the tax service.
  const fallback = taxFallback ? { tax_fallback: true } : {};
  if (input.type !== 'buynow') {
    const invoices = await issuedInvoices(deps, buyerId, input.cart_id, input.type);
    return invoicesQuote(deps, invoices, withDelivery(deps, invoices, delivery), delivery, taxFallback);
  }
  const now = deps.clock.now();
  let subtotal = 0;
  let count = 0;
  let bottles = 0;
  for (const line of await cartLines(deps, buyerId)) {
    const lot = await deps.streams.load(lotStream(line.lotId), lotDecider);
    try {
      subtotal += lineAmount(line.qty, buyNowLine(lot, line.qty, buyerId, now).unitPrice);
      count += 1;
      bottles += line.qty;
    } catch {
      // A line no longer for sale is left out; checkout will say which.
    }
  }
  const shipment = shipmentCharge(deps.money().shipping, delivery, { bottles, goods: subtotal }, now);
  const amounts = [invoiceAmounts(subtotal, 0, delivery.taxRate, shipment)];
  return {
    cartValues: values(amounts, delivery.taxRate, 0, count),
    tax_state: delivery.taxState,
    ...fallback,
    cartLocation: deps.money().pickup,
    shipping: shippingQuote(deps, delivery, amounts),
  };
}
