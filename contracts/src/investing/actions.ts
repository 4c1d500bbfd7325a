import { z } from 'zod';
import { action, NoData, NoInput } from '../action.ts';
import { textsOf } from '../i18n/index.ts';
import {
  entityOwnersMax,
  InvestingDocumentList,
  InvestingDocumentsInput,
  InvestorCardInput,
  InvestorDay,
  InvestorDomicile,
  InvestorHoldingsView,
  InvestorName,
  InvestorSsn,
  investorAddressFields,
  LinkedBankView,
  LinkedCardView,
  OfferingTotal,
  SettlementInput,
  SettlementResult,
  StaffInvestmentOrder,
  SuitabilityInput,
  SuitabilityRecord,
  TradeId,
  UpdateIndividualInput,
} from './schemas.ts';

export * from './schemas.ts';

/** The investing messages, in the request's language (issue 35 §3). */
export const investingMessages = textsOf('investing');

const Name = InvestorName;
const Address = investorAddressFields;
const Person = z.strictObject({
  first_name: Name,
  last_name: Name,
  email: z.email(),
  dob: InvestorDay,
  domicile: InvestorDomicile,
  ...Address,
  /** For the service's KYC check only: passed through, never kept (xxx-xx-xxxx). */
  ssn: InvestorSsn.optional(),
});

export const OnboardIndividualInput = Person;
export const OnboardEntityInput = z.strictObject({
  entity_name: z.string().trim().min(1).max(200),
  entity_type: z.enum(['Revocable Trust', 'Irrevocable Trust', 'Limited Partnership', 'LLC', 'Corporation']),
  email: z.email(),
  ...Address,
  /** The owners, each checked (KYC) as an individual; the first is the primary one. */
  owners: z.array(Person).min(1).max(entityOwnersMax),
});
/** One more owner of an entity investor, after onboarding: a person as onboarding takes each owner. */
export const EntityOwnerInput = Person;
/** Accreditation evidence for the investor's account, as a file (base64, up to 600 kB). */
export const UploadInvestingDocumentInput = z.strictObject({
  file_name: z
    .string()
    .trim()
    .regex(/^[\w .()-]{1,120}\.(pdf|png|jpe?g)$/i),
  content_type: z.enum(['application/pdf', 'image/png', 'image/jpeg']),
  content_base64: z
    .string()
    .min(1)
    .max(800_000)
    .regex(/^[A-Za-z0-9+/]+=*$/),
});
export const LinkBankInput = z.strictObject({
  holder_name: Name,
  routing_number: z.string().regex(/^\d{9}$/),
  account_number: z.string().regex(/^\d{4,17}$/),
  account_type: z.enum(['checking', 'savings']),
});
export const CreateInvestmentOrderInput = z.strictObject({
  units: z.number().int().min(1).max(100_000),
});
export const TradeInput = z.strictObject({ trade_id: TradeId });

export const InvestorStatus = z.enum(['pending', 'approved', 'disapproved']);
export const AccreditationStatus = z.enum(['none', 'pending', 'accredited', 'not_accredited']);
/**
 * seeds 001 §7 Payments "northcapital_payment": the investor pays one of their orders through North Capital,
 * from the linked bank account (ACH) or on the linked card. The amount is the order's, never the client's.
 */
export const InvestmentPaymentInput = z.strictObject({
  trade_id: TradeId,
  method: z.enum(['ach', 'card']),
});
/**
 * North Capital's answer to the payment, kept as the order's confirmation ("response data kept as
 * confirmation"): the fund move's reference and statuses, and the amount it moved (integer cents).
 */
export const InvestmentPaymentConfirmation = z.object({
  trade_id: z.string(),
  method: z.enum(['ach', 'card']),
  amount: z.number(),
  reference: z.string(),
  fund_status: z.string(),
  transaction_status: z.string(),
  paid_at: z.string(),
});
export type InvestmentPaymentConfirmation = z.infer<typeof InvestmentPaymentConfirmation>;
export const InvestmentOrderRecord = z.object({
  trade_id: z.string(),
  units: z.number(),
  amount: z.number(),
  status: z.enum(['created', 'funded', 'settled', 'canceled']),
  at: z.string(),
  /** The order's payment confirmation, once North Capital moved its money; null before. */
  payment: InvestmentPaymentConfirmation.nullable(),
});
/** What the investor (and an admin) sees of their onboarding: never an SSN, an account number whole. */
export const InvestorDetails = z.object({
  onboarded: z.boolean(),
  kind: z.enum(['individual', 'entity']).nullable(),
  name: z.string().nullable(),
  owners: z.array(z.object({ name: z.string(), kyc: InvestorStatus })),
  accreditation: AccreditationStatus,
  documents: z.array(z.object({ file_name: z.string(), at: z.string() })),
  bank: z.object({ holder_name: z.string(), account_last4: z.string(), account_type: z.string() }).nullable(),
  orders: z.array(InvestmentOrderRecord),
  /** The card linked for investing: its brand and last four only. */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The suitability answers last given, or null before the questionnaire. */
  suitability: SuitabilityRecord.nullable(),
  /** The offering and its price a unit (cents), as the house offers it. */
  offering: z.object({ id: z.string(), name: z.string(), unit_price: z.number() }),
  /** Money moves only once every owner's KYC is approved and the account accredited. */
  may_invest: z.boolean(),
});
export type InvestorDetails = z.infer<typeof InvestorDetails>;

/** The investor's own calls, each at its seeds path. */
const investorOwnActions = {
  /**
   * The investor's party made at the service (Transact's createParty, the seeds' `createParty`), checked
   * (performKycAml) and given its account (createAccount, createLink) in one call: the product keeps no
   * party without the account orders are placed from, so `createParty` is this call.
   */
  onBoardIndividual: action({
    path: '/api/paymentThird/northcapital/onBoardIndividual',
    aliases: ['/api/paymentThird/northcapital/createParty'],
    side: 'command',
    // It reaches North Capital (parties, an account): a retry under its key, on either path, answers the first.
    once: true,
    auth: 'user',
    input: OnboardIndividualInput,
    output: InvestorDetails,
  }),
  /**
   * The entity made at the service (Transact's createEntity, the seeds' `createEntity`) with its owners'
   * parties checked, its account and their links, in one call, as onBoardIndividual.
   */
  onBoardEntity: action({
    path: '/api/paymentThird/northcapital/onBoardEntity',
    aliases: ['/api/paymentThird/northcapital/createEntity'],
    side: 'command',
    once: true,
    auth: 'user',
    input: OnboardEntityInput,
    output: InvestorDetails,
  }),
  /**
   * An entity investor adds one more owner (up to `entityOwnersMax`): made a party and checked (KYC) at
   * North Capital, then linked to the entity's account. Orders wait until the new owner is approved.
   */
  linkEntityOwner: action({
    path: '/api/paymentThird/northcapital/linkEntityOwner',
    side: 'command',
    // It reaches North Capital (a party made, a link): a retry under its key answers the first.
    once: true,
    auth: 'user',
    input: EntityOwnerInput,
    output: InvestorDetails,
  }),
  uploadPartyDocument: action({
    path: '/api/paymentThird/northcapital/uploadPartyDocument',
    side: 'command',
    auth: 'user',
    input: UploadInvestingDocumentInput,
    output: InvestorDetails,
  }),
  linkExternalAccount: action({
    path: '/api/paymentThird/northcapital/linkExternalAccount',
    aliases: ['/api/paymentThird/northcapital/addExternalBank'],
    side: 'command',
    // It reaches North Capital: a retry under its key, on either of its paths, answers the first.
    once: true,
    money: true,
    auth: 'user',
    input: LinkBankInput,
    output: InvestorDetails,
  }),
  createOrder: action({
    path: '/api/paymentThird/northcapital/createOrder',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: CreateInvestmentOrderInput,
    output: InvestorDetails,
  }),
  deleteTrade: action({
    path: '/api/paymentThird/northcapital/deleteTrade',
    side: 'command',
    money: true,
    auth: 'user',
    input: TradeInput,
    output: InvestorDetails,
  }),
  getUserDetails: action({
    path: '/api/paymentThird/northcapital/getUserDetails',
    side: 'command',
    auth: 'user',
    input: z.strictObject({}),
    output: InvestorDetails,
  }),
  /** An owner corrects their party at the service; their KYC runs again on it. */
  updateIndividual: action({
    path: '/api/paymentThird/northcapital/updateIndividual',
    side: 'command',
    auth: 'user',
    input: UpdateIndividualInput,
    output: InvestorDetails,
  }),
  calculateSuitability: action({
    path: '/api/paymentThird/northcapital/calculateSuitability',
    side: 'command',
    auth: 'user',
    input: SuitabilityInput,
    output: InvestorDetails,
  }),
  /** A document of the entity (its formation papers): entity investors only. */
  uploadEntityDocument: action({
    path: '/api/paymentThird/northcapital/uploadEntityDocument',
    side: 'command',
    auth: 'user',
    input: UploadInvestingDocumentInput,
    output: InvestorDetails,
  }),
  /** The documents the service keeps for the investor's account, primary party or entity. */
  getuploadPartyDocument: action({
    path: '/api/paymentThird/northcapital/getuploadPartyDocument',
    side: 'command',
    auth: 'user',
    input: InvestingDocumentsInput,
    output: InvestingDocumentList,
  }),
  getExternalAccount: action({
    path: '/api/paymentThird/northcapital/getExternalAccount',
    side: 'command',
    auth: 'user',
    input: NoInput,
    output: LinkedBankView,
  }),
  updateLinkExternalAccount: action({
    path: '/api/paymentThird/northcapital/updateLinkExternalAccount',
    aliases: ['/api/paymentThird/northcapital/updateExternalBank'],
    side: 'command',
    // It reaches North Capital: a retry under its key, on either of its paths, answers the first.
    once: true,
    money: true,
    auth: 'user',
    input: LinkBankInput,
    output: InvestorDetails,
  }),
  deleteExternalAccount: action({
    path: '/api/paymentThird/northcapital/deleteExternalAccount',
    side: 'command',
    money: true,
    auth: 'user',
    input: NoInput,
    output: InvestorDetails,
  }),
  /** Transact's addCreditCard (the port's linkCard): the number goes to the service in this one call. */
  addCreditCard: action({
    path: '/api/paymentThird/northcapital/addCreditCard',
    aliases: ['/api/paymentThird/northcapital/linkCreditCard'],
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: InvestorCardInput,
    output: InvestorDetails,
  }),
  getCreditCard: action({
    path: '/api/paymentThird/northcapital/getCreditCard',
    aliases: ['/api/paymentThird/northcapital/getLinkedCreditCard'],
    side: 'command',
    auth: 'user',
    input: NoInput,
    output: LinkedCardView,
  }),
  updateCreditCard: action({
    path: '/api/paymentThird/northcapital/updateCreditCard',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: InvestorCardInput,
    output: InvestorDetails,
  }),
  deleteCreditCard: action({
    path: '/api/paymentThird/northcapital/deleteCreditCard',
    side: 'command',
    money: true,
    auth: 'user',
    input: NoInput,
    output: InvestorDetails,
  }),
  /** The investor asks for an open order's subscription documents again (DocuSign, through the service). */
  resendDocuSign: action({
    path: '/api/paymentThird/northcapital/resendDocuSign',
    side: 'command',
    once: true,
    auth: 'user',
    input: TradeInput,
    output: NoData,
  }),
  /**
   * seeds 001 §7 Payments "northcapital_payment (response data kept as confirmation)": the investor pays
   * their order, not yet funded, through North Capital (externalFundMove from the linked bank, ccFundMove
   * on the linked card) for the order's own amount; the answer is the confirmation, kept on the order.
   * `once`: one fund move per x-command-id; one per order whatever the keys (an order paid is refused).
   */
  northcapitalPayment: action({
    path: '/api/payment/northcapital_payment',
    side: 'command',
    money: true,
    once: true,
    auth: 'user',
    input: InvestmentPaymentInput,
    output: InvestmentPaymentConfirmation,
  }),
  /** The investor's security-token bids and their totals, as the service has them now. */
  getStbids: action({
    path: '/api/paymentThird/northcapital/getStbids',
    side: 'command',
    auth: 'user',
    input: NoInput,
    output: InvestorHoldingsView,
  }),
  /**
   * Staff move an order funded (the money is in escrow) then settled (released to the issuer), never an
   * order of their own (separation of duties): a money record, so finance or an admin.
   */
  updateSettlement: action({
    path: '/api/paymentThird/northcapital/updateSettlement',
    side: 'command',
    once: true,
    auth: ['finance', 'admin'],
    input: SettlementInput,
    output: SettlementResult,
  }),
} as const;

/** Issue 35 §3 (seeds 001 §7 paymentThird/northcapital): investor onboarding through North Capital. */
export const investingActions = {
  ...investorOwnActions,
  /**
   * Each offering's total by the orders' status (the log's record of the service's answers): the
   * investor's own (seeds 001 §3 "Investor data: ... asset total"); finance and admins read it across
   * every investor, on the same path.
   */
  getStAssetTotal: action({
    path: '/api/paymentThird/northcapital/getStAssetTotal',
    side: 'query',
    auth: 'user',
    input: NoInput,
    output: z.object({ records: z.array(OfferingTotal), totalRecords: z.number() }),
  }),
} as const;

/** Issue 35 §3 "an admin view": every investor with their checks, bank and orders, for admins. */
export const StaffInvestor = z.object({
  user_id: z.string(),
  kind: z.enum(['individual', 'entity']),
  name: z.string(),
  owners: z.array(z.object({ name: z.string(), kyc: InvestorStatus })),
  accreditation: AccreditationStatus,
  bank_last4: z.string().nullable(),
  orders: z.number(),
  /** Cents ordered and not cancelled. */
  ordered: z.number(),
  onboarded_at: z.string(),
});
export type StaffInvestor = z.infer<typeof StaffInvestor>;

export const staffInvestingActions = {
  adminInvestors: action({
    path: '/api/admin/investors',
    side: 'query',
    auth: 'admin',
    input: z.strictObject({}),
    output: z.object({ records: z.array(StaffInvestor), totalRecords: z.number() }),
  }),
  /** The investors' orders, newest first, for finance and admins to mark funded and settled. */
  adminInvestmentOrders: action({
    path: '/api/admin/investors/orders',
    side: 'query',
    auth: ['finance', 'admin'],
    input: NoInput,
    output: z.object({ records: z.array(StaffInvestmentOrder), totalRecords: z.number() }),
  }),
} as const;
