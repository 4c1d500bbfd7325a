import { cartStream, invoiceStream } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { cartDecider } from '../carts/cart.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { dueOf, type IssuedInvoice } from '../invoices/invoice.ts';
import type { OpenInvoices } from '../invoices/open-invoices.ts';
import type { MoneyDeps } from './money-deps.ts';

/** What the checkout process manager works with: the money steps and the buyer's open invoices. */
export type CheckoutDeps = MoneyDeps & { openInvoices: OpenInvoices };

export const loadInvoice = (deps: MoneyDeps, id: string) =>
  deps.streams.load(invoiceStream(id), invoiceDecider);

/**
 * The caller's own invoices of an auction cart (or of the temporary cart of accepted offers, issue 36):
 * one, or `all` still unpaid.
 */
export async function issuedInvoices(
  deps: CheckoutDeps,
  buyerId: string,
  cartId: string,
  kind: 'auction' | 'offer' = 'auction',
): Promise<IssuedInvoice[]> {
  const ids = cartId === 'all' ? await payNow(deps, buyerId, kind) : [cartId];
  const invoices: IssuedInvoice[] = [];
  for (const id of ids) {
    const invoice = await loadInvoice(deps, id);
    if (invoice.status === 'none' || invoice.issued.buyerId !== buyerId || invoice.issued.kind !== kind) {
      throw new AppError('INVOICE_NOT_FOUND', { field: 'cart_id' });
    }
    if (invoice.voided) throw new AppError('INVOICE_VOID', { field: 'cart_id' });
    if (dueOf(invoice) === 0) {
      if (cartId === 'all') continue;
      throw new AppError('INVOICE_PAID', { field: 'cart_id' });
    }
    invoices.push(invoice);
  }
  if (invoices.length === 0) throw new AppError('CART_EMPTY');
  return invoices;
}

/**
 * The unpaid invoices an `all` checkout pays: the auction cart's less those the buyer set aside
 * (issue 38 §2, seeds 001 §7 cart/changeStatus); the temporary cart's, all.
 */
async function payNow(deps: CheckoutDeps, buyerId: string, kind: 'auction' | 'offer') {
  const unpaid = deps.openInvoices.unpaidInvoices(buyerId, kind);
  if (kind !== 'auction') return unpaid;
  const { setAside } = await deps.streams.load(cartStream(buyerId), cartDecider);
  return unpaid.filter((id) => !setAside[id]);
}

/** The lines of the caller's buy-now cart, less those saved for later (issue 38 §2: buynow/changeStatus). */
export async function cartLines(deps: MoneyDeps, buyerId: string) {
  const cart = await deps.streams.load(cartStream(buyerId), cartDecider);
  const lines = Object.entries(cart.lines)
    .filter(([, line]) => !line.saved)
    .map(([lotId, line]) => ({ lotId, qty: line.qty }));
  if (lines.length === 0) throw new AppError('CART_EMPTY');
  return lines;
}
