/** One line's money: units times the unit price, in cents. */
export const lineAmount = (qty: number, unitPrice: number) => qty * unitPrice;

export interface Amounts {
  subtotal: number;
  premiumPercent: number;
  premium: number;
  tax: number;
  /** Issue 31: the shipping charge (0 or absent: none). */
  shipping?: number;
  /** Issue 38 §2: the admin fee staff set on the order (0 or absent: none); in the total, not taxed. */
  adminFee?: number;
  total: number;
}

/** Rounds half away from zero to whole cents. */
const cents = (value: number) => Math.round(value);

/**
 * DOMAIN.md "Money": the subtotal, the buyer's premium on it (auctions only), and tax on both at the
 * delivery state's rate (basis points). Every figure is integer cents; the total is their sum, so the
 * parts always add up to it.
 */
export function invoiceAmounts(
  subtotal: number,
  premiumPercent: number,
  taxRate: number,
  /** Issue 31: a delivery's shipping charge, and whether its state taxes it. */
  shipping?: { charge: number; taxable: boolean },
): Amounts {
  const premium = cents((subtotal * premiumPercent) / 100);
  const charge = shipping?.charge ?? 0;
  const base = subtotal + premium + (shipping?.taxable ? charge : 0);
  const tax = cents((base * taxRate) / 10_000);
  const amounts = { subtotal, premiumPercent, premium, tax, total: subtotal + premium + charge + tax };
  // Pickup and older invoices keep their shape; a shipment's charge is its own figure.
  return shipping ? { ...amounts, shipping: charge } : amounts;
}

/**
 * Issue 38 §2: the amounts with the order's admin fee in place of the one they had (0 takes it off):
 * the total moves by the difference, whole cents, nothing else changes (the fee is not taxed).
 */
export function withAdminFee<A extends Amounts>(amounts: A, fee: number): A {
  const { adminFee: before = 0, ...rest } = amounts;
  const total = amounts.total - before + fee;
  return (fee > 0 ? { ...rest, adminFee: fee, total } : { ...rest, total }) as A;
}
