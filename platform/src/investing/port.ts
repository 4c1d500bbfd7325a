/**
 * The investing port (the product's paymentThird/northcapital calls, issue "investor onboarding"):
 * parties and entities with their owners, their KYC/AML and accreditation checks, linked bank accounts
 * and cards, suitability, documents, and orders (trades) from created through funded to settled, or
 * cancelled. The service (North Capital's Transact API, or the embedded sandbox) keeps the investor's
 * records; the product keeps their ids and the statuses it was told. Money moves only once every owner's
 * KYC is approved and the account is accredited (rules.ts `mayInvest`, enforced by both adapters).
 */

/** An owner's KYC/AML standing in the port's words: approved only when both checks are. */
export type InvestorKyc = 'pending' | 'approved' | 'disapproved';

/** An account's accreditation (Reg D 506(c)): `accredited` only once a reviewer verified it. */
export type InvestorAccreditation = 'pending' | 'accredited' | 'not_accredited';

/**
 * An order's status. The port moves an order created → funded → settled, or created → canceled
 * (rules.ts `canMoveOrder`); `unwind_pending` / `unwind_settled` are read only (funds returned to the
 * investor from the service's dashboard), never moved into by the port.
 */
export type InvestmentOrderStatus =
  | 'created'
  | 'funded'
  | 'settled'
  | 'canceled'
  | 'unwind_pending'
  | 'unwind_settled';

export const investmentOrderStatuses: readonly InvestmentOrderStatus[] = [
  'created',
  'funded',
  'settled',
  'canceled',
  'unwind_pending',
  'unwind_settled',
];

/** Where the investor is a citizen or resident (Transact's `domicile`). */
export type InvestorDomicile = 'us_citizen' | 'us_resident' | 'non_resident';

export interface InvestorAddress {
  address1: string;
  address2?: string | undefined;
  city: string;
  /** Two letters for a US state; `NOUS` outside the United States (as Transact takes it). */
  state: string;
  zip: string;
  /** ISO 3166 alpha-3 (`USA`), as Transact's examples use. */
  country: string;
}

/** An individual investor as onboarding asks it. */
export interface NewIndividualInvestor {
  firstName: string;
  lastName: string;
  email: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  domicile: InvestorDomicile;
  address: InvestorAddress;
  /**
   * The SSN (xxx-xx-xxxx), for the service's KYC check only: passed through, never kept or answered by
   * the port, never logged.
   */
  ssn?: string | undefined;
  phone?: string | undefined;
}

/** What may change on an individual (the product's updateIndividual). */
export type IndividualInvestorChange = Partial<Omit<NewIndividualInvestor, 'address'>> & {
  address?: InvestorAddress | undefined;
};

/** An individual party as the service holds it (the product's getUserDetails); never the SSN. */
export interface IndividualInvestor {
  partyId: string;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string;
  domicile: InvestorDomicile;
  address: InvestorAddress;
  kyc: InvestorKyc;
}

export type EntityInvestorType =
  | 'Revocable Trust'
  | 'Irrevocable Trust'
  | 'Limited Partnership'
  | 'LLC'
  | 'Corporation';

/**
 * An entity investing (the product's onBoardEntity): the entity party, an entity account, and its owners
 * (individual parties already onboarded) linked to the account; the first owner is the primary one (the
 * one DocuSign writes to).
 */
export interface NewEntityInvestor {
  name: string;
  entityType: EntityInvestorType;
  email: string;
  address: InvestorAddress;
  domicile?: InvestorDomicile | undefined;
  /** The EIN: passed through to the service, never kept or answered by the port. */
  ein?: string | undefined;
  /** Party ids of the owners, at least one; the first is primary. */
  owners: string[];
}

/** An investing account (what orders are placed from) with the parties owning it. */
export interface InvestorAccount {
  accountId: string;
  type: 'individual' | 'entity';
  /** The account's registration (its exact name: "Jane Doe", "Doe Family Trust"). */
  registration: string;
  /** Individual parties linked as owners, primary first. */
  owners: string[];
  /** The entity party, for an entity account. */
  entityId?: string | undefined;
}

export interface NewInvestorAccount {
  /** The individual party owning it (linked as primary owner). */
  owner: string;
  registration: string;
  address: InvestorAddress;
  email?: string | undefined;
}

/** Whose document: a party's (ID, proof of address), an entity's (formation), or an account's accreditation evidence. */
export type InvestingDocumentOwner =
  | { kind: 'party'; partyId: string }
  | { kind: 'entity'; entityId: string }
  | { kind: 'accreditation'; accountId: string };

export interface NewInvestingDocument {
  owner: InvestingDocumentOwner;
  /** The file's own name (`passport.pdf`). */
  fileName: string;
  /** What it is, as listed; the file name when left out. */
  title?: string | undefined;
  contentType: string;
  content: Uint8Array;
}

export interface InvestingDocument {
  documentId: string;
  owner: InvestingDocumentOwner;
  title: string;
  /** The file's name as the service keeps it (Transact renames it). */
  fileName: string;
  /** As the service said (Transact: `YYYY-MM-DD HH:MM:SS`). */
  createdAt: string;
  /** Where the service serves it, when it says. */
  url?: string | undefined;
}

/** Suitability answers for an account (Transact's calculateSuitability scales). */
export interface InvestorSuitability {
  /** 1 very conservative … 5 very aggressive. */
  riskProfile: 1 | 2 | 3 | 4 | 5;
  /** 1 none … 5 extensive. */
  investmentExperience: 1 | 2 | 3 | 4 | 5;
  /** Experience with private offerings, 1 none … 5 extensive. */
  privateOfferingExperience: 1 | 2 | 3 | 4 | 5;
  /** Years until the portfolio should reach maturity. */
  timeHorizonYears?: number | undefined;
  education?: 'High School or GED' | '4 Year College or University' | 'Graduate Degree' | 'Other' | undefined;
  hasFinancialAdvisor?: boolean | undefined;
  investmentObjective?:
    | 'Primarily on Capital Preservation'
    | 'Both Capital Preservation and Growth'
    | 'Primarily Focused on growth'
    | undefined;
  notes?: string | undefined;
}

/** An external bank account for ACH, as the investor types it; the numbers are passed through only. */
export interface InvestorBankDetails {
  holderName: string;
  nickname: string;
  /** The ABA routing number, 9 digits. */
  routingNumber: string;
  accountNumber: string;
  accountType: 'checking' | 'savings';
  bankName?: string | undefined;
  /** The investor's IP address, as the service records it with the change. */
  ipAddress: string;
}

/** A linked bank account as the port answers it: never the full account number. */
export interface LinkedBankAccount {
  accountId: string;
  holderName: string;
  nickname: string;
  accountType: 'checking' | 'savings';
  routingNumber: string;
  accountLast4: string;
}

/**
 * A card for the service. Transact's addCreditCard / updateCreditCard take the full number and CVV (it has
 * no tokenisation of its own): the adapter passes them through in the one call and keeps, logs and answers
 * none of it.
 */
export interface InvestorCardDetails {
  nameOnCard: string;
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  ipAddress: string;
}

/** A linked card as the port answers it: brand and last four only. */
export interface LinkedInvestorCard {
  accountId: string;
  nameOnCard: string;
  brand: 'visa' | 'mastercard' | 'discover';
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface NewInvestmentOrder {
  accountId: string;
  offeringId: string;
  /** Whole units (shares, tokens) bought. */
  units: number;
  paymentMethod: 'ACH' | 'WIRE' | 'CREDITCARD';
  /** The investor's IP address (Transact's createdIpAddress). */
  ipAddress: string;
}

export interface InvestmentOrder {
  tradeId: string;
  accountId: string;
  offeringId: string;
  units: number;
  /** Units × the offering's unit price, integer cents. */
  amount: number;
  paymentMethod: string;
  status: InvestmentOrderStatus;
  createdAt: string;
}

/**
 * How an order is paid: from the bank account linked to the investing account, by ACH (Transact's
 * externalFundMove), or on the card linked to it (Transact's ccFundMove).
 */
export type InvestmentPaymentMethod = 'ACH' | 'CREDITCARD';

/** An order to pay: its amount is the product's record of it, never the client's. */
export interface OrderPayment {
  tradeId: string;
  method: InvestmentPaymentMethod;
  /** Integer cents: refused (`invalid`) unless it is the trade's own amount at the service. */
  amount: number;
  /** What the move is (Transact's `description`, "Investment in [offering]"). */
  description: string;
  /** The investor's IP address (Transact's createdIpAddress). */
  ipAddress: string;
}

/** A fund move for an order as the service answered it: the payment's confirmation. */
export interface InvestmentFundMove {
  tradeId: string;
  method: InvestmentPaymentMethod;
  /** The service's reference of the move (Transact's RefNum; `ccreferencenumber` for a card). */
  reference: string;
  /** Integer cents moved (Transact's totalAmount). */
  amount: number;
  /** Where the money is, in the service's words (Transact's fundStatus: Pending, Settled, Returned…). */
  fundStatus: string;
  /** The service's transaction status (Transact's transactionstatus: Pending, Approved…); '' when unsaid. */
  transactionStatus: string;
}

/**
 * An account's security-token bids (its orders, the product's getStbids) and the totals by status in
 * integer cents (the product's getStAssetTotal); canceled orders count in none.
 */
export interface InvestorHoldings {
  accountId: string;
  bids: InvestmentOrder[];
  totals: { created: number; funded: number; settled: number; settledUnits: number };
}

/**
 * Why the service or the port refused: `not_approved` money asked to move before every owner's KYC is
 * approved and the account accredited; `invalid_transition` an order moved out of order (settling what is
 * not funded, anything out of settled or canceled); `not_found` no such party, entity, account, order or
 * offering; `invalid` input the service would not take (a missing field, a card failing its check);
 * `conflict` something already there (a second bank account or card on an account); `unauthorized`
 * credentials refused; `refused` another refusal of the service, with its code; `unavailable` no answer
 * (down, a timeout, a 5xx).
 */
export type InvestingFailure =
  | 'not_approved'
  | 'invalid_transition'
  | 'not_found'
  | 'invalid'
  | 'conflict'
  | 'unauthorized'
  | 'refused'
  | 'unavailable';

/** The service or the port refused: why, the service's code when it gave one, and its message (never a key or a card number). */
export class InvestingError extends Error {
  constructor(
    readonly service: string,
    readonly reason: InvestingFailure,
    message: string,
    /** The service's own code (Transact's statusCode), when it answered one. */
    readonly code?: string,
  ) {
    super(`${service} ${reason}${code ? ` (${code})` : ''}: ${message}`);
    this.name = 'InvestingError';
  }
}

export interface InvestingService {
  /** 'sandbox' or 'northcapital'. */
  readonly name: string;

  // Parties (the product's onBoardIndividual, updateIndividual, getUserDetails, createParty).
  createIndividual(investor: NewIndividualInvestor): Promise<IndividualInvestor>;
  updateIndividual(partyId: string, change: IndividualInvestorChange): Promise<IndividualInvestor>;
  individual(partyId: string): Promise<IndividualInvestor>;

  // KYC/AML: `checkKyc` runs the check (Transact's performKycAml), `kyc` reads the standing.
  checkKyc(partyId: string): Promise<InvestorKyc>;
  kyc(partyId: string): Promise<InvestorKyc>;

  // Accounts and entities (onBoardEntity, createEntity, linkEntityOwner).
  openAccount(account: NewInvestorAccount): Promise<InvestorAccount>;
  createEntity(entity: NewEntityInvestor): Promise<InvestorAccount>;
  linkOwner(accountId: string, partyId: string): Promise<InvestorAccount>;
  account(accountId: string): Promise<InvestorAccount>;

  // Accreditation: upload its evidence as a document owned by `{ kind: 'accreditation' }` first.
  requestAccreditation(accountId: string): Promise<InvestorAccreditation>;
  accreditation(accountId: string): Promise<InvestorAccreditation>;

  // Documents (uploadPartyDocument, uploadEntityDocument, getuploadPartyDocument).
  uploadDocument(document: NewInvestingDocument): Promise<InvestingDocument>;
  documents(owner: InvestingDocumentOwner): Promise<InvestingDocument[]>;

  recordSuitability(accountId: string, answers: InvestorSuitability): Promise<void>;

  // External bank account (linkExternalAccount / addExternalBank, update…, getExternalAccount, delete…).
  linkBank(accountId: string, bank: InvestorBankDetails): Promise<LinkedBankAccount>;
  updateBank(accountId: string, bank: InvestorBankDetails): Promise<LinkedBankAccount>;
  /** The linked bank account, or null when none is. */
  bank(accountId: string): Promise<LinkedBankAccount | null>;
  /** Unlinks the bank account; none linked is no change. */
  unlinkBank(accountId: string): Promise<void>;

  // Cards (linkCreditCard / addCreditCard, updateCreditCard, getCreditCard, deleteCreditCard).
  linkCard(accountId: string, card: InvestorCardDetails): Promise<LinkedInvestorCard>;
  updateCard(accountId: string, card: InvestorCardDetails): Promise<LinkedInvestorCard>;
  card(accountId: string): Promise<LinkedInvestorCard | null>;
  unlinkCard(accountId: string): Promise<void>;

  // Orders (createOrder, updateSettlement, deleteTrade): every move checked by rules.ts.
  /** Refused `not_approved` unless every owner's KYC is approved and the account accredited. */
  createOrder(order: NewInvestmentOrder): Promise<InvestmentOrder>;
  /** Funds arrived in escrow: created → funded, under the same money rule. */
  fundOrder(tradeId: string): Promise<InvestmentOrder>;
  /** Funds released to the issuer: funded → settled (final). */
  settleOrder(tradeId: string): Promise<InvestmentOrder>;
  /** The investor gave up before funding (Transact's deleteTrade): created → canceled (final). */
  cancelOrder(tradeId: string): Promise<InvestmentOrder>;
  order(tradeId: string): Promise<InvestmentOrder>;
  holdings(accountId: string): Promise<InvestorHoldings>;

  /**
   * Pays an order not yet funded, under the money rule: its amount debited from the linked bank account
   * (ACH) or charged on the linked card (rules.ts `paymentProblem`: the trade's own amount, within the
   * service's cap). One fund move per order: the service's fund moves of the account are read first, and
   * one already made for the trade (an attempt whose answer was lost) is answered again, moving nothing.
   * Refused `not_found` when no bank account or card is linked for the method.
   */
  payOrder(payment: OrderPayment): Promise<InvestmentFundMove>;
  /** The fund move made for an order, or null when none was (the service's fund move history). */
  fundMove(tradeId: string): Promise<InvestmentFundMove | null>;

  /** Sends the order's subscription documents again through DocuSign (the product's resendDocuSign). */
  resendSubscriptionDocuments(tradeId: string): Promise<void>;
}
