import { z } from 'zod';
import { BankTransferInstructions } from '../merchant/bank-transfer.ts';

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
  /** Issue 31: how to pay by bank transfer; null when the deployment configured none. */
  bankTransfer: BankTransferInstructions.nullable(),
});
export type MerchantDetails = z.infer<typeof MerchantDetails>;
