/** One line's money: units times the unit price, in cents. */
export const lineAmount = (qty: number, unitPrice: number) => qty * unitPrice;

export interface Amounts {
  subtotal: number;
  premiumPercent: number;
  premium: number;
  tax: number;
  total: number;
}

/** Rounds half away from zero to whole cents. */
const cents = (value: number) => Math.round(value);

/**
 * DOMAIN.md "Money": the subtotal, the buyer's premium on it (auctions only), and tax on both at the
 * delivery state's rate (basis points). Every figure is integer cents; the total is their sum, so the
 * parts always add up to it.
 */
export function invoiceAmounts(subtotal: number, premiumPercent: number, taxRate: number): Amounts {
  const premium = cents((subtotal * premiumPercent) / 100);
  const tax = cents(((subtotal + premium) * taxRate) / 10_000);
  return { subtotal, premiumPercent, premium, tax, total: subtotal + premium + tax };
}
