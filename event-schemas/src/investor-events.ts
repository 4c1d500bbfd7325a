import { z } from 'zod';
import { defineEvent } from './registry.ts';

const Last4 = z.string().regex(/^\d{4}$/);

/** A document given to the service, as the log keeps it: its name and size, never its content. */
const UploadedDocument = z.object({
  documentId: z.string().min(1).max(64),
  fileName: z.string().min(1).max(200),
  bytes: z.number().int().min(0),
  at: z.iso.datetime(),
});

/** A bank account linked at the service, as the log keeps it: its last four digits only. */
const LinkedBank = z.object({
  holderName: z.string().min(1).max(100),
  accountLast4: Last4,
  accountType: z.enum(['checking', 'savings']),
});

const Kyc = z.enum(['pending', 'approved', 'disapproved']);
/** An owner as the log keeps them: the service's party id, their name and their identity check, nothing more. */
const Owner = z.object({ partyId: z.string().min(1).max(64), name: z.string().min(1).max(200), kyc: Kyc });

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
    // No upper bound here: how many owners an entity takes is the product's rule (contracts'
    // entityOwnersMax, decided on the stream), and a log written under one cap stays readable under another.
    owners: z.array(Owner).min(1),
  }),
});

/** Accreditation evidence given to the service for the account (its name and size, not its content). */
export const InvestorDocumentUploaded = defineEvent({
  type: 'InvestorDocumentUploaded',
  version: 1,
  schema: UploadedDocument,
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
  schema: LinkedBank,
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

const PartyId = z.string().min(1).max(64);
const Scale = z.number().int().min(1).max(5);

/**
 * An owner corrected their details at the service (updateIndividual) and their KYC/AML ran again on the
 * corrected party: which details changed (never their values, which stay with the service), the owner's
 * name as it now reads, and the check's new standing.
 */
export const InvestorPartyUpdated = defineEvent({
  type: 'InvestorPartyUpdated',
  version: 1,
  schema: z.object({
    partyId: PartyId,
    name: z.string().min(1).max(200),
    changed: z
      .array(z.enum(['name', 'email', 'dob', 'domicile', 'address', 'ssn']))
      .min(1)
      .max(6),
    kyc: Kyc,
  }),
});

/**
 * The investor's suitability answers given to the service (calculateSuitability): the three scales
 * Transact requires and, when given, the horizon and the objective. Nothing free-form (no notes).
 */
export const InvestorSuitabilityRecorded = defineEvent({
  type: 'InvestorSuitabilityRecorded',
  version: 1,
  schema: z.object({
    riskProfile: Scale,
    investmentExperience: Scale,
    privateOfferingExperience: Scale,
    timeHorizonYears: z.number().int().min(0).max(50).optional(),
    objective: z.enum(['preservation', 'balanced', 'growth']).optional(),
  }),
});

/** A document of the entity (its formation papers) given to the service: its name and size, not its content. */
export const InvestorEntityDocumentUploaded = defineEvent({
  type: 'InvestorEntityDocumentUploaded',
  version: 1,
  schema: UploadedDocument,
});

/** The linked bank account replaced by another (or corrected): its last four digits only. */
export const InvestorBankUpdated = defineEvent({
  type: 'InvestorBankUpdated',
  version: 1,
  schema: LinkedBank,
});

/** The bank account unlinked at the service (the last four digits it had, for the audit). */
export const InvestorBankUnlinked = defineEvent({
  type: 'InvestorBankUnlinked',
  version: 1,
  schema: z.object({ accountLast4: Last4 }),
});

const CardBrand = z.enum(['visa', 'mastercard', 'discover']);

/**
 * A card linked for investing at the service (addCreditCard): its brand and last four digits only. The
 * number, expiry and CVC went to the service in the one call and are kept nowhere here.
 */
export const InvestorCardLinked = defineEvent({
  type: 'InvestorCardLinked',
  version: 1,
  schema: z.object({ brand: CardBrand, last4: Last4 }),
});
/** The linked card replaced at the service (updateCreditCard): brand and last four only. */
export const InvestorCardUpdated = defineEvent({
  type: 'InvestorCardUpdated',
  version: 1,
  schema: z.object({ brand: CardBrand, last4: Last4 }),
});
export const InvestorCardUnlinked = defineEvent({
  type: 'InvestorCardUnlinked',
  version: 1,
  schema: z.object({ last4: Last4 }),
});

/**
 * An entity investor added one more owner after onboarding (linkEntityOwner): the owner was made a party
 * at the service, their identity checked (KYC/AML) and linked to the entity's account. Kept as onboarding
 * keeps each owner: the party id, the name and the check's standing; never an SSN, a date of birth or an
 * address, which stay with the service.
 */
export const InvestorOwnerAdded = defineEvent({
  type: 'InvestorOwnerAdded',
  version: 1,
  schema: Owner,
});

/** The investor asked the service to send an open order's subscription documents again (DocuSign). */
export const InvestmentDocumentsResent = defineEvent({
  type: 'InvestmentDocumentsResent',
  version: 1,
  schema: z.object({ tradeId: z.string().min(1).max(64), at: z.iso.datetime() }),
});

const TradeId = z.string().min(1).max(64);
/** The payment's id (its request's command id): a retry of the same payment is the same payment. */
const PaymentId = z.string().min(1).max(200);
/** How the investor pays an order: from the linked bank account (ACH) or on the linked card. */
const PaymentMethod = z.enum(['ach', 'card']);

/**
 * seeds 001 §7 Payments "northcapital_payment": the investor asked to pay an order through the investing
 * service, for the order's own amount (integer cents), by ACH or card. Written before the service is asked,
 * so a second payment of the order waits (one fund move per order); a retry of the same payment goes on.
 */
export const InvestmentPaymentStarted = defineEvent({
  type: 'InvestmentPaymentStarted',
  version: 1,
  schema: z.object({
    tradeId: TradeId,
    paymentId: PaymentId,
    method: PaymentMethod,
    amount: z.number().int().min(1),
    at: z.iso.datetime(),
  }),
});

/**
 * The investing service moved the order's money (North Capital's externalFundMove or ccFundMove), and
 * its answer is the order's payment confirmation ("response data kept as confirmation"): its reference
 * and statuses, the amount it moved (integer cents). Never an account or card number.
 */
export const InvestmentPaid = defineEvent({
  type: 'InvestmentPaid',
  version: 1,
  schema: z.object({
    tradeId: TradeId,
    paymentId: PaymentId,
    method: PaymentMethod,
    amount: z.number().int().min(0),
    /** The service's reference of the fund move (Transact's RefNum). */
    reference: z.string().max(64),
    fundStatus: z.string().max(64),
    transactionStatus: z.string().max(64),
    at: z.iso.datetime(),
  }),
});

/** The investing service refused the payment (its reason): no money moved, the order may be paid again. */
export const InvestmentPaymentFailed = defineEvent({
  type: 'InvestmentPaymentFailed',
  version: 1,
  schema: z.object({ tradeId: TradeId, paymentId: PaymentId, reason: z.string().max(300) }),
});

export type InvestorEvent =
  | { type: 'InvestorOnboarded'; data: z.infer<typeof InvestorOnboarded.schema> }
  | { type: 'InvestorPartyUpdated'; data: z.infer<typeof InvestorPartyUpdated.schema> }
  | { type: 'InvestorOwnerAdded'; data: z.infer<typeof InvestorOwnerAdded.schema> }
  | { type: 'InvestorSuitabilityRecorded'; data: z.infer<typeof InvestorSuitabilityRecorded.schema> }
  | { type: 'InvestorEntityDocumentUploaded'; data: z.infer<typeof InvestorEntityDocumentUploaded.schema> }
  | { type: 'InvestorBankUpdated'; data: z.infer<typeof InvestorBankUpdated.schema> }
  | { type: 'InvestorBankUnlinked'; data: z.infer<typeof InvestorBankUnlinked.schema> }
  | { type: 'InvestorCardLinked'; data: z.infer<typeof InvestorCardLinked.schema> }
  | { type: 'InvestorCardUpdated'; data: z.infer<typeof InvestorCardUpdated.schema> }
  | { type: 'InvestorCardUnlinked'; data: z.infer<typeof InvestorCardUnlinked.schema> }
  | { type: 'InvestmentDocumentsResent'; data: z.infer<typeof InvestmentDocumentsResent.schema> }
  | { type: 'InvestorDocumentUploaded'; data: z.infer<typeof InvestorDocumentUploaded.schema> }
  | { type: 'InvestorAccreditationChecked'; data: z.infer<typeof InvestorAccreditationChecked.schema> }
  | { type: 'InvestorBankLinked'; data: z.infer<typeof InvestorBankLinked.schema> }
  | { type: 'InvestmentOrdered'; data: z.infer<typeof InvestmentOrdered.schema> }
  | { type: 'InvestmentOrderMoved'; data: z.infer<typeof InvestmentOrderMoved.schema> }
  | { type: 'InvestmentPaymentStarted'; data: z.infer<typeof InvestmentPaymentStarted.schema> }
  | { type: 'InvestmentPaid'; data: z.infer<typeof InvestmentPaid.schema> }
  | { type: 'InvestmentPaymentFailed'; data: z.infer<typeof InvestmentPaymentFailed.schema> };
export const investorEventDefinitions = [
  InvestorOnboarded,
  InvestorDocumentUploaded,
  InvestorAccreditationChecked,
  InvestorBankLinked,
  InvestmentOrdered,
  InvestmentOrderMoved,
  InvestorPartyUpdated,
  InvestorSuitabilityRecorded,
  InvestorEntityDocumentUploaded,
  InvestorBankUpdated,
  InvestorBankUnlinked,
  InvestorCardLinked,
  InvestorCardUpdated,
  InvestorCardUnlinked,
  InvestmentDocumentsResent,
  InvestorOwnerAdded,
  InvestmentPaymentStarted,
  InvestmentPaid,
  InvestmentPaymentFailed,
] as const;
