/**
 * The merchant's contact details for the header and footer. seeds 000 §2.2 / §2.6 take these from
 * configuration variables; until getDefault carries them these are placeholders (replace, do not ship).
 * The tagline and other words are in the i18n resources (ui.company), in each language.
 */
export const company = {
  name: 'Fine Wine Auction',
  address: 'Chicago, Illinois',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=Chicago%2C+Illinois',
  email: 'info@example.com',
  phone: '+1 (312) 555-0100',
  phoneHref: 'tel:+13125550100',
  social: { label: 'Instagram', url: 'https://www.instagram.com/' },
  hours: 'Monday-Friday 9:30 am - 5:30 pm',
} as const;
