/**
 * Issue 31: what returning bottles of an invoice line brings back, in integer cents, the same on the
 * server (the return decider) and in the return dialog. Plain data, so both can ask it.
 */
export interface ReturnableInvoice {
  lines: readonly { lotId: string; qty: number; amount: number }[];
  amounts: { subtotal: number; premium: number; tax: number };
  /** What was paid on the invoice (less payments undone), cents. */
  paid: number;
  /** The returns asked and not refused (refunded or not): their line, bottles and what each brings. */
  returns: readonly { lotId: string; qty: number; amount: number }[];
}

/** Bottles of a line asked back and not refused, and what they bring. */
export function lineTaken(invoice: ReturnableInvoice, lotId: string) {
  return invoice.returns
    .filter((r) => r.lotId === lotId)
    .reduce((sum, r) => ({ qty: sum.qty + r.qty, amount: sum.amount + r.amount }), { qty: 0, amount: 0 });
}

/**
 * What a whole line brings back: its price plus its share of the premium and tax, pro rata of the
 * subtotal, rounded down to the cent (so the lines together never exceed the total).
 */
export function lineRefund(invoice: ReturnableInvoice, lotId: string): number {
  const line = invoice.lines.find((l) => l.lotId === lotId);
  if (!line) return 0;
  const { subtotal, premium, tax } = invoice.amounts;
  return line.amount + (subtotal > 0 ? Math.floor(((premium + tax) * line.amount) / subtotal) : 0);
}

/**
 * The refund `qty` bottles of a line bring: the line's refund per bottle, rounded down; the last
 * bottles of a line take what the line has left, and the last bottles of the invoice what is left of
 * what was paid, so returning everything gives back exactly what was paid and never a cent more.
 */
export function returnAmount(invoice: ReturnableInvoice, lotId: string, qty: number): number {
  const line = invoice.lines.find((l) => l.lotId === lotId);
  if (!line || qty < 1) return 0;
  const whole = lineRefund(invoice, lotId);
  const taken = lineTaken(invoice, lotId);
  const share =
    taken.qty + qty >= line.qty ? Math.max(0, whole - taken.amount) : Math.floor((whole * qty) / line.qty);
  const committed = invoice.returns.reduce((sum, r) => sum + r.amount, 0);
  const left = Math.max(0, invoice.paid - committed);
  const everythingBack = invoice.lines.every(
    (l) => lineTaken(invoice, l.lotId).qty + (l.lotId === lotId ? qty : 0) >= l.qty,
  );
  return everythingBack ? left : Math.min(share, left);
}
