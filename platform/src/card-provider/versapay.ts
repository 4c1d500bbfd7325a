import { createHash } from 'node:crypto';
import { z } from 'zod';
import { callVendor } from '../http/vendor-call.ts';
import {
  CardDeclinedError,
  type CardProviderWithContext,
  type ChargeResult,
  type ChargeState,
  IdempotencyKeyReusedError,
  type ProviderCard,
} from './port.ts';

export interface VersapayOptions {
  /** The API Token from the account settings: the HTTP Basic user, and `apiToken` for the Ecommerce API. */
  apiToken: string;
  /** The API Key that goes with it: the HTTP Basic password, and `apiKey` for the Ecommerce API. */
  apiKey: string;
  /**
   * The platform API root (wallets, orders, order transactions): https://uat.versapay.com (UAT, the
   * default) or https://secure.versapay.com; a local double's in the specs.
   */
  apiBase?: string | undefined;
  /**
   * The Ecommerce API root (sessions, the iframe's tokens). By default the one beside `apiBase`:
   * https://ecommerce-api-uat.versapay.com/api/v2 for UAT, https://ecommerce-api.versapay.com/api/v2
   * for production, `<apiBase>/api/v2` for any other host (a double serving both).
   */
  ecommerceBase?: string | undefined;
  timeoutMs?: number | undefined;
  /** The adapter's clock (milliseconds): what a charge's claim on its order is dated and aged by. */
  clock?: (() => number) | undefined;
}

/**
 * The card port on Versapay, with what its browser tokenisation needs besides: Versapay has no
 * publishable key; the browser's SDK (`versapay.initClient(sessionId)`) renders Versapay's iframe for
 * a session the server asks for (`POST /sessions`), one per card form.
 */
export type VersapayCardProvider = CardProviderWithContext;

/** Versapay did not answer, or answered something other than a refusal of the card. */
export class VersapayError extends Error {
  constructor(
    message: string,
    readonly status?: number | undefined,
  ) {
    super(message);
    this.name = 'VersapayError';
  }
}

// ---- What is read from Versapay's answers (zod at the edge). ----
/** The Ecommerce API's `SessionResponse`. */
const sessionAnswer = z.object({ id: z.string().min(1) });
/** A wallet's credit card (`CreditCard` of the platform API); months and years come as numbers or strings. */
const walletCard = z.object({
  token: z.string(),
  card_number: z.string().nullish(),
  display_name: z.string().nullish(),
  nickname: z.string().nullish(),
  expiry_month: z.coerce.number().int(),
  expiry_year: z.coerce.number().int(),
  brand: z.string().nullish(),
});
const wallet = z.object({ token: z.string(), credit_cards: z.array(walletCard).default([]) });
/** `WalletResponse`: the wallet a card went into, the card's fund token, and the wallet as it is now. */
const walletAnswer = z.object({
  wallet_token: z.string(),
  fund_token: z.string().nullish(),
  wallets: z.array(wallet).default([]),
});
const walletSearch = z.object({ wallets: z.array(wallet).default([]) });
/** `WalletErrors` (`wallets.error`) on a wallet, `WalletMethodErrors` (`error`) on a payment method. */
const walletError = z.union([
  z.object({ wallets: z.object({ error: z.string() }) }).transform((b) => b.wallets.error),
  z.object({ error: z.string() }).transform((b) => b.error),
]);
/** An order's transaction (`OrderTransaction`): a sale or a refund, its state and our reference. */
const orderTransaction = z.object({
  token: z.string(),
  action: z.string().nullish(),
  state: z.string().nullish(),
  amount_in_cents: z.number().int().nullish(),
  authorization_response: z.string().nullish(),
  transaction_reference: z.string().nullish(),
  message: z.string().nullish(),
});
type OrderTransaction = z.infer<typeof orderTransaction>;
/** An `Order` as the gateway shows it, with its transactions. */
const order = z.object({
  identifier: z.string(),
  amount_cents: z.number().int().nullish(),
  attributes: z.record(z.string(), z.unknown()).nullish(),
  transactions: z.array(orderTransaction).nullish(),
});
type Order = z.infer<typeof order>;
/** The gateway's `OrderTransactionResponse` when the transaction went through. */
const transactionAnswer = z.object({ success: z.literal(true), transaction: z.string() });
/**
 * The gateway's `UnifiedResponse` for a transaction that did not go through (documented with HTTP
 * 500): `{ success: false }` for an invalid card, `errors: ['declined for REASON']` for a decline,
 * another word (`order_not_found`) for anything else.
 */
const transactionFailure = z.object({
  success: z.literal(false),
  errors: z.array(z.string()).optional(),
});

/** What a transaction's failure is, in the port's words. */
type Failure = { kind: 'declined'; reason: string } | { kind: 'card-gone' } | { kind: 'other'; word: string };
function failureOf(body: z.infer<typeof transactionFailure>): Failure {
  const word = body.errors?.[0];
  if (word === undefined) return { kind: 'declined', reason: 'invalid card' };
  if (/^declined\b/i.test(word))
    return { kind: 'declined', reason: word.replace(/^declined( for)?\s*/i, '') };
  if (/^(payment_method|credit_card|fund)_(not_found|inactive)$/.test(word)) return { kind: 'card-gone' };
  return { kind: 'other', word };
}

/** Wallet errors that mean the card the buyer gave cannot be kept, in the buyer's words. */
const walletRefusals: Record<string, string> = {
  fund_not_authorized: 'Your card was declined.',
  payment_method_conflict: 'This card was saved already: enter the card again.',
  payment_method_not_found: 'This card was not given to Versapay: enter the card again.',
  credit_card_not_found: 'This card was not given to Versapay: enter the card again.',
  payment_method_inactive: 'This card is no longer on file.',
  fund_protected: 'This card cannot be changed.',
  buyer_account_not_found: 'This card is no longer on file.',
};
/** Wallet errors that say the card (or its wallet) is not there any more. */
const gone = new Set([
  'payment_method_not_found',
  'credit_card_not_found',
  'payment_method_inactive',
  'buyer_account_not_found',
]);

const brands: Record<string, ProviderCard['brand']> = {
  visa: 'visa',
  master: 'mastercard',
  mastercard: 'mastercard',
  american_express: 'amex',
  amex: 'amex',
  discover: 'discover',
};

/** Versapay's fund and wallet tokens: 12 upper-case letters and digits (`FundToken`, `WalletID`). */
const tokenPattern = /^[0-9A-Z]{12}$/;

/** Our token for a card on file: the wallet and the card's fund token in it, kept in the secret store only. */
const tokenOf = (walletToken: string, fund: string) => `${walletToken}|${fund}`;
function partsOf(token: string) {
  const [walletToken, fund] = token.split('|');
  if (!walletToken || !fund || !tokenPattern.test(walletToken) || !tokenPattern.test(fund))
    throw new CardDeclinedError('This card is not a Versapay card.');
  return { walletToken, fund };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/**
 * Our key as a Versapay order identifier or transaction reference: kept as it is when it is a safe
 * word (support finds the order by our payment id), else a hash of it.
 */
const codeOf = (key: string) => (/^[\w.-]{1,64}$/.test(key) ? key : `k-${sha256(key).slice(0, 40)}`);
/** Our user as Versapay's customer identifier ("unique within supplier, alphanumeric"). */
const customerOf = (owner: string) =>
  /^[A-Za-z0-9]{1,50}$/.test(owner) ? owner : `U${sha256(owner).slice(0, 31).toUpperCase()}`;

const expired = (month: number, year: number, now: Date) =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);

/**
 * The gateway's transaction states that took the money (`completed`, or `in_progress` until the
 * batch settles) and an authorization response that is an approval ("APPROVAL", "100 (approval)").
 */
const tookMoney = (t: OrderTransaction) =>
  (t.state === 'completed' || t.state === 'in_progress') &&
  /^(approv|100)/i.test(t.authorization_response ?? 'APPROVAL');
const saleIn = (o: Order) => {
  const sales = (o.transactions ?? []).filter((t) => t.action === 'sale');
  return sales.find(tookMoney) ?? sales[0];
};

/** Our attributes on a charge's order, beside the charge's metadata (ours win a clash of names). */
interface Claim {
  reference: string;
  fund_token: string;
  /** When the order was claimed for the charge (ISO 8601, the adapter's clock). */
  claimed_at: string;
}

/** How long a claimant waits for a claim that another request holds before answering "still being made". */
const waits = [50, 100, 200, 400, 800];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Claims a key may go through (an abandoned claim's order is left and the next one is made). */
const maxClaims = 5;

/**
 * The card port on Versapay's two documented APIs, with fetch (Versapay ships no Node SDK), each call
 * with a timeout and its answer read with zod:
 * - The number never reaches the product (issue 35 §1). `captureContext()` asks the Ecommerce API
 *   for a session (`POST /sessions`, the API Token and Key as `gatewayAuthorization` in the body, as
 *   its schema requires, and as HTTP Basic, as its prose says); the browser's SDK renders Versapay's
 *   iframe for it, which tokenises the card (`POST /sessions/{id}/tokens`) and hands back a fund token.
 * - Everything else is the platform API with HTTP Basic (API Token as user, API Key as password).
 *   `createCard` puts the fund token into the owner's wallet (`GET /api/gateway/v1/wallets/search`
 *   by customer, then `POST .../wallets/{wallet}/methods`, or `POST /api/gateway/v1/wallets` for the
 *   owner's first card; a card without an owner gets a wallet of its own): Versapay verifies the card
 *   then, and refuses a declined one (`fund_not_authorized`). Our token is `wallet|fund`. The card's
 *   nickname is our reference, so a retried save finds the card it made (`type=fund` search).
 *   Changing a card PATCHes the wallet's payment method; deleting it DELETEs it.
 * - A charge is an order (`POST /api/imports/order`, amounts in integer cents as `amount_cents`, in
 *   USD) and a sale on it (`POST /api/gateway/v1/orders/sale` with the fund token). The charge id is
 *   the order's identifier.
 * - Idempotency: Versapay takes no idempotency key. Our key is the order's identifier, read first
 *   (`GET /api/gateway/v1/orders/{identifier}`): found, its sale is answered again (or
 *   IdempotencyKeyReusedError for another amount or card). Creating the order is the claim: a second
 *   request with the key is refused it (HTTP 412, the identifier taken) and waits for the first's
 *   sale. An order left without a sale (its claimant died between the order and the sale) is given up
 *   once older than twice the timeout and a margin, when no sale of it can still be under way: the
 *   next request claims `<key>.2`, and so on.
 * - A refund is `POST /api/gateway/v1/orders/refund` on the sale, its reference our key; the order's
 *   transactions are read first, so the same key answers the refund it made.
 * Versapay has no 3-D Secure (neither API has an issuer authentication step): a charge settles or is
 * declined at once, and `cancelCharge` has nothing to give up. Its webhooks are for Collaborative AR's
 * customers, invoices and invoicing payments, not for order transactions, so there is no readEvent.
 * Refusals are CardDeclinedError in the buyer's words with the order as reference; anything else
 * (down, timeout, HTTP 401 for wrong credentials, an unexpected answer) is a VersapayError, never
 * carrying the request's headers or body.
 */
export function createVersapayCardProvider(options: VersapayOptions): VersapayCardProvider {
  const apiRoot = (options.apiBase ?? 'https://uat.versapay.com').replace(/\/+$/, '');
  const ecommerceRoot = (options.ecommerceBase ?? ecommerceBeside(apiRoot)).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  const clock = options.clock ?? Date.now;
  /** An order claimed longer ago than this has no sale under way: our sale would have timed out. */
  const claimLease = 2 * timeoutMs + 10_000;
  const basic = `Basic ${Buffer.from(`${options.apiToken}:${options.apiKey}`).toString('base64')}`;

  /**
   * One call: its HTTP status and JSON body (undefined when it is not JSON). What could not be
   * reached, or timed out, is a VersapayError naming the call, never its URL (tokens are in it).
   */
  async function call(
    what: string,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }> {
    const { status, text } = await callVendor(
      url,
      {
        method,
        headers: {
          authorization: basic,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      },
      timeoutMs,
      (timedOut) =>
        new VersapayError(
          timedOut
            ? `Versapay did not answer (${what}) within ${timeoutMs} ms.`
            : `Versapay could not be reached (${what}).`,
        ),
    );
    if (status === 401)
      throw new VersapayError(`Versapay refused our API token and key (${what}, HTTP 401).`, 401);
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = undefined;
    }
    return { status, body: json };
  }

  const unexpected = (what: string, status: number) =>
    new VersapayError(`Versapay did not take the request (${what}, HTTP ${status}).`, status);

  /** Reads an answer that must be `schema`, or throws a VersapayError. */
  function read<T>(what: string, answer: { status: number; body: unknown }, schema: z.ZodType<T>): T {
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw unexpected(what, answer.status);
    return parsed.data;
  }

  /** The word of a wallet error (Precondition Failed), if it is one. */
  const walletWordOf = (answer: { status: number; body: unknown }) =>
    answer.status === 412 ? walletError.safeParse(answer.body).data : undefined;

  /** A wallet error in the buyer's words, or a VersapayError for one about our request. */
  function walletRefusal(what: string, answer: { status: number; body: unknown }): Error {
    const word = walletWordOf(answer);
    const refusal = word === undefined ? undefined : walletRefusals[word];
    if (refusal) return new CardDeclinedError(refusal);
    return new VersapayError(
      `Versapay did not take the request (${what}, HTTP ${answer.status}${word ? `, ${word}` : ''}).`,
      answer.status,
    );
  }

  /** The order under `identifier`, or null. */
  async function orderOf(identifier: string): Promise<Order | null> {
    const what = 'read an order';
    const answer = await call(
      what,
      'GET',
      `${apiRoot}/api/gateway/v1/orders/${encodeURIComponent(identifier)}`,
    );
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw unexpected(what, answer.status);
    return read(what, answer, order);
  }

  /** Claims `identifier` for a charge by creating its order: false when another request has it. */
  async function claim(
    identifier: string,
    amount: number,
    attributes: Record<string, string>,
  ): Promise<boolean> {
    const what = 'create an order';
    const answer = await call(what, 'POST', `${apiRoot}/api/imports/order`, {
      identifier,
      number: identifier,
      currency: 'USD',
      amount_cents: amount,
      date: new Date(clock()).toISOString().slice(0, 10),
      draft: false,
      attributes,
    });
    if (answer.status === 201) return true;
    // Precondition Failed names the field at fault: the identifier already taken is another claim.
    const fields = z.record(z.string(), z.unknown()).safeParse(answer.body).data;
    if (answer.status === 412 && fields && 'identifier' in fields) return false;
    throw unexpected(what, answer.status);
  }

  /** The sale on a claimed order: settled, or declined in the buyer's words. */
  async function sell(
    identifier: string,
    fund: string,
    amount: number,
    reference: string,
  ): Promise<ChargeResult> {
    const what = 'make a sale';
    const answer = await call(what, 'POST', `${apiRoot}/api/gateway/v1/orders/sale`, {
      order: identifier,
      amount_cents: amount,
      fund_token: fund,
      transaction_reference: reference,
      industry: 'ecommerce',
    });
    if (answer.status === 200 && transactionAnswer.safeParse(answer.body).success)
      return { status: 'succeeded', chargeId: identifier };
    const refused = transactionFailure.safeParse(answer.body).data;
    if (!refused) throw unexpected(what, answer.status);
    const failure = failureOf(refused);
    if (failure.kind === 'declined')
      throw new CardDeclinedError(`Your card was declined. REF: ${identifier}`);
    if (failure.kind === 'card-gone') throw new CardDeclinedError('This card is no longer on file.');
    throw new VersapayError(`Versapay did not make the sale (${failure.word}).`, answer.status);
  }

  /**
   * A claimed order's charge: its sale answered again; still without one, waited for while its claim
   * is young, or 'abandoned' once no sale of it can be under way any more.
   */
  async function outcomeOf(claimed: Order, key: string): Promise<ChargeResult | 'abandoned'> {
    let current = claimed;
    for (const wait of [0, ...waits]) {
      if (wait > 0) {
        await sleep(wait);
        current = (await orderOf(claimed.identifier)) ?? current;
      }
      const sale = saleIn(current);
      if (sale && tookMoney(sale)) return { status: 'succeeded', chargeId: current.identifier };
      if (sale) throw new CardDeclinedError(`Your card was declined. REF: ${current.identifier}`);
      const at = Date.parse(String(current.attributes?.claimed_at ?? ''));
      if (!(clock() - at < claimLease)) return 'abandoned';
    }
    throw new VersapayError(
      `The charge for ${key} is still being made by another request: ask again with the same key.`,
    );
  }

  /** Refunds under way in this process, by idempotency key (refund: one answer for calls at once). */
  const refundsRunning = new Map<string, Promise<{ refundId: string }>>();

  return {
    name: 'versapay',
    // The Ecommerce API's root: the card form reads its session and posts the card there.
    tokenisation: { url: ecommerceRoot, publishableKey: null },
    async captureContext(_origin) {
      // Versapay's session has no target origin: its iframe is Versapay's own page, which takes the card.
      const what = 'create a session';
      const answer = await call(what, 'POST', `${ecommerceRoot}/sessions`, {
        gatewayAuthorization: { apiToken: options.apiToken, apiKey: options.apiKey },
        options: {
          paymentTypes: [
            {
              name: 'creditCard',
              label: 'Payment Card',
              promoted: false,
              fields: [
                { name: 'cardholderName', label: 'Cardholder Name', errorLabel: 'Cardholder name' },
                { name: 'accountNo', label: 'Account Number', errorLabel: 'Credit card number' },
                { name: 'expDate', label: 'Expiration Date', errorLabel: 'Expiration date' },
                { name: 'cvv', label: 'Security Code', errorLabel: 'Security code' },
              ],
            },
          ],
        },
      });
      if (answer.status !== 201) throw unexpected(what, answer.status);
      return read(what, answer, sessionAnswer).id;
    },
    async createCard(card, _now) {
      const fund = card.token;
      if (!tokenPattern.test(fund))
        throw new CardDeclinedError('This card was not given to Versapay: enter the card again.');
      const customer = card.owner ? customerOf(card.owner) : undefined;
      let owned: string | undefined;
      if (customer) {
        const what = 'find a wallet';
        const found = await call(
          what,
          'GET',
          `${apiRoot}/api/gateway/v1/wallets/search?${new URLSearchParams({ type: 'customer', locator: customer })}`,
        );
        if (found.status !== 200) throw unexpected(what, found.status);
        owned = read(what, found, walletSearch).wallets[0]?.token;
      }
      const what = 'add a card to a wallet';
      // The fund token as a reference to the card the iframe tokenised ("a credit card object or token
      // reference to an existing credit card").
      const answer = owned
        ? await call(what, 'POST', `${apiRoot}/api/gateway/v1/wallets/${owned}/methods`, {
            credit_card: fund,
          })
        : await call(what, 'POST', `${apiRoot}/api/gateway/v1/wallets`, {
            ...(customer && { customer: { identifier: customer, name: card.nameOnCard } }),
            credit_card: fund,
          });
      if (answer.status !== 200) {
        // Saved already: by this very save, retried (the card's nickname is our reference), or by another.
        if (card.reference && walletWordOf(answer) === 'payment_method_conflict') {
          const again = await savedUnder(fund, card.reference);
          if (again) return again;
        }
        throw walletRefusal(what, answer);
      }
      const made = read(what, answer, walletAnswer);
      const kept = made.wallets
        .find((w) => w.token === made.wallet_token)
        ?.credit_cards.find((c) => c.token === (made.fund_token ?? fund));
      if (!kept) throw new VersapayError('Versapay kept the card but did not show it in the wallet.');
      if (card.reference) {
        const named = await call(
          'name a card',
          'PATCH',
          `${apiRoot}/api/gateway/v1/wallets/${made.wallet_token}/methods/${kept.token}`,
          { credit_card: { nickname: card.reference } },
        );
        if (named.status !== 200) throw walletRefusal('name a card', named);
      }
      return shown(made.wallet_token, kept);
    },
    async updateCard(token, change, now) {
      const { walletToken, fund } = partsOf(token);
      // Versapay keeps what it is given; the issuer would refuse an expired card at its next sale.
      if (expired(change.expMonth, change.expYear, now))
        throw new CardDeclinedError('Your card has expired.');
      const what = 'change a card';
      const answer = await call(
        what,
        'PATCH',
        `${apiRoot}/api/gateway/v1/wallets/${walletToken}/methods/${fund}`,
        {
          credit_card: {
            name: change.nameOnCard,
            expiry_month: String(change.expMonth).padStart(2, '0'),
            expiry_year: String(change.expYear),
          },
        },
      );
      if (answer.status !== 200) throw walletRefusal(what, answer);
    },
    async deleteCard(token) {
      const { walletToken, fund } = partsOf(token);
      const what = 'remove a card';
      const answer = await call(
        what,
        'DELETE',
        `${apiRoot}/api/gateway/v1/wallets/${walletToken}/methods/${fund}`,
      );
      // Already gone from the wallet (or the wallet gone): nothing is left to take back.
      if (answer.status === 200 || gone.has(walletWordOf(answer) ?? '')) return;
      throw walletRefusal(what, answer);
    },
    async charge({ token, amount, reference, idempotencyKey, metadata = {} }) {
      const { fund } = partsOf(token);
      if (!Number.isSafeInteger(amount) || amount < 1) throw new CardDeclinedError('Invalid amount.');
      const code = codeOf(idempotencyKey);
      for (let attempt = 1; attempt <= maxClaims; attempt++) {
        const identifier = attempt === 1 ? code : `${code}.${attempt}`;
        let found = await orderOf(identifier);
        if (!found) {
          const ours: Claim = { reference, fund_token: fund, claimed_at: new Date(clock()).toISOString() };
          if (await claim(identifier, amount, { ...metadata, ...ours }))
            return sell(identifier, fund, amount, reference);
          // Another request claimed the key meanwhile: its charge is the answer.
          found = await orderOf(identifier);
          if (!found)
            throw new VersapayError(`Versapay refused the order for ${idempotencyKey} but has none.`);
        }
        if (found.amount_cents !== amount || found.attributes?.fund_token !== fund)
          throw new IdempotencyKeyReusedError(idempotencyKey);
        const outcome = await outcomeOf(found, idempotencyKey);
        if (outcome !== 'abandoned') return outcome;
      }
      throw new VersapayError(`Every order for ${idempotencyKey} was abandoned before its sale.`);
    },
    async retrieveCharge(chargeId): Promise<ChargeState> {
      const found = await orderOf(chargeId);
      if (!found) return { status: 'failed', reason: 'No such charge.' };
      const sale = saleIn(found);
      if (!sale) return { status: 'failed', reason: 'The payment was not made.' };
      if (tookMoney(sale)) return { status: 'succeeded' };
      return { status: 'failed', reason: sale.message ?? `The payment was ${sale.state ?? 'not made'}.` };
    },
    refund(chargeId, amount, idempotencyKey) {
      // Versapay takes no idempotency key: a refund is found again by its reference. Two calls at once
      // under one key would both find none and refund twice, so they share the first one's answer.
      if (idempotencyKey === undefined) return refundOnce(chargeId, amount, undefined);
      const running = refundsRunning.get(idempotencyKey);
      if (running) return running;
      const made = refundOnce(chargeId, amount, idempotencyKey).finally(() =>
        refundsRunning.delete(idempotencyKey),
      );
      refundsRunning.set(idempotencyKey, made);
      return made;
    },
    async cancelCharge(_chargeId) {
      // Without 3-D Secure no Versapay charge waits for the buyer: it settled or was declined at once.
    },
  };

  /** One refund under a key: the one made before under it, or a new one with the key as its reference. */
  async function refundOnce(chargeId: string, amount: number, idempotencyKey: string | undefined) {
    if (!Number.isSafeInteger(amount) || amount < 1) throw new CardDeclinedError('Invalid amount.');
    const found = await orderOf(chargeId);
    const sale = found ? saleIn(found) : undefined;
    if (!found || !sale || !tookMoney(sale))
      throw new CardDeclinedError(`This charge was not paid. REF: ${chargeId}`);
    const reference = idempotencyKey === undefined ? undefined : codeOf(idempotencyKey);
    const before = reference
      ? (found.transactions ?? []).find((t) => t.action === 'refund' && t.transaction_reference === reference)
      : undefined;
    if (before) {
      if (before.amount_in_cents !== amount) throw new IdempotencyKeyReusedError(idempotencyKey ?? '');
      if (tookMoney(before)) return { refundId: before.token };
      throw new CardDeclinedError(`The refund was declined. REF: ${chargeId}`);
    }
    const what = 'make a refund';
    const answer = await call(what, 'POST', `${apiRoot}/api/gateway/v1/orders/refund`, {
      transaction: sale.token,
      amount_cents: amount,
      ...(reference && { transaction_reference: reference }),
    });
    const made = answer.status === 200 ? transactionAnswer.safeParse(answer.body).data : undefined;
    if (made) return { refundId: made.transaction };
    const refused = transactionFailure.safeParse(answer.body).data;
    if (!refused) throw unexpected(what, answer.status);
    const failure = failureOf(refused);
    if (failure.kind === 'other')
      throw new VersapayError(`Versapay did not make the refund (${failure.word}).`, answer.status);
    throw new CardDeclinedError(
      `The refund was declined${failure.kind === 'declined' ? `: ${failure.reason}` : ''}. REF: ${chargeId}`,
    );
  }

  /** The card a retried save made: the fund token's wallet card, when its nickname is our reference. */
  async function savedUnder(fund: string, reference: string): Promise<ProviderCard | null> {
    const what = 'find a saved card';
    const found = await call(
      what,
      'GET',
      `${apiRoot}/api/gateway/v1/wallets/search?${new URLSearchParams({ type: 'fund', locator: fund })}`,
    );
    if (found.status !== 200) throw unexpected(what, found.status);
    for (const w of read(what, found, walletSearch).wallets) {
      const kept = w.credit_cards.find((c) => c.token === fund && c.nickname === reference);
      if (kept) return shown(w.token, kept);
    }
    return null;
  }
}

/** The Ecommerce API beside a platform API root: Versapay's own pairs, or the same host (a double). */
function ecommerceBeside(apiRoot: string) {
  const host = new URL(apiRoot).hostname;
  if (host === 'uat.versapay.com') return 'https://ecommerce-api-uat.versapay.com/api/v2';
  if (host === 'secure.versapay.com') return 'https://ecommerce-api.versapay.com/api/v2';
  return `${apiRoot}/api/v2`;
}

/** A wallet card in the port's words: brand, the last four digits of its display name ("Visa **4242"), expiry. */
function shown(walletToken: string, card: z.infer<typeof walletCard>): ProviderCard {
  const display = card.display_name ?? card.card_number ?? '';
  return {
    token: tokenOf(walletToken, card.token),
    brand: brands[(card.brand ?? '').toLowerCase()] ?? 'other',
    last4: display.match(/(\d{4})\s*$/)?.[1] ?? '',
    expMonth: card.expiry_month,
    expYear: card.expiry_year,
  };
}
