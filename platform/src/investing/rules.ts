/**
 * The investing rules both adapters enforce, as pure functions: the money rule, the order's moves, and
 * what input is refused before the service is asked. One place, so the sandbox and North Capital cannot
 * disagree on when money may move.
 */
import { brandOf, luhn } from '../card-provider/card-numbers.ts';
import {
  InvestingError,
  type InvestmentOrder,
  type InvestmentOrderStatus,
  type InvestmentPaymentMethod,
  type InvestorAccreditation,
  type InvestorAddress,
  type InvestorBankDetails,
  type InvestorCardDetails,
  type InvestorHoldings,
  type InvestorKyc,
  type LinkedInvestorCard,
  type NewEntityInvestor,
  type NewIndividualInvestor,
  type NewInvestorAccount,
  type OrderPayment,
} from './port.ts';

/** What the money rule looks at: the account's accreditation and the KYC of every individual owning it. */
export interface InvestorStanding {
  accountId: string;
  accreditation: InvestorAccreditation;
  owners: { partyId: string; kyc: InvestorKyc }[];
}

export type InvestDecision = { ok: true } | { ok: false; why: string[] };

/**
 * The money rule (issue: "Money moves only once KYC and accreditation are approved"): an account may
 * place or fund an order only when it has an owner, every owner's KYC/AML is approved and the account is
 * accredited. `why` names each thing missing, for the screen and the refusal.
 */
export function mayInvest(standing: InvestorStanding): InvestDecision {
  const why: string[] = [];
  if (standing.owners.length === 0) why.push(`account ${standing.accountId} has no owner`);
  for (const owner of standing.owners) {
    if (owner.kyc !== 'approved') why.push(`KYC of ${owner.partyId} is ${owner.kyc}`);
  }
  if (standing.accreditation !== 'accredited')
    why.push(`accreditation of ${standing.accountId} is ${standing.accreditation}`);
  return why.length === 0 ? { ok: true } : { ok: false, why };
}

/** Throws InvestingError `not_approved` (naming what is missing) unless `mayInvest` allows. */
export function assertMayInvest(service: string, standing: InvestorStanding): void {
  const decision = mayInvest(standing);
  if (!decision.ok) throw new InvestingError(service, 'not_approved', decision.why.join('; '));
}

/**
 * The moves the port makes: created → funded → settled, and created → canceled (Transact cancels only a
 * trade not yet funded; a funded one is unwound from the dashboard). Settled and canceled are final.
 */
const moves: Readonly<Record<InvestmentOrderStatus, readonly InvestmentOrderStatus[]>> = {
  created: ['funded', 'canceled'],
  funded: ['settled'],
  settled: [],
  canceled: [],
  unwind_pending: [],
  unwind_settled: [],
};

export function canMoveOrder(from: InvestmentOrderStatus, to: InvestmentOrderStatus): boolean {
  return moves[from].includes(to);
}

/** Throws InvestingError `invalid_transition` unless the order may move from `from` to `to`. */
export function assertMoveOrder(
  service: string,
  tradeId: string,
  from: InvestmentOrderStatus,
  to: InvestmentOrderStatus,
): void {
  if (!canMoveOrder(from, to))
    throw new InvestingError(
      service,
      'invalid_transition',
      `order ${tradeId} is ${from}, it cannot become ${to}`,
    );
}

/** An account's bids and their totals by status (integer cents); canceled and unwound orders count in none. */
export function holdingsOf(accountId: string, orders: readonly InvestmentOrder[]): InvestorHoldings {
  const totals = { created: 0, funded: 0, settled: 0, settledUnits: 0 };
  for (const order of orders) {
    if (order.status === 'created') totals.created += order.amount;
    else if (order.status === 'funded') totals.funded += order.amount;
    else if (order.status === 'settled') {
      totals.settled += order.amount;
      totals.settledUnits += order.units;
    }
  }
  return { accountId, bids: [...orders], totals };
}

/** Why an order cannot be asked for (whole units, a known payment method), or null. */
export function orderProblem(units: number, paymentMethod: string): string | null {
  if (!Number.isSafeInteger(units) || units <= 0) return 'units must be a whole number above 0';
  if (!['ACH', 'WIRE', 'CREDITCARD'].includes(paymentMethod))
    return `unknown payment method ${paymentMethod}`;
  return null;
}

/**
 * The most one fund move takes, integer cents: Transact's externalFundMove "is limited to $100,000.00";
 * its ccFundMove's "maximum amount per transaction is $5,000.00".
 */
export const fundMoveLimits: Readonly<Record<InvestmentPaymentMethod, number>> = {
  ACH: 10_000_000,
  CREDITCARD: 500_000,
};

/** Why an amount cannot be moved by `method`, or null: whole cents above 0, within the method's cap. */
export function fundMoveProblem(method: InvestmentPaymentMethod, amount: number): string | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'the amount must be whole cents above 0';
  if (amount > fundMoveLimits[method])
    return `${method === 'ACH' ? 'an ACH debit' : 'a card payment'} takes at most $${(fundMoveLimits[method] / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  return null;
}

/**
 * Throws unless `order` may be paid as asked: not yet funded (`invalid_transition`), for its own amount and
 * within the method's cap (`invalid`). Asked after a fund move already made for it was looked for.
 */
export function assertPayable(service: string, order: InvestmentOrder, payment: OrderPayment): void {
  if (order.status !== 'created')
    throw new InvestingError(
      service,
      'invalid_transition',
      `order ${order.tradeId} is ${order.status}, only an order just placed is paid`,
    );
  if (payment.amount !== order.amount)
    throw new InvestingError(
      service,
      'invalid',
      `the order is ${order.amount} cents at the service, not ${payment.amount}`,
    );
  const problem = fundMoveProblem(payment.method, payment.amount);
  if (problem) throw new InvestingError(service, 'invalid', problem);
}

/** The ABA routing number's checksum (3-7-1 weights): a mistyped one is refused before it reaches the bank. */
export function abaRoutingValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum =
    3 * ((d[0] ?? 0) + (d[3] ?? 0) + (d[6] ?? 0)) +
    7 * ((d[1] ?? 0) + (d[4] ?? 0) + (d[7] ?? 0)) +
    ((d[2] ?? 0) + (d[5] ?? 0) + (d[8] ?? 0));
  return sum % 10 === 0;
}

/** Why bank details cannot be linked, or null (never echoing the account number). */
export function bankProblem(bank: InvestorBankDetails): string | null {
  if (!bank.holderName.trim()) return 'the account holder is missing';
  if (!bank.nickname.trim()) return 'the nickname is missing';
  if (!abaRoutingValid(bank.routingNumber)) return 'the routing number is not a valid ABA number';
  if (!/^\d{4,17}$/.test(bank.accountNumber)) return 'the account number must be 4 to 17 digits';
  if (!bank.ipAddress.trim()) return 'the IP address is missing';
  return null;
}

/**
 * A card's brand when the service can take it, or why not: the Luhn check, a month 1-12, a four-digit year
 * and a 3-4 digit CVC; Visa, Mastercard and Discover only (Transact's cardType VI, MC, DI).
 */
export function cardCheck(
  card: InvestorCardDetails,
): { ok: true; brand: LinkedInvestorCard['brand'] } | { ok: false; problem: string } {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits))
    return { ok: false, problem: 'the card number is not valid' };
  const brand = brandOf(digits);
  if (brand !== 'visa' && brand !== 'mastercard' && brand !== 'discover')
    return { ok: false, problem: `${brand} cards are not taken` };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return { ok: false, problem: 'the expiry month is not valid' };
  if (!Number.isInteger(card.expYear) || card.expYear < 2000 || card.expYear > 2099)
    return { ok: false, problem: 'the expiry year is not valid' };
  if (!/^\d{3,4}$/.test(card.cvc)) return { ok: false, problem: 'the CVC is not valid' };
  if (!card.nameOnCard.trim()) return { ok: false, problem: 'the name on the card is missing' };
  return { ok: true, brand };
}

/** The card as the port answers it, from what was linked: brand and last four, nothing else. */
export function linkedCardOf(
  accountId: string,
  card: InvestorCardDetails,
  brand: LinkedInvestorCard['brand'],
): LinkedInvestorCard {
  const digits = card.number.replace(/[\s-]/g, '');
  return {
    accountId,
    nameOnCard: card.nameOnCard,
    brand,
    last4: digits.slice(-4),
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
}

/** Why an address cannot be sent, or null: Transact requires the street, city, state, ZIP and country. */
export function addressProblem(address: InvestorAddress): string | null {
  for (const key of ['address1', 'city', 'state', 'zip', 'country'] as const) {
    if (!address[key]?.trim()) return `the address ${key} is missing`;
  }
  if (!/^([A-Za-z]{2}|NOUS)$/.test(address.state.trim()))
    return 'the state must be two letters, or NOUS outside the US';
  return null;
}

/** Why an individual cannot be onboarded, or null (Transact's createParty required fields). */
export function individualProblem(investor: NewIndividualInvestor): string | null {
  if (!investor.firstName.trim()) return 'the first name is missing';
  if (!investor.lastName.trim()) return 'the last name is missing';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(investor.email)) return 'the email address is not valid';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(investor.dateOfBirth) || Number.isNaN(Date.parse(investor.dateOfBirth)))
    return 'the date of birth must be YYYY-MM-DD';
  if (investor.ssn !== undefined && !/^\d{3}-?\d{2}-?\d{4}$/.test(investor.ssn))
    return 'the SSN is not valid';
  return addressProblem(investor.address);
}

/** Why an entity cannot be onboarded, or null: its name, email, address and at least one owner. */
export function entityProblem(entity: NewEntityInvestor): string | null {
  if (!entity.name.trim()) return 'the entity name is missing';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(entity.email)) return 'the email address is not valid';
  if (entity.owners.length === 0) return 'an entity needs at least one owner';
  if (new Set(entity.owners).size !== entity.owners.length) return 'an owner is listed twice';
  return addressProblem(entity.address);
}

export function accountProblem(account: NewInvestorAccount): string | null {
  if (!account.registration.trim()) return 'the registration is missing';
  return addressProblem(account.address);
}

/** A document's title, the file name when none is given. */
export function documentTitleOf(fileName: string, title: string | undefined): string {
  return title?.trim() ? title.trim() : fileName;
}
