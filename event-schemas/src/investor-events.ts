import { z } from 'zod';
import { defineEvent } from './registry.ts';

const Kyc = z.enum(['pending', 'approved', 'disapproved']);

/**
 * Issue 35 §3: a user onboarded as an investor with the investing service (North Capital, or its
 * sandbox), on their own `investor-<userId>` stream: the service's ids, the owners' names and identity
 * checks. Never an SSN, an EIN, a date of birth or an address: those stay with the service.
 */
export const InvestorOnboarded = defineEvent({
  type: 'InvestorOnboarded',
  version: 1,
  schema: z.object({
    kind: z.enum(['individual', 'entity']),
    name: z.string().min(1).max(200),
    provider: z.string().min(1).max(40),
    accountId: z.string().min(1).max(64),
    entityId: z.string().min(1).max(64).optional(),
    owners: z
      .array(z.object({ partyId: z.string().min(1).max(64), name: z.string().min(1).max(200), kyc: Kyc }))
      .min(1)
      .max(4),
  }),
});

/** Accreditation evidence given to the service for the account (its name and size, not its content). */
export const InvestorDocumentUploaded = defineEvent({
  type: 'InvestorDocumentUploaded',
  version: 1,
  schema: z.object({
    documentId: z.string().min(1).max(64),
    fileName: z.string().min(1).max(200),
    bytes: z.number().int().min(0),
    at: z.iso.datetime(),
  }),
});

/** The service's accreditation decision for the account. */
export const InvestorAccreditationChecked = defineEvent({
  type: 'InvestorAccreditationChecked',
  version: 1,
  schema: z.object({ status: z.enum(['pending', 'accredited', 'not_accredited']) }),
});

/** A bank account linked for the orders' money: its last four digits only. */
export const InvestorBankLinked = defineEvent({
  type: 'InvestorBankLinked',
  version: 1,
  schema: z.object({
    holderName: z.string().min(1).max(100),
    accountLast4: z.string().regex(/^\d{4}$/),
    accountType: z.enum(['checking', 'savings']),
  }),
});

/** An order (a trade) placed with the service: created, funded, settled or cancelled there. */
export const InvestmentOrdered = defineEvent({
  type: 'InvestmentOrdered',
  version: 1,
  schema: z.object({
    tradeId: z.string().min(1).max(64),
    offeringId: z.string().min(1).max(64),
    units: z.number().int().min(1),
    /** Integer cents. */
    amount: z.number().int().min(0),
    at: z.iso.datetime(),
  }),
});
export const InvestmentOrderMoved = defineEvent({
  type: 'InvestmentOrderMoved',
  version: 1,
  schema: z.object({
    tradeId: z.string().min(1).max(64),
    status: z.enum(['created', 'funded', 'settled', 'canceled']),
  }),
});

export type InvestorEvent =
  | { type: 'InvestorOnboarded'; data: z.infer<typeof InvestorOnboarded.schema> }
  | { type: 'InvestorDocumentUploaded'; data: z.infer<typeof InvestorDocumentUploaded.schema> }
  | { type: 'InvestorAccreditationChecked'; data: z.infer<typeof InvestorAccreditationChecked.schema> }
  | { type: 'InvestorBankLinked'; data: z.infer<typeof InvestorBankLinked.schema> }
  | { type: 'InvestmentOrdered'; data: z.infer<typeof InvestmentOrdered.schema> }
  | { type: 'InvestmentOrderMoved'; data: z.infer<typeof InvestmentOrderMoved.schema> };
export const investorEventDefinitions = [
  InvestorOnboarded,
  InvestorDocumentUploaded,
  InvestorAccreditationChecked,
  InvestorBankLinked,
  InvestmentOrdered,
  InvestmentOrderMoved,
] as const;
