import { formatOpeningHours, type MerchantDetails } from '@wine/contracts';
import { useTranslation } from 'react-i18next';

/** The Intl locale of a page's language: the shop's customers are in the United States. */
export const localeOf = (language: string) => `${language}-US`;

/**
 * The shop's opening hours as the page's language reads them ('Lunes–viernes, 9:30 a.m. – 5:30 p.m.');
 * `fallback` (the English text) for a location kept from before the days and times were.
 */
export function useOpeningHours(hours: MerchantDetails['openingHours'] | undefined, fallback = ''): string {
  const { i18n } = useTranslation();
  return hours ? formatOpeningHours(hours, localeOf(i18n.language)) : fallback;
}
