import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenDouble } from '../http/double-server.ts';
import { brandOf, luhn } from './card-numbers.ts';
import { CardDeclinedError, type CardDetails } from './port.ts';
import { type SandboxCharge, sandboxTestCards } from './sandbox.ts';

/**
 * The card network's shared test numbers (the sandbox's, Stripe's, CyberSource's), which the double
 * honours as Versapay's UAT honours its own: 4242… and the other brands work, 4000…0002 is declined
 * when it is verified into a wallet, 4000…0341 goes into a wallet and declines every sale. Versapay
 * has no 3-D Secure: 4000 0025 0000 3155 is an ordinary card here, its sales settle at once.
 */
export const versapayTestCards = sandboxTestCards;
/** Versapay's own UAT card that "will always decline" (API Reference, Testing Order Transactions). */
const uatDeclinedCard = '4264280001234500';

type Json = Record<string, unknown>;

/** One request the double received, as Versapay would read it (card number and code masked). */
export interface VersapayDoubleRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** The Authorization header as received. */
  authorization: string | undefined;
  /** The JSON body, with any card number and security code masked. */
  body: Json;
  /** The HTTP status the double answered. */
  status: number;
}

export interface VersapayDouble {
  /** The platform API root (wallets, orders, order transactions): http://127.0.0.1:<port> */
  url: string;
  /** The Ecommerce API root (sessions, the iframe's tokens): `<url>/api/v2`. */
  ecommerceUrl: string;
  apiToken: string;
  apiKey: string;
  requests: VersapayDoubleRequest[];
  /**
   * Every order whose sale took money, in the shape the sandbox lists its charges (the charge id is
   * the order's identifier, the token `wallet|fund`): what a test counts.
   */
  charges(): SandboxCharge[];
  /**
   * While on, every call whose path starts with `path` (every call without one) answers HTTP 503
   * with an HTML page, as Versapay's edge does when the API behind it is down.
   */
  outage(on: boolean, path?: string): void;
  close(): Promise<void>;
}

type Brand = 'visa' | 'master' | 'american_express' | 'discover' | 'other';
/** A card the iframe tokenised: a fund token, and the wallet it went into. */
interface Fund {
  token: string;
  number: string;
  holder: string | null;
  expMonth: number;
  expYear: number;
  brand: Brand;
  wallet: string | null;
  nickname: string | null;
  inactive: boolean;
  created: string;
}
interface Wallet {
  token: string;
  customer: { identifier: string; name: string | null };
  funds: string[];
}
interface Order {
  identifier: string;
  number: string;
  currency: string;
  amountCents: number;
  date: string;
  draft: boolean;
  attributes: Json;
  transactions: string[];
}
interface Txn {
  token: string;
  action: 'sale' | 'refund';
  amountCents: number;
  approved: boolean;
  message: string | null;
  reference: string | null;
  fund: string;
  wallet: string | null;
  order: string;
  /** A sale's cents refunded so far. */
  refunded: number;
  created: string;
}

/** A Versapay answer other than success, as an HTTP status and JSON body. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.error ?? body.message ?? status));
  }
}
/** The Ecommerce API's `Error`: `{ message, errors: [{ path, message }] }`. */
const badInput = (path: string, message: string) =>
  new Refusal(400, { message: 'Bad input parameter', errors: [{ path, message }] });
/** `WalletErrors` (on a wallet: the word under `wallets.error`), HTTP 412. */
const walletError = (error: string) =>
  new Refusal(412, { wallet_token: null, fund_token: null, wallets: { error } });
/** `WalletMethodErrors` (on a wallet's payment method), HTTP 412. */
const methodError = (error: string) => new Refusal(412, { error });
/** The gateway's `UnifiedResponse` for a transaction that did not go through, documented as HTTP 500. */
const notThrough = (error?: string) =>
  new Refusal(500, { success: false, ...(error !== undefined && { errors: [error] }) });

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Versapay's tokens: 12 upper-case letters and digits; card fund tokens begin `CC` (as `CC54QRN1CLDX`). */
const tokenOf = (prefix = '') =>
  prefix + [...randomBytes(12 - prefix.length)].map((b) => alphabet[b % alphabet.length]).join('');
const timestamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
const masked = (number: string) => `${'X'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;
/** Versapay's brand words (`CardBrand`) and how its wallets display a card ("Visa **1111"). */
const brandWord = (number: string): Brand => {
  const brand = brandOf(number);
  return brand === 'mastercard' ? 'master' : brand === 'amex' ? 'american_express' : brand;
};
const brandName: Record<Brand, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  american_express: 'American Express',
  discover: 'Discover',
  other: 'Card',
};
const expired = (month: number, year: number, at: Date) =>
  year < at.getUTCFullYear() || (year === at.getUTCFullYear() && month < at.getUTCMonth() + 1);
/** A month or year as Versapay takes it: an integer, or its digits as a string ("2 digit month"). */
const integerOf = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value)
    ? value
    : typeof value === 'string' && /^\d{1,4}$/.test(value)
      ? Number(value)
      : Number.NaN;
/** The body as recorded for a test to read: never a whole card number or a security code. */
function maskedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskedCopy);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Json).map(([key, v]) => [
      key,
      (key === 'accountNumber' || key === 'card_number') && typeof v === 'string'
        ? masked(v)
        : key === 'cardVerificationValue' || key === 'cvv'
          ? '***'
          : maskedCopy(v),
    ]),
  );
}
const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * A test double of Versapay's two APIs on http://127.0.0.1 at a random port, speaking their
 * documented wire formats (the Ecommerce API 2.0.0 and the API Reference 1.3.35), stateful as UAT is:
 * - Ecommerce API, under `/api/v2`: `POST /sessions` takes the API Token and Key as
 *   `gatewayAuthorization` in the body (else HTTP 401 "Gateway authentication error") and the
 *   iframe's `options`, and answers the session id; `GET /sessions/{id}` its options, as the SDK reads
 *   them; `POST /sessions/{id}/tokens` is what the iframe does with the card (`TokenRequest`:
 *   `accountNumber`, `expirationMonth`, `expirationYear`, `cardVerificationValue`, `accountHolder`),
 *   checked for form (Luhn, expiry, a security code of the brand's length: HTTP 400 with the field's
 *   `path`) and answered with a fund token (HTTP 201); `addToWallet` puts it into the session's wallet.
 * - Platform API, with HTTP Basic (API Token as user, API Key as password; else HTTP 401 "You need to
 *   sign in…"): wallets (`POST /api/gateway/v1/wallets`, `POST …/wallets/{wallet}/methods`, `GET
 *   …/wallets/search` by `customer` or `fund`, `PATCH` and `DELETE …/methods/{fund}`), where a fund
 *   token goes by reference (`credit_card: "<token>"` or `fund_token`) and is verified with the
 *   issuer (the declined card: 412 `fund_not_authorized`), into one wallet only (412
 *   `payment_method_conflict`); orders (`POST /api/imports/order`, an identifier taken: 412
 *   `{ identifier: 'has already been taken' }`; `GET /api/gateway/v1/orders/{identifier}` and its alias
 *   `/api/exports/order/{identifier}`, with the order's transactions; 404 `ActiveRecord::RecordNotFound`);
 *   order transactions (`POST /api/gateway/v1/orders/sale` and `/refund`, in integer cents
 *   `amount_cents`): a sale takes the money or is declined (HTTP 500 `{ success: false, errors:
 *   ['declined for …'] }`, as documented) for the charge-declined cards and, as UAT does, for any
 *   amount ending in .01; a refund never exceeds what is left of its sale. Declined transactions stay
 *   on their order, as the gateway lists them.
 * Not covered: raw card numbers on the platform API (the product never sends one), bank accounts,
 * gift cards, Apple Pay, auth/capture/void/credit, the Ecommerce API's own sales, Collaborative AR.
 */
export async function startVersapayDouble(): Promise<VersapayDouble> {
  const apiToken = `vp_tok_${randomBytes(10).toString('hex')}`;
  const apiKey = `vp_key_${randomBytes(16).toString('hex')}`;
  const basic = `Basic ${Buffer.from(`${apiToken}:${apiKey}`).toString('base64')}`;
  const requests: VersapayDoubleRequest[] = [];
  const sessions = new Map<string, Json>();
  const funds = new Map<string, Fund>();
  const wallets = new Map<string, Wallet>();
  const orders = new Map<string, Order>();
  const txns = new Map<string, Txn>();
  let down: { path: string } | null = null;

  // ---- Ecommerce API ----
  function createSession(body: Json): [number, Json] {
    const auth = (body.gatewayAuthorization ?? {}) as Json;
    if (
      typeof auth.apiToken !== 'string' ||
      typeof auth.apiKey !== 'string' ||
      !sameSecret(auth.apiToken, apiToken) ||
      !sameSecret(auth.apiKey, apiKey)
    )
      throw new Refusal(401, {
        message: 'Gateway authentication error',
        errors: [{ path: '/gatewayAuthorization', message: 'The API token or key is not valid' }],
      });
    if (!body.options || typeof body.options !== 'object') throw badInput('/options', 'is required');
    const id = randomUUID();
    sessions.set(id, body.options as Json);
    return [201, { id }];
  }

  const sessionOf = (id: string) => {
    const options = sessions.get(id);
    if (!options) throw new Refusal(404, { message: 'not found' });
    return options;
  };

  /** What the iframe posts with the card: checked for form, answered with a fund token. */
  function token(sessionId: string, body: Json): [number, Json] {
    const options = sessionOf(sessionId);
    const types = Array.isArray(options.paymentTypes)
      ? (options.paymentTypes as Json[]).map((t) => t.name)
      : ['creditCard'];
    if (body.type !== 'creditCard' || !types.includes('creditCard'))
      throw badInput('/type', 'The double tokenises credit cards of sessions that offer them');
    const number = typeof body.accountNumber === 'string' ? body.accountNumber : '';
    if (!/^\d{8,19}$/.test(number) || !luhn(number))
      throw badInput('/accountNumber', 'Credit card number is invalid');
    const month = body.expirationMonth;
    const year = body.expirationYear;
    if (typeof month !== 'number' || !Number.isInteger(month) || month < 1 || month > 12)
      throw badInput('/expirationMonth', 'Expiration date is invalid');
    if (typeof year !== 'number' || !Number.isInteger(year) || year < 2020 || year > 2099)
      throw badInput('/expirationYear', 'Expiration date is invalid');
    if (expired(month, year, new Date())) throw badInput('/expirationYear', 'Expiration date is expired');
    const cvv = body.cardVerificationValue;
    const digits = brandOf(number) === 'amex' ? 4 : 3;
    if (typeof cvv !== 'string' || !new RegExp(`^\\d{${digits}}$`).test(cvv))
      throw badInput('/cardVerificationValue', 'Security code is invalid');
    const holder = body.accountHolder;
    if (
      holder !== undefined &&
      (typeof holder !== 'string' || holder.trim().length < 1 || holder.length > 50)
    )
      throw badInput('/accountHolder', 'Cardholder name is invalid');
    const fund: Fund = {
      token: tokenOf('CC'),
      number,
      holder: typeof holder === 'string' ? holder : null,
      expMonth: month,
      expYear: year,
      brand: brandWord(number),
      wallet: null,
      nickname: null,
      inactive: false,
      created: timestamp(),
    };
    funds.set(fund.token, fund);
    const sessionWallet = (options.wallet as Json | undefined)?.id;
    if (body.addToWallet === true && typeof sessionWallet === 'string') {
      const into = wallets.get(sessionWallet);
      if (!into) throw badInput('/addToWallet', "The session's wallet does not exist");
      verify(
        fund,
        (error) =>
          new Refusal(412, {
            message: 'Payment method verification failed',
            errors: [{ path: '/accountNumber', message: error }],
          }),
      );
      place(fund, into);
    }
    return [201, { token: fund.token }];
  }

  // ---- Wallets ----
  const cardView = (fund: Fund) => {
    const display = `${brandName[fund.brand]} **${fund.number.slice(-4)}`;
    return {
      token: fund.token,
      gateway_token: fund.token.toLowerCase(),
      cardholder: fund.holder,
      card_number: display,
      display_name: display,
      nickname: fund.nickname,
      expiry_month: fund.expMonth,
      expiry_year: fund.expYear,
      is_debit: false,
      is_default: false,
      brand: fund.brand,
      created: fund.created,
      locked: false,
      inactive: fund.inactive,
      last_transaction_date: null,
      last_transaction: null,
      last_payment: null,
      address: { address_1: null, city: null, province: null, country: null, postal_code: '' },
    };
  };
  const walletView = (wallet: Wallet) => ({
    token: wallet.token,
    credit_cards: wallet.funds.map((f) => cardView(funds.get(f) as Fund)),
    bank_accounts: [],
    customers: [{ identifier: wallet.customer.identifier, contacts: [] }],
  });

  /** The issuer's verification of a card going into a wallet: the declined test card is refused. */
  function verify(fund: Fund, refuse: (error: string) => Refusal) {
    if (fund.number === versapayTestCards.declined) throw refuse('fund_not_authorized');
  }
  function place(fund: Fund, wallet: Wallet) {
    fund.wallet = wallet.token;
    wallet.funds.push(fund.token);
  }

  /** The card a wallet request names by reference (the double takes no raw card numbers). */
  function referencedFund(body: Json): Fund | null {
    const reference = typeof body.credit_card === 'string' ? body.credit_card : body.fund_token;
    if (body.credit_card && typeof body.credit_card === 'object')
      throw new Refusal(400, {
        error: 'The double takes cards by fund token only: tokenise them in an Ecommerce session',
      });
    if (reference === undefined) return null;
    const fund = typeof reference === 'string' ? funds.get(reference) : undefined;
    if (!fund) throw walletError('credit_card_not_found');
    if (fund.inactive) throw walletError('payment_method_inactive');
    if (fund.wallet) throw walletError('payment_method_conflict');
    verify(fund, walletError);
    return fund;
  }

  function addToWallet(walletToken: string | null, body: Json): [number, Json] {
    const known =
      walletToken ??
      (typeof body.wallet === 'string'
        ? body.wallet
        : typeof (body.wallet as Json | undefined)?.token === 'string'
          ? ((body.wallet as Json).token as string)
          : null);
    const existing = known === null ? undefined : wallets.get(known);
    if (known !== null && !existing) throw walletError('buyer_account_not_found');
    const fund = referencedFund(body);
    let wallet = existing;
    if (!wallet) {
      const customer =
        typeof body.customer === 'string' ? { identifier: body.customer } : ((body.customer ?? {}) as Json);
      wallet = {
        token: tokenOf(),
        customer: {
          identifier:
            typeof customer.identifier === 'string' && customer.identifier
              ? customer.identifier
              : `API-${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`,
          name: typeof customer.name === 'string' ? customer.name : null,
        },
        funds: [],
      };
      wallets.set(wallet.token, wallet);
    }
    if (fund) place(fund, wallet);
    return [
      200,
      { wallet_token: wallet.token, fund_token: fund?.token ?? null, wallets: [walletView(wallet)] },
    ];
  }

  function searchWallets(query: URLSearchParams): [number, Json] {
    const type = query.get('type');
    const locator = query.get('locator');
    if (!type || !locator)
      throw new Refusal(400, { error: 'You have not provided all necessary parameters to make this call.' });
    if (type !== 'customer' && type !== 'fund')
      throw new Refusal(400, { error: 'The double searches wallets by customer or fund only' });
    const found = [...wallets.values()].filter((w) =>
      type === 'customer' ? w.customer.identifier === locator : w.funds.includes(locator),
    );
    return [200, { wallets: found.map(walletView) }];
  }

  function methodOf(walletToken: string, fundToken: string) {
    const wallet = wallets.get(walletToken);
    if (!wallet) throw methodError('buyer_account_not_found');
    const fund = funds.get(fundToken);
    if (!fund || fund.inactive || fund.wallet !== wallet.token) throw methodError('payment_method_not_found');
    return { wallet, fund };
  }

  function patchMethod(walletToken: string, fundToken: string, body: Json): [number, Json] {
    const { fund } = methodOf(walletToken, fundToken);
    const change = (body.credit_card ?? {}) as Json;
    const month = change.expiry_month === undefined ? fund.expMonth : integerOf(change.expiry_month);
    const year = change.expiry_year === undefined ? fund.expYear : integerOf(change.expiry_year);
    if (!(month >= 1 && month <= 12)) throw new Refusal(400, { error: 'expiry_month is not a valid month' });
    if (!(year >= 2000 && year <= 2099))
      throw new Refusal(400, { error: 'expiry_year is not a 4 digit year' });
    if (change.name !== undefined && (typeof change.name !== 'string' || !change.name.trim()))
      throw new Refusal(400, { error: 'name is invalid' });
    fund.expMonth = month;
    fund.expYear = year;
    if (typeof change.name === 'string') fund.holder = change.name;
    if (typeof change.nickname === 'string') fund.nickname = change.nickname;
    return [200, { fund_token: fund.token }];
  }

  function deleteMethod(walletToken: string, fundToken: string): [number, Json] {
    const { wallet, fund } = methodOf(walletToken, fundToken);
    fund.inactive = true;
    wallet.funds = wallet.funds.filter((f) => f !== fund.token);
    return [200, { fund_token: fund.token }];
  }

  // ---- Orders and order transactions ----
  const txnView = (txn: Txn) => {
    const fund = funds.get(txn.fund) as Fund;
    const order = orders.get(txn.order) as Order;
    return {
      token: txn.token,
      amount_in_cents: txn.amountCents,
      message: txn.message,
      link_url: null,
      type: 'transaction',
      transaction_type: 'request_money',
      email: null,
      state: txn.approved ? 'completed' : 'error',
      transaction_reference: txn.reference,
      unique_reference: null,
      from_account: fund.holder,
      to_account: 'Versapay double merchant',
      action: txn.action,
      payment_method: 'credit_card',
      currency: order.currency.toLowerCase(),
      wallet: txn.wallet,
      credit_card: fund.token,
      authorization_response: txn.approved ? 'APPROVAL' : 'DECLINED',
      approved_amount_cents: txn.approved ? txn.amountCents : 0,
      credit_card_bin: fund.number.slice(0, 6),
      credit_card_masked_number: masked(fund.number),
      credit_card_brand: fund.brand,
      credit_card_expiry: `${String(fund.expMonth).padStart(2, '0')}${fund.expYear}`,
      orders: [{ identifier: order.identifier, number: order.number, amount_cents: order.amountCents }],
      created_at: txn.created,
    };
  };
  const orderView = (order: Order) => ({
    identifier: order.identifier,
    number: order.number,
    currency: order.currency,
    amount_cents: order.amountCents,
    date: order.date,
    draft: order.draft,
    attributes: order.attributes,
    order_items: [],
    transactions: order.transactions.map((t) => txnView(txns.get(t) as Txn)),
  });

  function importOrder(body: Json): [number, Json] {
    const identifier =
      typeof body.identifier === 'string' && body.identifier.trim() ? body.identifier : tokenOf();
    if (orders.has(identifier)) throw new Refusal(412, { identifier: 'has already been taken' });
    const amount = body.amount_cents;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0)
      throw new Refusal(412, { amount_cents: 'is not a number' });
    const order: Order = {
      identifier,
      number: typeof body.number === 'string' ? body.number : identifier,
      currency: typeof body.currency === 'string' ? body.currency : 'USD',
      amountCents: amount,
      date: typeof body.date === 'string' ? body.date : new Date().toISOString().slice(0, 10),
      draft: body.draft === true,
      attributes: body.attributes && typeof body.attributes === 'object' ? (body.attributes as Json) : {},
      transactions: [],
    };
    orders.set(identifier, order);
    return [201, { message: '1 order 0 order item(s)', identifier, order: orderView(order) }];
  }

  function orderOf(identifier: string) {
    const order = orders.get(identifier);
    if (!order) throw new Refusal(404, { error: 'ActiveRecord::RecordNotFound' });
    return order;
  }

  function record(txn: Omit<Txn, 'token' | 'created' | 'refunded'>) {
    const made: Txn = { ...txn, token: tokenOf(), created: timestamp(), refunded: 0 };
    txns.set(made.token, made);
    (orders.get(made.order) as Order).transactions.push(made.token);
    return made;
  }
  const through = (txn: Txn): [number, Json] => [
    200,
    {
      success: true,
      transaction: txn.token,
      order: txn.order,
      wallet: txn.wallet,
      credit_card: txn.fund,
      transactions: [txnView(txn)],
    },
  ];
  const reference = (body: Json) =>
    typeof body.transaction_reference === 'string' ? body.transaction_reference : null;

  function sale(body: Json): [number, Json] {
    const named = typeof body.order === 'string' ? body.order : (body.order as Json | undefined)?.identifier;
    const order = typeof named === 'string' ? orders.get(named) : undefined;
    if (!order) throw notThrough('order_not_found');
    const fundToken = typeof body.fund_token === 'string' ? body.fund_token : body.credit_card;
    const fund = typeof fundToken === 'string' ? funds.get(fundToken) : undefined;
    if (!fund || fund.inactive) throw notThrough('payment_method_not_found');
    const amount = body.amount_cents;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1)
      throw notThrough('amount_cents_invalid');
    const decline =
      fund.number === versapayTestCards.chargeDeclined || fund.number === uatDeclinedCard
        ? 'declined for Do Not Honor'
        : amount % 100 === 1
          ? 'declined for Test Amount'
          : null;
    const txn = record({
      action: 'sale',
      amountCents: amount,
      approved: decline === null,
      message: decline,
      reference: reference(body),
      fund: fund.token,
      wallet: fund.wallet,
      order: order.identifier,
    });
    if (decline) throw notThrough(decline);
    return through(txn);
  }

  function refund(body: Json): [number, Json] {
    const sold = typeof body.transaction === 'string' ? txns.get(body.transaction) : undefined;
    if (!sold) throw notThrough('transaction_not_found');
    if (sold.action !== 'sale' || !sold.approved) throw notThrough('declined for Transaction Not Refundable');
    const amount = body.amount_cents;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1)
      throw notThrough('amount_cents_invalid');
    const decline =
      sold.refunded + amount > sold.amountCents
        ? 'declined for Amount Exceeds Refundable Balance'
        : amount % 100 === 1
          ? 'declined for Test Amount'
          : null;
    const txn = record({
      action: 'refund',
      amountCents: amount,
      approved: decline === null,
      message: decline,
      reference: reference(body),
      fund: sold.fund,
      wallet: sold.wallet,
      order: sold.order,
    });
    if (decline) throw notThrough(decline);
    sold.refunded += amount;
    return through(txn);
  }

  // ---- Routing ----
  function ecommerce(method: string, parts: string[], body: Json): [number, Json] {
    const [resource, id, sub] = parts;
    if (resource === 'sessions' && !id && method === 'POST') return createSession(body);
    if (resource === 'sessions' && id && !sub && method === 'GET') return [200, sessionOf(id)];
    if (resource === 'sessions' && id && sub === 'tokens' && parts.length === 3 && method === 'POST')
      return token(id, body);
    throw new Refusal(404, { message: 'not found' });
  }

  function platform(method: string, parts: string[], query: URLSearchParams, body: Json): [number, Json] {
    const path = parts.join('/');
    if (method === 'POST' && path === 'imports/order') return importOrder(body);
    if (method === 'GET' && parts.length === 3 && path.startsWith('exports/order/'))
      return [200, orderView(orderOf(parts[2] as string))];
    const [g, v, resource, id, sub, fund] = parts;
    if (g !== 'gateway' || v !== 'v1') throw new Refusal(404, { error: 'ActiveRecord::RecordNotFound' });
    if (resource === 'wallets') {
      if (method === 'GET' && id === 'search' && !sub) return searchWallets(query);
      if (method === 'POST' && !id) return addToWallet(null, body);
      if (method === 'POST' && id && sub === 'methods' && !fund) return addToWallet(id, body);
      if (method === 'PATCH' && id && sub === 'methods' && fund) return patchMethod(id, fund, body);
      if (method === 'DELETE' && id && sub === 'methods' && fund) return deleteMethod(id, fund);
    }
    if (resource === 'orders') {
      if (method === 'POST' && id === 'sale' && !sub) return sale(body);
      if (method === 'POST' && id === 'refund' && !sub) return refund(body);
      if (method === 'GET' && id && !sub) return [200, orderView(orderOf(id))];
    }
    throw new Refusal(404, { error: 'ActiveRecord::RecordNotFound' });
  }

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const target = request.url ?? '/';
    const where = new URL(target, 'http://double');
    const method = request.method ?? 'GET';
    const authorization = request.headers.authorization;
    let body: Json = {};
    let parsed = true;
    if (raw) {
      try {
        const value: unknown = JSON.parse(raw);
        if (value && typeof value === 'object' && !Array.isArray(value)) body = value as Json;
        else parsed = false;
      } catch {
        parsed = false;
      }
    }
    const answer = (status: number, json: Json | string) => {
      requests.push({ method, path: target, authorization, body: maskedCopy(body) as Json, status });
      const html = typeof json === 'string';
      response.writeHead(status, { 'content-type': html ? 'text/html' : 'application/json; charset=utf-8' });
      response.end(html ? json : JSON.stringify(json));
    };
    if (down && where.pathname.startsWith(down.path))
      return answer(503, '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
    const parts = where.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const isEcommerce = parts[0] === 'api' && parts[1] === 'v2';
    if (isEcommerce) {
      // The card form's page calls the Ecommerce API cross-origin (its JSON body asks first).
      response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
      response.setHeader('vary', 'origin');
      if (method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-methods': 'GET, POST',
          'access-control-allow-headers': 'content-type',
          'access-control-max-age': '600',
        });
        return response.end();
      }
    }
    // The Ecommerce API authenticates in the body (the iframe's calls by the session id alone); the
    // platform API with HTTP Basic, before anything else.
    if (!isEcommerce && !(authorization && sameSecret(authorization, basic)))
      return answer(401, { error: 'You need to sign in or create an account before continuing.' });
    if (!parsed)
      return answer(
        400,
        isEcommerce
          ? (badInput('/', 'Malformed JSON').body as Json)
          : { error: 'You have not provided all necessary parameters to make this call.' },
      );
    try {
      if (parts[0] !== 'api') throw new Refusal(404, { error: 'ActiveRecord::RecordNotFound' });
      const [status, json] = isEcommerce
        ? ecommerce(method, parts.slice(2), body)
        : platform(method, parts.slice(1), where.searchParams, body);
      return answer(status, json);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return answer(error.status, error.body);
    }
  }

  const server = await listenDouble(serve, () => ({ error: 'Internal Server Error' }));
  return {
    url: server.url,
    ecommerceUrl: `${server.url}/api/v2`,
    apiToken,
    apiKey,
    requests,
    charges: () =>
      [...txns.values()]
        .filter((t) => t.action === 'sale' && t.approved)
        .map((t) => {
          const order = orders.get(t.order) as Order;
          return {
            chargeId: order.identifier,
            token: `${t.wallet ?? ''}|${t.fund}`,
            amount: t.amountCents,
            refunded: t.refunded,
            reference: t.reference ?? '',
            idempotencyKey: order.identifier,
            metadata: Object.fromEntries(
              Object.entries(order.attributes).filter((e): e is [string, string] => typeof e[1] === 'string'),
            ),
            state: { status: 'succeeded' as const },
          };
        }),
    outage(on, path = '/') {
      down = on ? { path } : null;
    },
    close: () => server.close(),
  };
}

/**
 * What the browser does with Versapay's card form (the SDK's `initClient(sessionId)`, then
 * `submitEvents()` in the iframe): reads the session, posts the card to `POST /sessions/{id}/tokens`
 * and hands back the fund token (`onApproval`'s `result.token`). The iframe's refusals become
 * CardDeclinedError in the buyer's words, as the form shows them. `ecommerceUrl` is the Ecommerce API
 * root (`https://ecommerce-api-uat.versapay.com/api/v2`, or a double's).
 */
export async function tokenizeWithVersapay(
  sessionId: string,
  card: CardDetails,
  ecommerceUrl: string,
): Promise<string> {
  const session = `${ecommerceUrl.replace(/\/+$/, '')}/sessions/${encodeURIComponent(sessionId)}`;
  const opened = await fetch(session);
  if (opened.status !== 200)
    throw new Error(`Versapay has no session for the card form (HTTP ${opened.status}).`);
  const response = await fetch(`${session}/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'creditCard',
      accountHolder: card.nameOnCard,
      accountNumber: card.number,
      expirationMonth: card.expMonth,
      expirationYear: card.expYear,
      cardVerificationValue: card.cvc,
    }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    token?: unknown;
    errors?: { path?: string; message?: string }[];
  };
  if (response.status === 201 && typeof body.token === 'string') return body.token;
  if (response.status === 412) throw new CardDeclinedError('Your card was declined.');
  const fault = body.errors?.[0];
  const path = fault?.path ?? '';
  if (response.status === 400 && path === '/accountNumber')
    throw new CardDeclinedError('Your card number is incorrect.');
  if (response.status === 400 && path === '/cardVerificationValue')
    throw new CardDeclinedError("Your card's security code is incorrect.");
  if (response.status === 400 && /^\/expiration/.test(path))
    throw new CardDeclinedError(
      /expired/.test(fault?.message ?? '')
        ? 'Your card has expired.'
        : "Your card's expiration date is invalid.",
    );
  throw new Error(`Versapay's card form could not tokenise the card (HTTP ${response.status}).`);
}
