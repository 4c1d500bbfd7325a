import type {
  IndividualInvestor,
  InvestingDocument,
  InvestingDocumentOwner,
  InvestingFailure,
  InvestingService,
  InvestmentFundMove,
  InvestmentOrder,
  InvestmentOrderStatus,
  InvestorAccount,
  InvestorAccreditation,
  InvestorSuitability,
  LinkedBankAccount,
  LinkedInvestorCard,
} from './port.ts';
import { InvestingError } from './port.ts';
import {
  accountProblem,
  assertMayInvest,
  assertMoveOrder,
  assertPayable,
  bankProblem,
  cardCheck,
  documentTitleOf,
  entityProblem,
  holdingsOf,
  type InvestorStanding,
  individualProblem,
  linkedCardOf,
  orderProblem,
} from './rules.ts';
import {
  accreditationDecision,
  defaultSandboxOfferings,
  type KycDecision,
  kycDecision,
  MIN_VERIFICATION_DOCUMENT_BYTES,
  type SandboxOffering,
} from './sandbox-rules.ts';

export interface SandboxInvestingOptions {
  /** The offerings orders may be placed in, by id; a $10.00 demo offering (55591) by default. */
  offerings?: Readonly<Record<string, SandboxOffering>> | undefined;
  /** The clock documents and orders are dated by. */
  now?: (() => Date) | undefined;
}

export interface SandboxInvesting extends InvestingService {
  /** The suitability answers recorded for an account (what Transact's dashboard would show). */
  suitabilityOf(accountId: string): InvestorSuitability | undefined;
  /** How many times an order's subscription documents were (re)sent. */
  resentDocuments(tradeId: string): number;
  /** Every fund move made for an order: more than one would be money moved twice. */
  fundMovesOf(tradeId: string): readonly InvestmentFundMove[];
}

interface SandboxAccount extends InvestorAccount {
  accreditation: InvestorAccreditation;
  verificationFiles: string[];
  bank?: LinkedBankAccount;
  card?: LinkedInvestorCard;
  suitability?: InvestorSuitability;
}

const SERVICE = 'sandbox';

const fail = (reason: InvestingFailure, message: string) => new InvestingError(SERVICE, reason, message);

/** `YYYY-MM-DD HH:MM:SS`, as Transact dates what it keeps. */
const stamp = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/**
 * The embedded investing service: North Capital's behaviour in memory, deterministic, for demos and specs.
 * Ids look like Transact's (P… parties, E… entities, A… accounts, numeric trades). KYC and accreditation
 * are decided by sandbox-rules.ts (a last name containing `Disapprove` or `Review`; North Capital's magic
 * accreditation file names such as `Test_Approved_All.pdf`); orders move by rules.ts, under the money rule.
 * Nothing is kept across restarts; card and bank numbers are never kept, only their last four digits.
 */
export function createSandboxInvesting(options: SandboxInvestingOptions = {}): SandboxInvesting {
  const offerings = options.offerings ?? defaultSandboxOfferings;
  const now = options.now ?? (() => new Date());
  const parties = new Map<string, { investor: IndividualInvestor; check: KycDecision | null }>();
  const entities = new Map<string, { name: string }>();
  const accounts = new Map<string, SandboxAccount>();
  const documents = new Map<string, InvestingDocument[]>();
  const orders = new Map<string, InvestmentOrder>();
  const resends = new Map<string, number>();
  const fundMoves = new Map<string, InvestmentFundMove[]>();
  let next = 100_000;
  const nextId = () => String(++next);

  const party = (partyId: string) => {
    const found = parties.get(partyId);
    if (!found) throw fail('not_found', `party ${partyId} does not exist`);
    return found;
  };
  const account = (accountId: string) => {
    const found = accounts.get(accountId);
    if (!found) throw fail('not_found', `account ${accountId} does not exist`);
    return found;
  };
  const order = (tradeId: string) => {
    const found = orders.get(tradeId);
    if (!found) throw fail('not_found', `order ${tradeId} does not exist`);
    return found;
  };
  const kycOf = (partyId: string) => {
    const check = party(partyId).check;
    if (!check) return 'pending' as const;
    if (check.kyc === 'disapproved' || check.aml === 'disapproved') return 'disapproved' as const;
    return check.kyc === 'approved' && check.aml === 'approved'
      ? ('approved' as const)
      : ('pending' as const);
  };
  const view = (a: SandboxAccount): InvestorAccount => ({
    accountId: a.accountId,
    type: a.type,
    registration: a.registration,
    owners: [...a.owners],
    ...(a.entityId && { entityId: a.entityId }),
  });
  const standing = (accountId: string): InvestorStanding => {
    const a = account(accountId);
    return {
      accountId,
      accreditation: a.accreditation,
      owners: a.owners.map((partyId) => ({ partyId, kyc: kycOf(partyId) })),
    };
  };
  /** The key an owner's documents are kept under; an owner the sandbox does not know is refused. */
  const ownerKey = (owner: InvestingDocumentOwner) => {
    if (owner.kind === 'party') {
      party(owner.partyId);
      return `party:${owner.partyId}`;
    }
    if (owner.kind === 'entity') {
      if (!entities.has(owner.entityId)) throw fail('not_found', `entity ${owner.entityId} does not exist`);
      return `entity:${owner.entityId}`;
    }
    account(owner.accountId);
    return `accreditation:${owner.accountId}`;
  };
  const move = (tradeId: string, to: InvestmentOrderStatus) => {
    const current = order(tradeId);
    assertMoveOrder(SERVICE, tradeId, current.status, to);
    const moved = { ...current, status: to };
    orders.set(tradeId, moved);
    return { ...moved };
  };

  return {
    name: SERVICE,
    async createIndividual(input) {
      const problem = individualProblem(input);
      if (problem) throw fail('invalid', problem);
      const partyId = `P${nextId()}`;
      const investor: IndividualInvestor = {
        partyId,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        dateOfBirth: input.dateOfBirth,
        domicile: input.domicile,
        address: { ...input.address },
        kyc: 'pending',
      };
      parties.set(partyId, { investor, check: null });
      return { ...investor };
    },
    async updateIndividual(partyId, change) {
      const found = party(partyId);
      const { ssn: _ssn, phone: _phone, ...kept } = change;
      const investor = {
        ...found.investor,
        ...kept,
        address: { ...(change.address ?? found.investor.address) },
      };
      const problem = individualProblem(investor);
      if (problem) throw fail('invalid', problem);
      found.investor = investor;
      return { ...investor, kyc: kycOf(partyId) };
    },
    async individual(partyId) {
      const found = party(partyId);
      return { ...found.investor, address: { ...found.investor.address }, kyc: kycOf(partyId) };
    },
    async checkKyc(partyId) {
      const found = party(partyId);
      found.check = kycDecision(found.investor.lastName);
      return kycOf(partyId);
    },
    async kyc(partyId) {
      return kycOf(partyId);
    },
    async openAccount(input) {
      const problem = accountProblem(input);
      if (problem) throw fail('invalid', problem);
      party(input.owner);
      const accountId = `A${nextId()}`;
      const created: SandboxAccount = {
        accountId,
        type: 'individual',
        registration: input.registration,
        owners: [input.owner],
        accreditation: 'pending',
        verificationFiles: [],
      };
      accounts.set(accountId, created);
      return view(created);
    },
    async createEntity(input) {
      const problem = entityProblem(input);
      if (problem) throw fail('invalid', problem);
      for (const owner of input.owners) party(owner);
      const entityId = `E${nextId()}`;
      entities.set(entityId, { name: input.name });
      const accountId = `A${nextId()}`;
      const created: SandboxAccount = {
        accountId,
        type: 'entity',
        registration: input.name,
        owners: [...input.owners],
        entityId,
        accreditation: 'pending',
        verificationFiles: [],
      };
      accounts.set(accountId, created);
      return view(created);
    },
    async linkOwner(accountId, partyId) {
      const a = account(accountId);
      party(partyId);
      if (!a.owners.includes(partyId)) a.owners.push(partyId);
      return view(a);
    },
    async account(accountId) {
      return view(account(accountId));
    },
    async requestAccreditation(accountId) {
      const a = account(accountId);
      a.accreditation = accreditationDecision(a.verificationFiles).accreditation;
      // North Capital answers the request itself as pending; the decision is read afterwards.
      return 'pending';
    },
    async accreditation(accountId) {
      return account(accountId).accreditation;
    },
    async uploadDocument(input) {
      const key = ownerKey(input.owner);
      if (!input.fileName.trim()) throw fail('invalid', 'the file name is missing');
      if (input.owner.kind === 'accreditation' && input.content.byteLength < MIN_VERIFICATION_DOCUMENT_BYTES)
        throw fail('invalid', 'Document File Size Must Be Greater Than 1 kb');
      const document: InvestingDocument = {
        documentId: nextId(),
        owner: { ...input.owner },
        title: documentTitleOf(input.fileName, input.title),
        fileName: input.fileName,
        createdAt: stamp(now()),
      };
      documents.set(key, [...(documents.get(key) ?? []), document]);
      if (input.owner.kind === 'accreditation')
        account(input.owner.accountId).verificationFiles.push(input.fileName);
      return { ...document };
    },
    async documents(owner) {
      return (documents.get(ownerKey(owner)) ?? []).map((d) => ({ ...d }));
    },
    async recordSuitability(accountId, answers) {
      account(accountId).suitability = { ...answers };
    },
    async linkBank(accountId, bank) {
      const a = account(accountId);
      const problem = bankProblem(bank);
      if (problem) throw fail('invalid', problem);
      if (a.bank) throw fail('conflict', 'This account already has an external financial account.');
      a.bank = {
        accountId,
        holderName: bank.holderName,
        nickname: bank.nickname,
        accountType: bank.accountType,
        routingNumber: bank.routingNumber,
        accountLast4: bank.accountNumber.slice(-4),
      };
      return { ...a.bank };
    },
    async updateBank(accountId, bank) {
      const a = account(accountId);
      const problem = bankProblem(bank);
      if (problem) throw fail('invalid', problem);
      if (!a.bank) throw fail('not_found', 'Investor External Account does not exist.');
      a.bank = {
        accountId,
        holderName: bank.holderName,
        nickname: bank.nickname,
        accountType: bank.accountType,
        routingNumber: bank.routingNumber,
        accountLast4: bank.accountNumber.slice(-4),
      };
      return { ...a.bank };
    },
    async bank(accountId) {
      const linked = account(accountId).bank;
      return linked ? { ...linked } : null;
    },
    async unlinkBank(accountId) {
      delete account(accountId).bank;
    },
    async linkCard(accountId, card) {
      const a = account(accountId);
      const checked = cardCheck(card);
      if (!checked.ok) throw fail('invalid', checked.problem);
      if (a.card) throw fail('conflict', 'This account already has a credit card.');
      a.card = linkedCardOf(accountId, card, checked.brand);
      return { ...a.card };
    },
    async updateCard(accountId, card) {
      const a = account(accountId);
      const checked = cardCheck(card);
      if (!checked.ok) throw fail('invalid', checked.problem);
      if (!a.card) throw fail('not_found', 'Credit card details does not exist.');
      a.card = linkedCardOf(accountId, card, checked.brand);
      return { ...a.card };
    },
    async card(accountId) {
      const linked = account(accountId).card;
      return linked ? { ...linked } : null;
    },
    async unlinkCard(accountId) {
      delete account(accountId).card;
    },
    async createOrder(input) {
      const problem = orderProblem(input.units, input.paymentMethod);
      if (problem) throw fail('invalid', problem);
      // As the adapter asks: the account's standing first, then the offering (Transact's createTrade).
      assertMayInvest(SERVICE, standing(input.accountId));
      const offering = offerings[input.offeringId];
      if (!offering) throw fail('not_found', `offering ${input.offeringId} does not exist`);
      const created: InvestmentOrder = {
        tradeId: nextId(),
        accountId: input.accountId,
        offeringId: input.offeringId,
        units: input.units,
        amount: input.units * offering.unitPrice,
        paymentMethod: input.paymentMethod,
        status: 'created',
        createdAt: stamp(now()),
      };
      orders.set(created.tradeId, created);
      return { ...created };
    },
    async fundOrder(tradeId) {
      const current = order(tradeId);
      assertMoveOrder(SERVICE, tradeId, current.status, 'funded');
      assertMayInvest(SERVICE, standing(current.accountId));
      return move(tradeId, 'funded');
    },
    async settleOrder(tradeId) {
      return move(tradeId, 'settled');
    },
    async cancelOrder(tradeId) {
      return move(tradeId, 'canceled');
    },
    async order(tradeId) {
      return { ...order(tradeId) };
    },
    async holdings(accountId) {
      account(accountId);
      return holdingsOf(
        accountId,
        [...orders.values()].filter((o) => o.accountId === accountId).map((o) => ({ ...o })),
      );
    },
    async payOrder(payment) {
      const current = order(payment.tradeId);
      // One fund move per order: an attempt whose answer was lost is answered again.
      const made = fundMoves.get(payment.tradeId)?.[0];
      if (made) return { ...made };
      assertPayable(SERVICE, current, payment);
      const a = account(current.accountId);
      assertMayInvest(SERVICE, standing(current.accountId));
      if (payment.method === 'ACH' && !a.bank)
        throw fail('not_found', 'Investor External Account does not exist.');
      if (payment.method === 'CREDITCARD' && !a.card)
        throw fail('not_found', 'Credit card details does not exist.');
      const moved: InvestmentFundMove = {
        tradeId: payment.tradeId,
        method: payment.method,
        reference: nextId(),
        amount: current.amount,
        fundStatus: 'Pending',
        transactionStatus: 'Pending',
      };
      orders.set(payment.tradeId, { ...current, paymentMethod: payment.method });
      fundMoves.set(payment.tradeId, [...(fundMoves.get(payment.tradeId) ?? []), moved]);
      return { ...moved };
    },
    async fundMove(tradeId) {
      order(tradeId);
      const made = fundMoves.get(tradeId)?.[0];
      return made ? { ...made } : null;
    },
    async resendSubscriptionDocuments(tradeId) {
      order(tradeId);
      resends.set(tradeId, (resends.get(tradeId) ?? 0) + 1);
    },
    suitabilityOf: (accountId) => accounts.get(accountId)?.suitability,
    resentDocuments: (tradeId) => resends.get(tradeId) ?? 0,
    fundMovesOf: (tradeId) => (fundMoves.get(tradeId) ?? []).map((m) => ({ ...m })),
  };
}
