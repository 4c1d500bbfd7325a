/**
 * seeds 000 §9: currency with a dollar sign and 2 decimals, as `Intl.NumberFormat('en-US', { style:
 * 'currency', currency: 'USD' })` writes it (`$1,234.56`, `-$0.50`). Money on the wire is integer cents,
 * so the text is made from the digits: the browser's first `Intl` formatter loads its locale data,
 * the longest single step of a phone's first load (Lighthouse, issue 33), and a price needs none.
 */
export function formatMoney(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.trunc(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `$${dollars}.${String(whole % 100).padStart(2, '0')}`;
  return cents < 0 && whole > 0 ? `-${text}` : text;
}

/** DOMAIN.md: a maximum is capped at $999,999.99 per lot. */
export const MAX_BID_CENTS = 99_999_999;
