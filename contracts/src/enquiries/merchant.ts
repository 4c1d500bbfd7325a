import { z } from 'zod';

/**
 * The merchant's contact details (seeds 000 §2.2 "The contact text lists an address, phone, fax,
 * general and selling e-mail addresses, and hours"; §2.6 the footer's map, mailto, tel and social
 * links). Configuration, not events: one merchant per deployment; the server may override the inboxes
 * from its environment (platform config `merchantDetails`).
 */
export const MerchantDetails = z.object({
  name: z.string().min(1).max(100),
  address: z.object({
    street: z.string().min(1).max(200),
    city: z.string().min(1).max(100),
    state: z.string().min(2).max(50),
    zip: z.string().min(3).max(20),
  }),
  /** Where the footer's map link opens (the address on a map). */
  mapUrl: z.url({ protocol: /^https$/ }),
  /** As people read it. */
  phone: z.string().min(1).max(40),
  /** As a tel: link dials it (E.164). */
  phoneHref: z.string().regex(/^tel:\+\d{6,15}$/),
  fax: z.string().min(1).max(40),
  /** The general inbox: contact enquiries go here. */
  emailGeneral: z.email(),
  /** The selling inbox: consignment (sell-your-wine) enquiries go here. */
  emailSelling: z.email(),
  /** seeds 000 §9 / 001 §9: business hours. */
  hours: z.string().min(1).max(100),
  social: z.array(z.object({ label: z.string().min(1).max(40), url: z.url({ protocol: /^https$/ }) })).min(1),
});
export type MerchantDetails = z.infer<typeof MerchantDetails>;

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
export const defaultMerchant: MerchantDetails = MerchantDetails.parse({
  name: 'Fine Wine Auction',
  address,
  mapUrl: mapUrlOf(addressLine({ address })),
  phone: '+1 (312) 555-0100',
  phoneHref: 'tel:+13125550100',
  fax: '+1 (312) 555-0101',
  emailGeneral: 'info@example.com',
  emailSelling: 'selling@example.com',
  hours: 'Monday-Friday 9:30 am - 5:30 pm',
  social: [{ label: 'Instagram', url: 'https://www.instagram.com/' }],
});

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
