import { addressLine, defaultMerchant, type MerchantDetails } from '@wine/contracts';
import { useMerchant } from '../components/BankTransfer/merchant.ts';

/**
 * The merchant's contact details for the header, the footer and the contact pages. Issue 31: they are
 * the server's configuration (MERCHANT_*), which getFooterLinks answers (fetched at start and painted
 * with the first page); contracts' demo merchant stands in only until that answer is known. The
 * tagline and other words are in the i18n resources (ui.company), in each language.
 */
export function companyOf(merchant: MerchantDetails) {
  return {
    name: merchant.name,
    /** One line: street, city, state and ZIP. */
    address: addressLine(merchant),
    mapUrl: merchant.mapUrl,
    /** The general inbox (kept as `email` for the header and older pages). */
    email: merchant.emailGeneral,
    emailGeneral: merchant.emailGeneral,
    emailSelling: merchant.emailSelling,
    /** The same inboxes under the names the built-in contact text reads. */
    generalEmail: merchant.emailGeneral,
    sellingEmail: merchant.emailSelling,
    phone: merchant.phone,
    phoneHref: merchant.phoneHref,
    fax: merchant.fax,
    /** The first social link (the footer shows them all: `socials`). */
    social: merchant.social[0] ?? { label: 'Instagram', url: 'https://www.instagram.com/' },
    socials: merchant.social,
    hours: merchant.hours,
    /** The hours as days and times: a page shows them in its language (useOpeningHours). */
    openingHours: merchant.openingHours,
  };
}
export type Company = ReturnType<typeof companyOf>;

/**
 * The details last known, for code outside a component (a page's title); a component reads
 * `useCompany()`, which renders again when the server's answer comes.
 */
export const company: Company = companyOf(defaultMerchant);

/** The merchant's details as configured on the server (contracts' defaults until it has answered). */
export function useCompany(): Company {
  const merchant = useMerchant();
  if (!merchant) return company;
  const configured = companyOf(merchant);
  Object.assign(company, configured);
  return configured;
}
