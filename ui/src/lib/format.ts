import dayjs from 'dayjs';

export { formatMoney } from '@wine/contracts';

/**
 * A dollar amount as people type it ('25,000', '$1,250.5', '19.99') in whole cents, counted in
 * digits rather than floats so no cent is lost; null when it is not an amount.
 */
export function dollarsToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const dollars = Number((match[1] ?? '').replaceAll(',', ''));
  const cents = dollars * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** seeds 000 §9: date MM-DD-YYYY (local time of the browser). */
export function formatDate(iso: string): string {
  return dayjs(iso).format('MM-DD-YYYY');
}

/** seeds 000 §9: date-time MM-DD-YYYY h:mm a. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('MM-DD-YYYY h:mm a');
}

/** A phone number with its country code: '+1 (312) 555-0199' for a 10-digit national number. */
export function formatPhone(countryCode: string, phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national =
    digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
  return `${countryCode} ${national}`.trim();
}
