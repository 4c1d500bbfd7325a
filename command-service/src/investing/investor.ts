import { entityOwnersMax } from '@wine/contracts';
import type { InvestorEvent } from '@wine/event-schemas';
import { AppError, canMoveOrder, mayInvest } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

type Onboarded = Extract<InvestorEvent, { type: 'InvestorOnboarded' }>['data'];
type PartyUpdate = Extract<InvestorEvent, { type: 'InvestorPartyUpdated' }>['data'];
type Owner = Extract<InvestorEvent, { type: 'InvestorOwnerAdded' }>['data'];
type Suitability = Extract<InvestorEvent, { type: 'InvestorSuitabilityRecorded' }>['data'];
type CardBrand = Extract<InvestorEvent, { type: 'InvestorCardLinked' }>['data']['brand'];
export type OrderStatus = 'created' | 'funded' | 'settled' | 'canceled';
type Document = { documentId: string; fileName: string; at: string };
type Paid = Extract<InvestorEvent, { type: 'InvestmentPaid' }>['data'];
export type PaymentMethod = Paid['method'];
/**
 * An order's payment (seeds 001 §7 northcapital_payment): asked of the service (`started`: its answer not
 * recorded yet), or made, with North Capital's answer kept as the confirmation.
 */
export type OrderPayment =
  | { status: 'started'; paymentId: string; method: PaymentMethod; at: string }
  | ({ status: 'paid' } & Paid);
export type InvestmentOrderState = {
  units: number;
  amount: number;
  status: OrderStatus;
  at: string;
  payment: OrderPayment | null;
};

/**
 * A payment asked and not answered for this long (a process that stopped between its start and its
 * record) no longer holds the order: another payment may take it over, and the service's fund move
 * history, read before any money moves, answers the move the first one made, if it made one.
 */
export const STALE_INVESTMENT_PAYMENT_MS = 5 * 60_000;

/**
 * A user's investor profile and orders on `investor-<userId>` (issue 35 §3): onboarded once (as an
 * individual or an entity with its owners), then documents, the accreditation decision, suitability, a
 * bank account, a card and orders, each as the investing service answered. The service enforces its own
 * rules; the log keeps what it said, and money moves here only when `mayInvest` (platform's one rule)
 * allows: an order placed, or funded by staff.
 */
export type Investor =
  | { status: 'none' }
  | {
      status: 'onboarded';
      profile: Onboarded;
      accreditation: 'none' | 'pending' | 'accredited' | 'not_accredited';
      documents: Document[];
      entityDocuments: Document[];
      suitability: Suitability | null;
      bank: { holderName: string; accountLast4: string; accountType: string } | null;
      card: { brand: CardBrand; last4: string } | null;
      orders: Record<string, InvestmentOrderState>;
    };
type OnboardedInvestor = Extract<Investor, { status: 'onboarded' }>;

type BankFacts = { holderName: string; accountLast4: string; accountType: 'checking' | 'savings' };

export type InvestorCommand =
  | { type: 'Onboard'; profile: Onboarded }
  | { type: 'UpdateParty'; update: PartyUpdate }
  | { type: 'AddOwner'; owner: Owner }
  | { type: 'RecordSuitability'; answers: Suitability }
  | { type: 'RecordDocument'; documentId: string; fileName: string; bytes: number; at: string }
  | { type: 'RecordEntityDocument'; documentId: string; fileName: string; bytes: number; at: string }
  | { type: 'RecordAccreditation'; status: 'pending' | 'accredited' | 'not_accredited' }
  | ({ type: 'RecordBank' } & BankFacts)
  | ({ type: 'UpdateBank' } & BankFacts)
  | { type: 'UnlinkBank' }
  | { type: 'LinkCard'; brand: CardBrand; last4: string }
  | { type: 'UpdateCard'; brand: CardBrand; last4: string }
  | { type: 'UnlinkCard' }
  | { type: 'RecordOrder'; tradeId: string; offeringId: string; units: number; amount: number; at: string }
  | { type: 'RecordOrderMove'; tradeId: string; status: OrderStatus }
  | { type: 'StartPayment'; tradeId: string; paymentId: string; method: PaymentMethod; now: Date }
  | ({ type: 'RecordPayment' } & Paid)
  | { type: 'FailPayment'; tradeId: string; paymentId: string; reason: string }
  | { type: 'ResendDocuments'; tradeId: string; at: string };

/** Every owner's identity check approved and the account accredited (platform investing rules.ts). */
export const investorMayInvest = (state: Investor) =>
  state.status === 'onboarded' &&
  mayInvest({
    accountId: state.profile.accountId,
    accreditation: state.accreditation === 'none' ? 'pending' : state.accreditation,
    owners: state.profile.owners.map((o) => ({ partyId: o.partyId, kyc: o.kyc })),
  }).ok;

// ---- The rules, as guards the service asks before it calls the investing service, and decide again. ----

/** A refusal of the product's own rules, in the words of the rule (the catalogue's INVESTING_REFUSED). */
function refusal(
  message:
    | 'investing.notEntity'
    | 'investing.onlyEntityOwners'
    | 'investing.bankAlreadyLinked'
    | 'investing.bankPaysOrder'
    | 'investing.cardAlreadyLinked'
    | 'investing.notOpen'
    | 'investing.notFundable'
    | 'investing.notSettleable'
    | 'investing.cardExpired'
    | 'investing.notPayable'
    | 'investing.paidOrder',
  field?: string,
) {
  return new AppError('INVESTING_REFUSED', { message, ...(field && { field }) });
}

/** Entity documents are an entity's: an individual investor has none to give. */
export function assertEntity(state: OnboardedInvestor): string {
  if (state.profile.kind !== 'entity' || !state.profile.entityId) throw refusal('investing.notEntity');
  return state.profile.entityId;
}

/**
 * An owner is added to an entity only, and only below `entityOwnersMax` (the contract's cap, the same
 * one onBoardEntity takes): an individual invests in their own name alone. Asked before a party is made
 * at the service, and decided again on the stream.
 */
export function assertOwnerRoom(state: OnboardedInvestor): void {
  if (state.profile.kind !== 'entity') throw refusal('investing.onlyEntityOwners');
  if (state.profile.owners.length >= entityOwnersMax)
    throw new AppError('INVESTING_REFUSED', {
      message: 'investing.ownersFull',
      params: { max: entityOwnersMax },
    });
}

/** One bank account at a time (Transact keeps one external account an account): a second is a change. */
export function assertNoBank(state: OnboardedInvestor): void {
  if (state.bank) throw refusal('investing.bankAlreadyLinked');
}

export function assertBank(state: OnboardedInvestor): NonNullable<OnboardedInvestor['bank']> {
  if (!state.bank) throw new AppError('NOT_FOUND', { message: 'investing.noBank' });
  return state.bank;
}

/**
 * The bank is unlinked only when no order still waits for its money: an order placed and not yet funded
 * is paid from it by ACH, so it is cancelled (or funded) first.
 */
export function assertBankUnlinkable(state: OnboardedInvestor): NonNullable<OnboardedInvestor['bank']> {
  const bank = assertBank(state);
  if (Object.values(state.orders).some((order) => order.status === 'created'))
    throw refusal('investing.bankPaysOrder');
  return bank;
}

export function assertNoCard(state: OnboardedInvestor): void {
  if (state.card) throw refusal('investing.cardAlreadyLinked');
}

export function assertCard(state: OnboardedInvestor): NonNullable<OnboardedInvestor['card']> {
  if (!state.card) throw new AppError('NOT_FOUND', { message: 'investing.noCard' });
  return state.card;
}

/** A card past its expiry month (by the server's clock) is refused before the service is asked. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

export function assertCardCurrent(expMonth: number, expYear: number, now: Date): void {
  if (cardExpired(expMonth, expYear, now)) throw refusal('investing.cardExpired', 'exp_year');
}

export function orderOf(state: OnboardedInvestor, tradeId: string): InvestmentOrderState {
  const order = state.orders[tradeId];
  if (!order) throw new AppError('TRADE_NOT_FOUND');
  return order;
}

/** An order still open (placed or funded, not settled or cancelled) has subscription documents to sign. */
export const isOpenOrder = (status: OrderStatus): boolean => status === 'created' || status === 'funded';

export function assertOpenOrder(state: OnboardedInvestor, tradeId: string): void {
  if (!isOpenOrder(orderOf(state, tradeId).status)) throw refusal('investing.notOpen', 'trade_id');
}

/**
 * seeds 001 §7 northcapital_payment: an order is paid once, just placed (not funded, settled or cancelled),
 * under the money rule, by a way the investor linked (the bank for ACH, the card). A payment of it still
 * waiting for the service's answer holds it (PAYMENT_IN_PROGRESS) until stale, but for a retry of that
 * same payment. Answers false when this payment already holds it (a retry goes on without a new record).
 */
export function assertPayable(
  state: OnboardedInvestor,
  tradeId: string,
  paymentId: string,
  method: PaymentMethod,
  now: Date,
): boolean {
  const order = orderOf(state, tradeId);
  const payment = order.payment;
  if (payment?.status === 'paid' || order.status === 'funded' || order.status === 'settled')
    throw new AppError('INVESTMENT_PAID');
  if (order.status !== 'created') throw refusal('investing.notPayable', 'trade_id');
  if (payment?.status === 'started') {
    if (payment.paymentId === paymentId) return false;
    if (now.getTime() - Date.parse(payment.at) < STALE_INVESTMENT_PAYMENT_MS)
      throw new AppError('PAYMENT_IN_PROGRESS');
  }
  if (!investorMayInvest(state)) throw new AppError('INVESTOR_NOT_APPROVED');
  if (method === 'ach') assertBank(state);
  else assertCard(state);
  return true;
}

/**
 * An order moves created → funded → settled, or created → canceled (platform rules.ts `canMoveOrder`),
 * and it is funded (money moves into escrow) only while the investor may invest: the one money rule.
 * Answers false when the order is already there (a repeat changes nothing).
 */
export function assertMove(state: OnboardedInvestor, tradeId: string, to: OrderStatus): boolean {
  const order = orderOf(state, tradeId);
  if (order.status === to) return false;
  // Money asked of North Capital for it, or moved: the order stays, to be funded.
  if (to === 'canceled' && order.payment) throw refusal('investing.paidOrder', 'trade_id');
  if (!canMoveOrder(order.status, to)) {
    if (to === 'funded') throw refusal('investing.notFundable', 'trade_id');
    if (to === 'settled') throw refusal('investing.notSettleable', 'trade_id');
    throw new AppError('INVESTING_REFUSED', { params: { reason: order.status } });
  }
  if (to === 'funded' && !investorMayInvest(state)) throw new AppError('INVESTOR_NOT_APPROVED');
  return true;
}

const sameSuitability = (a: Suitability | null, b: Suitability) =>
  a !== null &&
  a.riskProfile === b.riskProfile &&
  a.investmentExperience === b.investmentExperience &&
  a.privateOfferingExperience === b.privateOfferingExperience &&
  a.timeHorizonYears === b.timeHorizonYears &&
  a.objective === b.objective;

export function decideInvestor(command: InvestorCommand, state: Investor): InvestorEvent[] {
  if (command.type === 'Onboard') {
    if (state.status === 'onboarded') throw new AppError('INVESTOR_ONBOARDED');
    return [{ type: 'InvestorOnboarded', data: command.profile }];
  }
  if (state.status === 'none') throw new AppError('INVESTOR_NOT_ONBOARDED');
  switch (command.type) {
    case 'UpdateParty':
      if (!state.profile.owners.some((o) => o.partyId === command.update.partyId))
        throw new AppError('NOT_FOUND', { message: 'investing.noOwner', field: 'owner' });
      return [{ type: 'InvestorPartyUpdated', data: command.update }];
    case 'AddOwner':
      // The same party recorded again (a retried step) is no second owner.
      if (state.profile.owners.some((o) => o.partyId === command.owner.partyId)) return [];
      assertOwnerRoom(state);
      return [
        {
          type: 'InvestorOwnerAdded',
          data: { partyId: command.owner.partyId, name: command.owner.name, kyc: command.owner.kyc },
        },
      ];
    case 'RecordSuitability':
      return sameSuitability(state.suitability, command.answers)
        ? []
        : [{ type: 'InvestorSuitabilityRecorded', data: command.answers }];
    case 'RecordDocument':
      return state.documents.some((d) => d.documentId === command.documentId)
        ? []
        : [
            {
              type: 'InvestorDocumentUploaded',
              data: {
                documentId: command.documentId,
                fileName: command.fileName,
                bytes: command.bytes,
                at: command.at,
              },
            },
          ];
    case 'RecordEntityDocument':
      assertEntity(state);
      return state.entityDocuments.some((d) => d.documentId === command.documentId)
        ? []
        : [
            {
              type: 'InvestorEntityDocumentUploaded',
              data: {
                documentId: command.documentId,
                fileName: command.fileName,
                bytes: command.bytes,
                at: command.at,
              },
            },
          ];
    case 'RecordAccreditation':
      return state.accreditation === command.status
        ? []
        : [{ type: 'InvestorAccreditationChecked', data: { status: command.status } }];
    case 'RecordBank':
      assertNoBank(state);
      return [{ type: 'InvestorBankLinked', data: bankData(command) }];
    case 'UpdateBank':
      assertBank(state);
      return [{ type: 'InvestorBankUpdated', data: bankData(command) }];
    case 'UnlinkBank': {
      const bank = assertBankUnlinkable(state);
      return [{ type: 'InvestorBankUnlinked', data: { accountLast4: bank.accountLast4 } }];
    }
    case 'LinkCard':
      assertNoCard(state);
      return [{ type: 'InvestorCardLinked', data: { brand: command.brand, last4: command.last4 } }];
    case 'UpdateCard':
      assertCard(state);
      return [{ type: 'InvestorCardUpdated', data: { brand: command.brand, last4: command.last4 } }];
    case 'UnlinkCard': {
      const card = assertCard(state);
      return [{ type: 'InvestorCardUnlinked', data: { last4: card.last4 } }];
    }
    case 'RecordOrder':
      if (state.orders[command.tradeId]) return [];
      if (!investorMayInvest(state)) throw new AppError('INVESTOR_NOT_APPROVED');
      return [
        {
          type: 'InvestmentOrdered',
          data: {
            tradeId: command.tradeId,
            offeringId: command.offeringId,
            units: command.units,
            amount: command.amount,
            at: command.at,
          },
        },
      ];
    case 'RecordOrderMove':
      return assertMove(state, command.tradeId, command.status)
        ? [{ type: 'InvestmentOrderMoved', data: { tradeId: command.tradeId, status: command.status } }]
        : [];
    case 'StartPayment': {
      const { tradeId, paymentId, method, now } = command;
      if (!assertPayable(state, tradeId, paymentId, method, now)) return [];
      const { amount } = orderOf(state, tradeId);
      return [
        {
          type: 'InvestmentPaymentStarted',
          data: { tradeId, paymentId, method, amount, at: now.toISOString() },
        },
      ];
    }
    case 'RecordPayment': {
      // The service moves an order's money once (its history is read first): recorded once, by whichever
      // payment's answer comes first.
      if (orderOf(state, command.tradeId).payment?.status === 'paid') return [];
      const { type: _type, ...paid } = command;
      return [{ type: 'InvestmentPaid', data: paid }];
    }
    case 'FailPayment': {
      const payment = orderOf(state, command.tradeId).payment;
      if (payment?.status !== 'started' || payment.paymentId !== command.paymentId) return [];
      const { tradeId, paymentId, reason } = command;
      return [
        { type: 'InvestmentPaymentFailed', data: { tradeId, paymentId, reason: reason.slice(0, 300) } },
      ];
    }
    case 'ResendDocuments':
      assertOpenOrder(state, command.tradeId);
      return [{ type: 'InvestmentDocumentsResent', data: { tradeId: command.tradeId, at: command.at } }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

const bankData = (facts: BankFacts): BankFacts => ({
  holderName: facts.holderName,
  accountLast4: facts.accountLast4,
  accountType: facts.accountType,
});

export function evolveInvestor(state: Investor, event: InvestorEvent): Investor {
  if (event.type === 'InvestorOnboarded') {
    return {
      status: 'onboarded',
      profile: event.data,
      accreditation: 'none',
      documents: [],
      entityDocuments: [],
      suitability: null,
      bank: null,
      card: null,
      orders: {},
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'InvestorPartyUpdated': {
      const { partyId, name, kyc } = event.data;
      const owners = state.profile.owners.map((o) => (o.partyId === partyId ? { ...o, name, kyc } : o));
      // An individual's profile is named after its one owner; an entity keeps its own name.
      const profileName = state.profile.kind === 'individual' ? name : state.profile.name;
      return { ...state, profile: { ...state.profile, owners, name: profileName } };
    }
    case 'InvestorOwnerAdded':
      return { ...state, profile: { ...state.profile, owners: [...state.profile.owners, event.data] } };
    case 'InvestorSuitabilityRecorded':
      return { ...state, suitability: event.data };
    case 'InvestorDocumentUploaded':
      return {
        ...state,
        documents: [
          ...state.documents,
          { documentId: event.data.documentId, fileName: event.data.fileName, at: event.data.at },
        ],
      };
    case 'InvestorEntityDocumentUploaded':
      return {
        ...state,
        entityDocuments: [
          ...state.entityDocuments,
          { documentId: event.data.documentId, fileName: event.data.fileName, at: event.data.at },
        ],
      };
    case 'InvestorAccreditationChecked':
      return { ...state, accreditation: event.data.status };
    case 'InvestorBankLinked':
    case 'InvestorBankUpdated':
      return { ...state, bank: event.data };
    case 'InvestorBankUnlinked':
      return { ...state, bank: null };
    case 'InvestorCardLinked':
    case 'InvestorCardUpdated':
      return { ...state, card: { brand: event.data.brand, last4: event.data.last4 } };
    case 'InvestorCardUnlinked':
      return { ...state, card: null };
    case 'InvestmentOrdered':
      return {
        ...state,
        orders: {
          ...state.orders,
          [event.data.tradeId]: {
            units: event.data.units,
            amount: event.data.amount,
            status: 'created',
            at: event.data.at,
            payment: null,
          },
        },
      };
    case 'InvestmentOrderMoved': {
      const order = state.orders[event.data.tradeId];
      return order
        ? {
            ...state,
            orders: { ...state.orders, [event.data.tradeId]: { ...order, status: event.data.status } },
          }
        : state;
    }
    case 'InvestmentDocumentsResent':
      return state;
    case 'InvestmentPaymentStarted': {
      const { tradeId, paymentId, method, at } = event.data;
      return withPayment(state, tradeId, { status: 'started', paymentId, method, at });
    }
    case 'InvestmentPaid':
      return withPayment(state, event.data.tradeId, { status: 'paid', ...event.data });
    case 'InvestmentPaymentFailed':
      return withPayment(state, event.data.tradeId, null);
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

function withPayment(state: OnboardedInvestor, tradeId: string, payment: OrderPayment | null): Investor {
  const order = state.orders[tradeId];
  return order ? { ...state, orders: { ...state.orders, [tradeId]: { ...order, payment } } } : state;
}

export const investorDecider: Decider<InvestorCommand, InvestorEvent, Investor> = {
  decide: decideInvestor,
  evolve: evolveInvestor,
  initialState: () => ({ status: 'none' }),
};
