import { addressLine, defaultMerchant } from '@wine/contracts';

/**
 * The merchant's contact details for the header, the footer and the contact pages, read from the
 * merchant configuration in contracts (`defaultMerchant`, the same the server's getFooterLinks
 * answers). The tagline and other words are in the i18n resources (ui.company), in each language.
 */
const merchant = defaultMerchant;

export const company = {
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
} as const;
