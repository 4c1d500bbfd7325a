import { z } from 'zod';

/**
 * Issue 31: what a buyer paying by bank transfer needs (the merchant's bank, the account, the US
 * routing (ABA) number, the SWIFT/BIC for a wire from abroad, and the merchant's own words), from
 * configuration. The invoice's number is the transfer's reference. `demo` marks the embedded demo's
 * made-up account, which every screen says is not real.
 */
export const BankTransferInstructions = z.object({
  bankName: z.string().trim().min(1).max(100),
  accountName: z.string().trim().min(1).max(100),
  /** The ABA routing number: nine digits. */
  routingNumber: z.string().regex(/^\d{9}$/, 'a routing (ABA) number is nine digits'),
  accountNumber: z.string().regex(/^[0-9A-Za-z-]{4,34}$/, 'an account number is 4 to 34 letters or digits'),
  /** SWIFT/BIC: 8 or 11 characters. */
  swift: z.string().regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'a SWIFT/BIC code is 8 or 11 characters'),
  /** Free text: what else to do (e.g. "Wires from abroad add the intermediary bank ..."). */
  note: z.string().max(500),
  demo: z.boolean(),
});
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
