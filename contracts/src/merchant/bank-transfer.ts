import { BankRecord } from '@wine/event-schemas';
import { z } from 'zod';

/**
 * Issue 31: what a buyer paying by bank transfer needs (the merchant's bank, the account, the US
 * routing (ABA) number, the SWIFT/BIC for a wire from abroad, and the merchant's own words), from
 * configuration. The invoice's number is the transfer's reference. `demo` marks the embedded demo's
 * made-up account, which every screen says is not real.
 */
export const BankTransferInstructions = BankRecord.extend({ demo: z.boolean() });
export type BankTransferInstructions = z.infer<typeof BankTransferInstructions>;

/**
 * The embedded demo's bank details: plainly not an account (the routing number is the ABA's reserved
 * test pattern, the name says demo), used only where the deployment is the demo (platform config).
 */
export const demoBankTransfer: BankTransferInstructions = {
  bankName: 'Demo Bank (not a real bank)',
  accountName: 'Demo merchant - do not pay',
  routingNumber: '000000000',
  accountNumber: '0000-DEMO',
  swift: 'DEMOUS00',
  note: 'Demo values for trying the shop: no money can be sent to them.',
  demo: true,
};
