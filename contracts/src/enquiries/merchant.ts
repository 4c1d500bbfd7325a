import { MerchantRecord, OpeningHours } from '@wine/event-schemas';
import { z } from 'zod';
import { BankTransferInstructions } from '../merchant/bank-transfer.ts';

/**
 * The merchant's contact details (seeds 000 §2.2 "The contact text lists an address, phone, fax,
 * general and selling e-mail addresses, and hours"; §2.6 the footer's map, mailto, tel and social
 * links). The environment gives the first values (platform config `merchantDetails`); an admin's
 * changes are events (issue 34, event-schemas settings-events.ts), whose record this extends.
 */
export const MerchantDetails = MerchantRecord.extend({
  /** The hours as days and times (the demo's, for a record written before they were kept). */
  openingHours: OpeningHours,
  /** As a tel: link dials it (E.164). */
  phoneHref: z.string().regex(/^tel:\+\d{6,15}$/),
  /** Issue 31: how to pay by bank transfer; null when the deployment configured none. */
  bankTransfer: BankTransferInstructions.nullable(),
});
export type MerchantDetails = z.infer<typeof MerchantDetails>;
