import { defaultOpeningHours, openingHoursText } from '../settings/opening-hours.ts';
import type { MerchantDetails } from './merchant.ts';

/*
 * The demo merchant and the footer's links: plain data, apart from the schema (merchant.ts), so a
 * page that shows them does not load zod with them (issue 11: the storefront's first load). The
 * enquiries spec checks the demo merchant against the schema.
 */

/** One line of the merchant's address, as the footer and the contact page show it. */
export const addressLine = (m: Pick<MerchantDetails, 'address'>): string =>
  `${m.address.street}, ${m.address.city}, ${m.address.state} ${m.address.zip}`;

const mapUrlOf = (line: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(line).replace(/%20/g, '+')}`;

const address = { street: '1000 W Fulton Market', city: 'Chicago', state: 'IL', zip: '60607' };

/**
 * The demo merchant (the pickup location of `defaultMoneySettings` is the same shop). The 555-01xx
 * numbers and example.com inboxes are reserved for examples: replace them in a real deployment.
 */
export const defaultMerchant: MerchantDetails = {
  name: 'Fine Wine Auction',
  address,
  mapUrl: mapUrlOf(addressLine({ address })),
  phone: '+1 (312) 555-0100',
  phoneHref: 'tel:+13125550100',
  fax: '+1 (312) 555-0101',
  emailGeneral: 'info@example.com',
  emailSelling: 'selling@example.com',
  hours: openingHoursText(defaultOpeningHours),
  openingHours: defaultOpeningHours,
  social: [{ label: 'Instagram', url: 'https://www.instagram.com/' }],
  // No bank account by default: platform config gives the demo's labelled one, or the deployment's.
  bankTransfer: null,
};

/**
 * seeds 000 §2.6 / 001 §7 getFooterLinks: the footer's page links, in order. `label` is a key of the
 * UI's resources (ui.footer.*); the paths are the seeds' routes.
 */
export const footerLinks = [
  { id: 'terms', path: '/terms-conditions' },
  { id: 'delivery', path: '/delivery' },
  { id: 'contact', path: '/contact-us' },
  { id: 'privacy', path: '/privacy-policy' },
] as const;
export type FooterLinkId = (typeof footerLinks)[number]['id'];
