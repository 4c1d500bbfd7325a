import type { CartItem, CheckoutAddress } from '@wine/contracts';
import { safeReferer } from './after-login.ts';
import { NO_IMAGE } from './lot.ts';

/**
 * A cart or invoice line's picture: an http(s) URL or a site path as it is, a bare file name from the
 * API host's /uploads/product/ (as the lot pages read attachments, seeds 000 §3.2).
 */
export function lineImage(image: string | null): string {
  if (!image) return NO_IMAGE;
  if (/^https?:\/\//i.test(image) || image.startsWith('/')) return image;
  return `/uploads/product/${encodeURIComponent(image)}`;
}

/**
 * A fresh id for one buy-now checkout (contracts CartRef: ^[A-Za-z0-9_-]{1,64}$): made once when the
 * buyer goes to checkout, so a retried 'Place order' is the same order, never a second one.
 */
export function newCheckoutId(random: () => string = () => crypto.randomUUID()): string {
  return random().replaceAll('-', '');
}

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A tax rate in basis points as a percentage: 1025 -> '10.25', 625 -> '6.25', 1000 -> '10'. */
export const taxPercent = (basisPoints: number): string => percent.format(basisPoints / 100);

/** The won lots, one group per invoice in the order they first appear (seeds 001 /cart). */
export function groupByInvoice(items: readonly CartItem[]): { invoiceId: string; items: CartItem[] }[] {
  const groups = new Map<string, CartItem[]>();
  for (const item of items) {
    const id = item.invoice_id ?? '';
    groups.set(id, [...(groups.get(id) ?? []), item]);
  }
  return [...groups].map(([invoiceId, lines]) => ({ invoiceId, items: lines }));
}

export const emptyAddress: CheckoutAddress = { address1: '', city: '', state: '', zip: '' };

/** Every field of an address is filled and the ZIP has its form: worth asking the server to price it. */
export const isCompleteAddress = (address: CheckoutAddress): boolean =>
  address.address1.trim() !== '' &&
  address.city.trim() !== '' &&
  address.state.trim() !== '' &&
  /^\d{5}(-\d{4})?$/.test(address.zip.trim());

/**
 * Where the sandbox card issuer sends the buyer back: only a path of this site ('/checkout_confirm?…'),
 * never an absolute or protocol-relative URL, which would let a link send the buyer anywhere.
 */
export function safeReturnPath(value: unknown, origin: string): string | null {
  const path = safeReferer(value);
  if (!path) return null;
  try {
    return new URL(path, origin).origin === origin ? path : null;
  } catch {
    return null;
  }
}
