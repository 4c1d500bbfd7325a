const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** seeds 000 §9: currency with a dollar sign and 2 decimals. Money on the wire is integer cents. */
export function formatMoney(cents: number): string {
  return usd.format(cents / 100);
}

/** DOMAIN.md: a maximum is capped at $999,999.99 per lot. */
export const MAX_BID_CENTS = 99_999_999;
