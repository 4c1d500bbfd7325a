import dayjs from 'dayjs';

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
