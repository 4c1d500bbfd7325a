import {
  type CartItem,
  type CartValues,
  type CartView,
  invoiceAmounts,
  type LotDocument,
  lineAmount,
  type PickupLocation,
} from '@wine/contracts';
import type { InvoiceDocument } from '../invoices/project.ts';
import { type LotStock, remainingOf } from '../lots/stock.ts';
import { lotImage } from '../lots/view.ts';
import type { CartLineDocument } from './project.ts';

type Lot = LotDocument & LotStock;

const noValues: CartValues = {
  count: 0,
  subtotal: 0,
  premium_percent: 0,
  premium: 0,
  tax_rate: 0,
  tax: 0,
  total: 0,
  paid: 0,
  due: 0,
};

/**
 * seeds 001 §3 Cart, buy now: each line with its lot's picture, discounts and what the lot still has
 * to sell; a line whose lot is no longer open or has nothing left is set apart (nonCartItems). Tax is
 * at the pickup location's rate (`taxRate`, basis points) until the checkout's saveAddress answers
 * the delivery's.
 */
export function buynowCartView(
  lines: readonly CartLineDocument[],
  lots: ReadonlyMap<string, Lot>,
  now: Date,
  pickup: PickupLocation,
  taxRate: number,
  lapsed: ReadonlySet<string> = new Set(),
): CartView {
  const cartItems: CartItem[] = [];
  const nonCartItems: CartItem[] = [];
  for (const line of lines) {
    const lot = lots.get(line.lot_id);
    const remaining = lot ? remainingOf(lot, now) : 0;
    const item: CartItem = {
      product_id: line.lot_id,
      title: lot?.title ?? '',
      image: lotImage(lot),
      qty: line.qty,
      unit_price: line.unit_price,
      amount: lineAmount(line.qty, line.unit_price),
      discounts: (lot?.discount_buynow_records ?? []).map((d) => ({
        quantity: d.quantity,
        bprice: d.bprice,
      })),
      remaining,
      invoice_id: null,
      ...(lapsed.has(line.lot_id) && { hold_expired: true }),
      // Issue 38 §2 (buynow/changeStatus): saved for later, set apart and left out of the values.
      ...(line.saved === true && { saved: true }),
    };
    if (lot?.market_status === 'open' && remaining > 0 && line.saved !== true) cartItems.push(item);
    else nonCartItems.push(item);
  }
  const subtotal = cartItems.reduce((sum, item) => sum + item.amount, 0);
  const { tax, total } = invoiceAmounts(subtotal, 0, taxRate);
  return {
    cartItems,
    nonCartItems,
    cartValues: { ...noValues, count: cartItems.length, subtotal, tax_rate: taxRate, tax, total, due: total },
    cartLocation: pickup,
  };
}

/**
 * seeds 001 §3 Cart, auction: every line of the caller's unpaid (or partly paid) auction invoices,
 * each with its invoice, and the invoices' money summed; the premium percent and tax rate are the
 * first invoice's.
 */
export function auctionCartView(
  all: readonly InvoiceDocument[],
  lots: ReadonlyMap<string, Lot>,
  pickup: PickupLocation,
  /** Issue 38 §2 (cart/changeStatus): the invoices set aside, listed apart and left out of the values. */
  setAside: ReadonlySet<string> = new Set(),
): CartView {
  const invoices = all.filter((invoice) => !setAside.has(invoice.id));
  const itemsOf = (invoice: InvoiceDocument) =>
    invoice.items.map(
      (line): CartItem => ({
        product_id: line.product_id,
        title: line.title,
        image: lotImage(lots.get(line.product_id)),
        qty: line.qty,
        unit_price: line.unit_price,
        amount: line.amount,
        discounts: [],
        // A lot won at auction is sold whole to its winner: nothing is left for anyone else.
        remaining: 0,
        invoice_id: invoice.id,
      }),
    );
  const cartItems = invoices.flatMap(itemsOf);
  const nonCartItems = all
    .filter((invoice) => setAside.has(invoice.id))
    .flatMap((invoice) => itemsOf(invoice).map((item) => ({ ...item, saved: true })));
  const sum = (pick: (invoice: InvoiceDocument) => number) => invoices.reduce((s, i) => s + pick(i), 0);
  const [first] = invoices;
  // Issue 38 §2: the admin fees staff set on these invoices, said only where there are some.
  const adminFee = sum((i) => i.amounts.admin_fee ?? 0);
  return {
    cartItems,
    nonCartItems,
    cartValues: {
      ...(adminFee > 0 ? { admin_fee: adminFee } : {}),
      count: cartItems.length,
      subtotal: sum((i) => i.amounts.subtotal),
      premium_percent: first?.amounts.premium_percent ?? 0,
      premium: sum((i) => i.amounts.premium),
      tax_rate: first?.delivery.taxRate ?? 0,
      tax: sum((i) => i.amounts.tax),
      total: sum((i) => i.amounts.total),
      paid: sum((i) => i.paid),
      due: sum((i) => i.due),
    },
    cartLocation: pickup,
  };
}

/**
 * Issue 31: the cart lines whose last checkout's hold lapsed unpaid. A lot's latest buy-now order of
 * the buyer tells: voided because it expired (a new checkout, or the order paid, is a later order).
 * `orders` are the buyer's buy-now invoices, newest first.
 */
export function lapsedHolds(orders: readonly Pick<InvoiceDocument, 'items' | 'void_reason'>[]): Set<string> {
  const seen = new Set<string>();
  const lapsed = new Set<string>();
  for (const order of orders) {
    for (const item of order.items) {
      if (seen.has(item.product_id)) continue;
      seen.add(item.product_id);
      if (order.void_reason === 'expired') lapsed.add(item.product_id);
    }
  }
  return lapsed;
}
