import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { z } from 'zod';
import {
  CardDeclinedError,
  type CardProviderWithContext,
  type ChargeResult,
  type ChargeState,
  IdempotencyKeyReusedError,
  type ProviderCard,
} from './port.ts';

export interface CyberSourceOptions {
  merchantId: string;
  /** The REST shared-secret key's id (Business Center > Payment Configuration > Key Management). */
  keyId: string;
  /** The shared secret, base64, as the Business Center gives it. */
  sharedSecret: string;
  /**
   * CyberSource's API root: https://apitest.cybersource.com (the test environment, the default) or
   * https://api.cybersource.com; a local double's in the specs. HTTPS only: the SDK builds
   * `https://` + the host it is given.
   */
  apiBase?: string | undefined;
  timeoutMs?: number | undefined;
  /** The site's address: the issuer's page sends the buyer back to an absolute URL. */
  publicUrl: () => string;
  /**
   * A PEM file of the certificate authority to trust instead of the system's (the SDK's `sslCaCert`):
   * a local double's self-signed certificate, or a TLS-inspecting proxy's. None by default.
   */
  caFile?: string | undefined;
}

/**
 * The card port on CyberSource, with what its browser tokenisation needs besides: CyberSource has no
 * publishable key; the browser encrypts the card with the key of a capture context the server asks
 * for (Flex API v2, `POST /flex/v2/sessions`), one per card form, valid 15 minutes.
 */
export type CyberSourceCardProvider = CardProviderWithContext;

/** CyberSource did not answer, or answered something other than a refusal of the card. */
export class CyberSourceError extends Error {
  constructor(
    message: string,
    readonly status?: number | undefined,
    readonly reason?: string | undefined,
  ) {
    super(message);
    this.name = 'CyberSourceError';
  }
}

// ---- The SDK (cybersource-rest-client ships no typings): the few calls used, as it exposes them. ----
type Json = Record<string, unknown>;
type Callback = (error: unknown, data: unknown, response: unknown) => void;
interface ApiClient {
  timeout: number;
}
interface Sdk {
  ApiClient: new () => ApiClient;
  PaymentsApi: new (config: Json, client: ApiClient) => { createPayment(body: Json, done: Callback): void };
  RefundApi: new (
    config: Json,
    client: ApiClient,
  ) => { refundPayment(body: Json, id: string, done: Callback): void };
  CustomerApi: new (
    config: Json,
    client: ApiClient,
  ) => {
    deleteCustomer(customerId: string, opts: Json, done: Callback): void;
  };
  CustomerPaymentInstrumentApi: new (
    config: Json,
    client: ApiClient,
  ) => {
    patchCustomersPaymentInstrument(
      customerId: string,
      paymentInstrumentId: string,
      body: Json,
      opts: Json,
      done: Callback,
    ): void;
  };
  FlexAPIApi: new (
    config: Json,
    client: ApiClient,
  ) => { generateFlexAPICaptureContext(body: Json, done: Callback): void };
  SearchTransactionsApi: new (
    config: Json,
    client: ApiClient,
  ) => { createSearch(body: Json, done: Callback): void };
  TransactionDetailsApi: new (
    config: Json,
    client: ApiClient,
  ) => { getTransaction(id: string, done: Callback): void };
}
/** Loaded on first use: the SDK's entry requires its ~2,000 model files (about a second). */
let sdk: Sdk | undefined;
const loadSdk = () => {
  sdk ??= createRequire(import.meta.url)('cybersource-rest-client') as Sdk;
  return sdk;
};

// ---- What is read from CyberSource's answers (zod at the edge; the SDK's models drop unknown fields). ----
const application = z.object({
  name: z.string().optional(),
  rCode: z.string().optional(),
  reasonCode: z.string().optional(),
});
const mdd = z.array(z.object({ key: z.string(), value: z.string() })).optional();
/** A transaction as TSS details it, or lists it in a search (the customer under `id` or `customerId`). */
const transaction = z.object({
  id: z.string(),
  applicationInformation: z.object({ applications: z.array(application).optional() }).optional(),
  clientReferenceInformation: z.object({ code: z.string().optional() }).optional(),
  consumerAuthenticationInformation: z.object({ transactionId: z.string().optional() }).optional(),
  merchantDefinedInformation: mdd,
  orderInformation: z
    .object({
      amountDetails: z
        .object({ totalAmount: z.string().optional(), currency: z.string().optional() })
        .optional(),
    })
    .optional(),
  paymentInformation: z
    .object({
      customer: z.object({ id: z.string().optional(), customerId: z.string().optional() }).optional(),
      paymentInstrument: z.object({ id: z.string().optional() }).optional(),
    })
    .optional(),
});
type Transaction = z.infer<typeof transaction>;
const searchResult = z.object({
  _embedded: z.object({ transactionSummaries: z.array(transaction).optional() }).optional(),
});
const paymentAnswer = z.object({
  id: z.string(),
  status: z.string(),
  errorInformation: z.object({ reason: z.string().optional(), message: z.string().optional() }).optional(),
  consumerAuthenticationInformation: z
    .object({ stepUpUrl: z.string().optional(), accessToken: z.string().optional() })
    .optional(),
  tokenInformation: z
    .object({
      customer: z.object({ id: z.string().optional() }).optional(),
      paymentInstrument: z.object({ id: z.string().optional() }).optional(),
    })
    .optional(),
});
const tokenAnswer = z.object({ id: z.string() });
/** The claims of Flex's transient token that show the card: masked number, detected type, expiry. */
const transientClaims = z.object({
  content: z.object({
    paymentInformation: z.object({
      card: z.object({
        number: z.object({ maskedValue: z.string(), detectedCardTypes: z.array(z.string()).optional() }),
        expirationMonth: z.object({ value: z.string() }),
        expirationYear: z.object({ value: z.string() }),
      }),
    }),
  }),
});
/** PTS's error body (`status`, `reason`, `details[].field`) or TMS's (`errors[].details[].name`). */
const errorBody = z.object({
  status: z.string().optional(),
  reason: z.string().optional(),
  message: z.string().optional(),
  details: z.array(z.object({ field: z.string().optional() })).optional(),
  errors: z
    .array(
      z.object({
        type: z.string().optional(),
        details: z.array(z.object({ name: z.string().optional() })).optional(),
      }),
    )
    .optional(),
});
type ErrorBody = z.infer<typeof errorBody>;

/** A failed call: CyberSource's HTTP status and error body, or no status when nothing came back. */
interface Failure {
  status: number | undefined;
  body: ErrorBody;
  /** The network's word when nothing came back (ECONNREFUSED, ECONNABORTED, …). */
  cause: string;
}

/**
 * The SDK's error in our words. It hands back the HTTP status and the body as text, but also the
 * request as sent (headers with the signature, the body with any card number): only the status, the
 * body and a network code are kept, so nothing of the request reaches a log.
 */
function failureOf(error: unknown): Failure {
  const e = (error ?? {}) as { status?: unknown; response?: { text?: unknown }; code?: unknown };
  if (typeof e.status === 'number') {
    let body: ErrorBody = {};
    try {
      body = errorBody.catch({}).parse(JSON.parse(String(e.response?.text ?? '{}')));
    } catch {
      // Not JSON: the status says enough.
    }
    return { status: e.status, body, cause: `HTTP ${e.status}` };
  }
  return { status: undefined, body: {}, cause: typeof e.code === 'string' ? e.code : 'no answer' };
}

const isFailure = (value: unknown): value is Failure =>
  typeof value === 'object' && value !== null && 'cause' in value && 'body' in value;

/** Anything but a refusal of the card: CyberSource is down, timed out, or refused our keys. */
function unavailable(failure: Failure): CyberSourceError {
  if (failure.status === 401)
    return new CyberSourceError(
      'CyberSource refused the request: its HTTP signature or merchant keys are wrong (HTTP 401).',
      401,
    );
  const why = [failure.body.reason, failure.body.message].filter(Boolean).join(': ');
  return new CyberSourceError(
    `CyberSource did not take the request (${failure.cause}${why ? `, ${why}` : ''}).`,
    failure.status,
    failure.body.reason,
  );
}

/**
 * CyberSource's refusals in the buyer's words (its own messages are for the merchant, e.g. "General
 * decline of the card. No other information provided by the issuing bank."), ending in its request
 * id as the reference (seeds 001 §8).
 */
const refusals: Record<string, string> = {
  EXPIRED_CARD: 'Your card has expired.',
  INVALID_CVN: "Your card's security code is incorrect.",
  CV_FAILED: "Your card's security code is incorrect.",
  CVN_NOT_MATCH: "Your card's security code is incorrect.",
  INVALID_ACCOUNT: 'Your card number is incorrect.',
  INVALID_CARD: 'Your card number is incorrect.',
  INSUFFICIENT_FUND: 'Your card was declined: insufficient funds.',
  CONSUMER_AUTHENTICATION_FAILED: 'Your card was declined: the card issuer did not authenticate the payment.',
  AUTHENTICATION_FAILED: 'Your card was declined: the card issuer did not authenticate the payment.',
  CONSUMER_AUTHENTICATION_REQUIRED: "Your card was declined: its issuer's authentication is required.",
};
/** TSS reports a refusal by the legacy reason code of the application that refused. */
const reasonOfCode: Record<string, string> = {
  '202': 'EXPIRED_CARD',
  '211': 'INVALID_CVN',
  '230': 'CV_FAILED',
  '231': 'INVALID_ACCOUNT',
  '476': 'CONSUMER_AUTHENTICATION_FAILED',
  '478': 'CONSUMER_AUTHENTICATION_REQUIRED',
};
const refusalText = (reason: string | undefined, reference?: string) =>
  `${refusals[reason ?? ''] ?? 'Your card was declined.'}${reference ? ` REF: ${reference}` : ''}`;
const declined = (reason: string | undefined, reference?: string) =>
  new CardDeclinedError(refusalText(reason, reference));

const brands: Record<string, ProviderCard['brand']> = {
  '001': 'visa',
  '002': 'mastercard',
  '003': 'amex',
  '004': 'discover',
};

/**
 * The card as the buyer's transient token shows it (its claims are readable; CyberSource checks its
 * signature when it is used): brand, last four digits, expiry. Not a token at all: refused.
 */
function shownCardOf(token: string): Omit<ProviderCard, 'token'> {
  let claims: z.infer<typeof transientClaims>;
  try {
    claims = transientClaims.parse(
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')),
    );
  } catch {
    throw new CardDeclinedError('This card was not given to CyberSource: enter the card again.');
  }
  const card = claims.content.paymentInformation.card;
  return {
    brand: brands[card.number.detectedCardTypes?.[0] ?? ''] ?? 'other',
    last4: card.number.maskedValue.slice(-4),
    expMonth: Number(card.expirationMonth.value),
    expYear: Number(card.expirationYear.value),
  };
}

/** Cents as CyberSource's decimal string (5000 → "50.00"), and back (NaN for anything else). */
export const decimalOf = (cents: number) =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const centsOf = (amount: string | undefined) =>
  amount && /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : Number.NaN;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/**
 * Our key as `clientReferenceInformation.code` (at most 50 characters; kept plain when it is a safe
 * word so it can be searched by in TSS, else a hash of it): what a charge is found by again.
 */
const codeOf = (key: string) => (/^[\w.-]{1,50}$/.test(key) ? key : `k-${sha256(key).slice(0, 40)}`);
/**
 * The processor's duplicate check (`clientReferenceInformation.transactionId`, at most 30
 * characters): one per charge's code, so at most one authorization is ever made for it, whichever
 * request (the first, a retry, the one after 3-D Secure) gets there.
 */
const transactionIdOf = (purpose: 'charge' | 'refund', code: string) =>
  sha256(`${purpose}:${code}`).slice(0, 30);

/** Our token for a card on file: TMS's customer and its payment instrument, kept in the secret store only. */
const tokenOf = (customer: string, instrument: string) => `${customer}|${instrument}`;
function partsOf(token: string) {
  const [customer, instrument] = token.split('|');
  if (!customer || !instrument || !/^[0-9A-F]{16,32}$/i.test(customer))
    throw new CardDeclinedError('This card is not a CyberSource card.');
  return { customer, instrument };
}

/** What one TSS transaction is, by its applications (`ics_*`) and their result codes (1 ok, 0 not). */
type Kind =
  | 'sale'
  | 'declined'
  | 'enrollment'
  | 'validation-pending'
  | 'validation-failed'
  | 'refund'
  | 'other';
function kindOf(t: Transaction): Kind {
  const apps = t.applicationInformation?.applications ?? [];
  const app = (name: string) => apps.find((a) => a.name === name);
  const auth = app('ics_auth');
  const validate = app('ics_pa_validate');
  if (auth?.rCode === '1' && app('ics_bill')?.rCode === '1') return 'sale';
  if (auth && auth.rCode !== '1') return 'declined';
  if (app('ics_credit')?.rCode === '1') return 'refund';
  if (validate && validate.rCode !== '1')
    return validate.reasonCode === '475' ? 'validation-pending' : 'validation-failed';
  if (app('ics_pa_enroll') && !auth) return 'enrollment';
  return 'other';
}
const refusalReasonOf = (t: Transaction) => {
  const refused = (t.applicationInformation?.applications ?? []).find((a) => a.rCode !== '1');
  return reasonOfCode[refused?.reasonCode ?? ''] ?? 'PROCESSOR_DECLINED';
};
const customerOf = (t: Transaction) =>
  t.paymentInformation?.customer?.id ?? t.paymentInformation?.customer?.customerId;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Our charge's reference and metadata as CyberSource's merchant-defined data: 1 is the reference. */
const merchantDefined = (reference: string, metadata: Record<string, string>) => [
  { key: '1', value: reference },
  ...Object.entries(metadata)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value], i) => ({ key: String(i + 2), value: `${name}=${value}` })),
];

/**
 * The card port on CyberSource's REST API through its own SDK (`cybersource-rest-client`), signed
 * with HTTP Signature (merchant id, key id, shared secret: the SDK signs host, date, request-target,
 * digest and v-c-merchant-id with HMAC-SHA256). Amounts are integer cents here, decimal strings in
 * USD on the wire.
 * - The number never reaches the product (issue 35 §1): the browser encrypts the card with the key of
 *   a capture context (`captureContext()`, Flex API v2) and gets a transient token. `createCard` sends
 *   it in a zero-amount authorization with `actionList: ['TOKEN_CREATE']`: the issuer checks the card,
 *   its expiry and security code, and only an approved card is kept, as a TMS customer with one
 *   payment instrument. Our token is `customer|paymentInstrument`; changing the card PATCHes the
 *   instrument, deleting it deletes the customer.
 * - A charge is a sale (`capture: true`) with `actionList: ['CONSUMER_AUTHENTICATION']`: the card
 *   settles at once, or the issuer wants a challenge (PENDING_AUTHENTICATION), answered as
 *   `requires_action` with the step-up URL (its JWT and, as MD, the charge id in the query). After the
 *   buyer's challenge, `retrieveCharge` validates it (`VALIDATE_CONSUMER_AUTHENTICATION`), which makes
 *   the sale. The charge id is the first payment's id either way.
 * - Idempotency: CyberSource takes no idempotency key. Our key goes as `clientReferenceInformation.code`,
 *   searched for in TSS before a charge or refund is made (found: that one is answered, or
 *   IdempotencyKeyReusedError for another amount or card), and a transaction id derived from it as
 *   `clientReferenceInformation.transactionId`, which the processor refuses twice (DUPLICATE_REQUEST):
 *   a request that loses the race looks the winner up instead. This relies on the processor's
 *   duplicate check (Visa Platform Connect documents it) and on TSS finding the transaction; a
 *   search that does not find it yet is a CyberSourceError, to be asked again with the same key.
 * Refusals are CardDeclinedError in the buyer's words with CyberSource's request id as reference;
 * anything else (down, timeout, HTTP 401 for wrong keys, 5xx) is a CyberSourceError, never carrying
 * the request's headers or body.
 */
export function createCyberSourceCardProvider(options: CyberSourceOptions): CyberSourceCardProvider {
  const base = new URL(options.apiBase ?? 'https://apitest.cybersource.com');
  if (base.protocol !== 'https:')
    throw new Error(`CyberSource's SDK speaks HTTPS only; ${base.origin} is not an https URL`);
  const cs = loadSdk();
  /** Where Flex takes cards from the browser (the capture context says so too). */
  const flexOrigin =
    base.hostname === 'apitest.cybersource.com'
      ? 'https://testflex.cybersource.com'
      : base.hostname === 'api.cybersource.com'
        ? 'https://flex.cybersource.com'
        : base.origin;
  const config: Json = {
    authenticationType: 'http_signature',
    runEnvironment: base.host,
    merchantID: options.merchantId,
    merchantKeyId: options.keyId,
    merchantsecretKey: options.sharedSecret,
    // The SDK's own log writes requests to files; the product logs what it needs itself.
    logConfiguration: { enableLog: false },
    ...(options.caFile && { sslCaCert: options.caFile }),
  };
  const client = new cs.ApiClient();
  client.timeout = options.timeoutMs ?? 20_000;
  const payments = new cs.PaymentsApi(config, client);
  const refunds = new cs.RefundApi(config, client);
  const customers = new cs.CustomerApi(config, client);
  const instruments = new cs.CustomerPaymentInstrumentApi(config, client);
  const flex = new cs.FlexAPIApi(config, client);
  const searches = new cs.SearchTransactionsApi(config, client);
  const details = new cs.TransactionDetailsApi(config, client);
  /**
   * Charges given up while their challenge was open. CyberSource has no call to end a buyer's
   * 3-D Secure session (the issuer times it out), so a given-up charge is never validated by this
   * process; after a restart only the issuer's timeout ends it (the product never asks again for a
   * charge it gave up).
   */
  const givenUp = new Set<string>();

  /** One SDK call as a promise: its data, or a Failure. */
  const call = (run: (done: Callback) => void) =>
    new Promise<unknown>((resolve, reject) => {
      try {
        run((error, data) => (error ? reject(failureOf(error)) : resolve(data ?? {})));
      } catch (error) {
        reject(new CyberSourceError(`CyberSource SDK: ${(error as Error).message}`));
      }
    });
  /** A CyberSource failure not read as a refusal of the card is a CyberSourceError; anything else passes. */
  const rethrow = (error: unknown): never => {
    throw isFailure(error) ? unavailable(error) : error;
  };

  /** Every transaction under our code, oldest first; TSS lists a transaction some time after it is made. */
  async function underCode(code: string) {
    const found = await call((done) =>
      searches.createSearch(
        {
          save: false,
          name: `wine ${code}`,
          timezone: 'UTC',
          query: `clientReferenceInformation.code:${code}`,
          offset: 0,
          limit: 100,
          sort: 'submitTimeUtc:asc',
        },
        done,
      ),
    ).catch(rethrow);
    return searchResult.parse(found)._embedded?.transactionSummaries ?? [];
  }
  /** The first of `pick` under our code, asked again a few times after a duplicate while TSS catches up. */
  async function findUnder(code: string, pick: (all: Transaction[]) => Transaction | undefined, tries = 1) {
    for (let i = 0; i < tries; i++) {
      if (i > 0) await sleep(250 * 2 ** i);
      const found = pick(await underCode(code));
      if (found) return found;
    }
    return undefined;
  }
  const firstCharge = (all: Transaction[]) =>
    all.find((t) => {
      const kind = kindOf(t);
      const validating = (t.applicationInformation?.applications ?? []).some(
        (a) => a.name === 'ics_pa_validate',
      );
      return !validating && (kind === 'sale' || kind === 'declined' || kind === 'enrollment');
    });

  async function transactionOf(id: string) {
    try {
      return transaction.parse(await call((done) => details.getTransaction(id, done)));
    } catch (error) {
      if (isFailure(error) && error.status === 404)
        throw new CyberSourceError(`CyberSource has no transaction ${id} (or has not listed it yet).`, 404);
      return rethrow(error);
    }
  }

  /** The outcome of a charge's 3-D Secure session, once a validation settled or refused it. */
  async function followUpOf(enrollment: Transaction, tries = 1) {
    const session = enrollment.consumerAuthenticationInformation?.transactionId;
    const code = enrollment.clientReferenceInformation?.code ?? '';
    return findUnder(
      code,
      (all) =>
        all.find((t) => {
          const kind = kindOf(t);
          return (
            t.consumerAuthenticationInformation?.transactionId === session &&
            t.id !== enrollment.id &&
            (kind === 'sale' || kind === 'declined' || kind === 'validation-failed')
          );
        }),
      tries,
    );
  }
  const stateOfDecided = (t: Transaction): ChargeState =>
    kindOf(t) === 'sale'
      ? { status: 'succeeded' }
      : { status: 'failed', reason: refusalText(refusalReasonOf(t), t.id) };

  /**
   * Validates the buyer's challenge and, when it passed, makes the sale (the same transaction id as
   * the charge's, so it is made once). Still open: `requires_action`.
   */
  async function validate(enrollment: Transaction): Promise<ChargeState> {
    const code = enrollment.clientReferenceInformation?.code ?? '';
    const amounts = enrollment.orderInformation?.amountDetails;
    let answer: z.infer<typeof paymentAnswer>;
    try {
      answer = paymentAnswer.parse(
        await call((done) =>
          payments.createPayment(
            {
              clientReferenceInformation: { code, transactionId: transactionIdOf('charge', code) },
              processingInformation: {
                capture: true,
                commerceIndicator: 'internet',
                actionList: ['VALIDATE_CONSUMER_AUTHENTICATION'],
              },
              paymentInformation: {
                customer: { id: customerOf(enrollment) },
                paymentInstrument: { id: enrollment.paymentInformation?.paymentInstrument?.id },
              },
              orderInformation: {
                amountDetails: { totalAmount: amounts?.totalAmount, currency: amounts?.currency },
              },
              consumerAuthenticationInformation: {
                authenticationTransactionId: enrollment.consumerAuthenticationInformation?.transactionId,
              },
              merchantDefinedInformation: enrollment.merchantDefinedInformation ?? [],
            },
            done,
          ),
        ),
      );
    } catch (error) {
      if (isFailure(error) && error.body.reason === 'DUPLICATE_REQUEST') {
        const decided = await followUpOf(enrollment, 4);
        if (decided) return stateOfDecided(decided);
        throw new CyberSourceError(
          `CyberSource made the sale of ${enrollment.id} but has not listed it yet.`,
        );
      }
      return rethrow(error);
    }
    if (answer.status === 'AUTHORIZED') return { status: 'succeeded' };
    if (answer.status === 'PENDING_AUTHENTICATION') return { status: 'requires_action' };
    return { status: 'failed', reason: refusalText(answer.errorInformation?.reason, answer.id) };
  }

  /** A charge's state from its first payment: settled, refused, or its 3-D Secure session's. */
  async function stateOf(first: Transaction): Promise<ChargeState> {
    const kind = kindOf(first);
    if (kind === 'sale' || kind === 'declined') return stateOfDecided(first);
    if (kind !== 'enrollment')
      return { status: 'failed', reason: `CyberSource: ${first.id} is not a payment.` };
    const decided = await followUpOf(first);
    if (decided) return stateOfDecided(decided);
    if (givenUp.has(first.id)) return { status: 'failed', reason: 'The payment was abandoned.' };
    return validate(first);
  }

  /** The sale behind a charge: itself, or the one its 3-D Secure validation made. */
  async function saleOf(chargeId: string) {
    const first = await transactionOf(chargeId);
    if (kindOf(first) === 'sale') return first.id;
    const decided = kindOf(first) === 'enrollment' ? await followUpOf(first) : undefined;
    if (decided && kindOf(decided) === 'sale') return decided.id;
    throw new CardDeclinedError('This charge was not paid.');
  }

  /** A payment's answer in the port's words. */
  function resultOf(answer: z.infer<typeof paymentAnswer>): ChargeResult {
    if (answer.status === 'AUTHORIZED') return { status: 'succeeded', chargeId: answer.id };
    const auth = answer.consumerAuthenticationInformation;
    if (answer.status === 'PENDING_AUTHENTICATION' && auth?.stepUpUrl && auth.accessToken) {
      const url = new URL(auth.stepUpUrl);
      url.searchParams.set('JWT', auth.accessToken);
      url.searchParams.set('MD', answer.id);
      return { status: 'requires_action', chargeId: answer.id, url: url.toString() };
    }
    throw declined(answer.errorInformation?.reason, answer.id);
  }

  /** A charge made before under the same key, answered again (or refused for other parameters). */
  async function replay(
    first: Transaction,
    key: string,
    amount: number,
    customer: string,
  ): Promise<ChargeResult> {
    if (
      centsOf(first.orderInformation?.amountDetails?.totalAmount) !== amount ||
      customerOf(first) !== customer
    )
      throw new IdempotencyKeyReusedError(key);
    const state = await stateOf(first);
    if (state.status === 'succeeded') return { status: 'succeeded', chargeId: first.id };
    if (state.status === 'failed') throw new CardDeclinedError(state.reason);
    throw new CyberSourceError(
      `The charge for ${key} waits for the buyer's 3-D Secure challenge, whose page CyberSource gives once.`,
    );
  }

  return {
    name: 'cybersource',
    tokenisation: { url: flexOrigin, publishableKey: null },
    async captureContext(origin) {
      const context = await call((done) =>
        flex.generateFlexAPICaptureContext(
          {
            // The page the card form runs on: Flex takes the card only from there.
            targetOrigins: [origin],
            fields: {
              paymentInformation: {
                card: {
                  number: { required: true },
                  securityCode: { required: true },
                  expirationMonth: { required: true },
                  expirationYear: { required: true },
                },
              },
            },
          },
          done,
        ),
      ).catch(rethrow);
      if (typeof context !== 'string') throw new CyberSourceError('CyberSource answered no capture context.');
      return context;
    },
    async createCard(card, _now) {
      // What the buyer typed, as the transient token shows it (masked); CyberSource checks the token itself.
      const shown = shownCardOf(card.token);
      const reference = codeOf(card.reference ?? crypto.randomUUID());
      const words = card.nameOnCard.trim().split(/\s+/);
      const billTo = {
        firstName: words.length > 1 ? words.slice(0, -1).join(' ') : (words[0] ?? ''),
        lastName: words.at(-1) ?? '',
        ...(card.zip && { postalCode: card.zip }),
      };
      let answer: z.infer<typeof paymentAnswer>;
      try {
        // A zero-amount authorization: the issuer checks the card, its expiry and its security code,
        // and TOKEN_CREATE keeps it (a customer, its payment instrument, the number's identifier)
        // only when the issuer approved it.
        answer = paymentAnswer.parse(
          await call((done) =>
            payments.createPayment(
              {
                clientReferenceInformation: { code: reference },
                processingInformation: {
                  capture: false,
                  commerceIndicator: 'internet',
                  actionList: ['TOKEN_CREATE'],
                  actionTokenTypes: ['customer', 'paymentInstrument', 'instrumentIdentifier'],
                },
                tokenInformation: { transientTokenJwt: card.token },
                orderInformation: { amountDetails: { totalAmount: '0.00', currency: 'USD' }, billTo },
                ...(card.owner && { buyerInformation: { merchantCustomerId: card.owner.slice(0, 100) } }),
              },
              done,
            ),
          ),
        );
      } catch (error) {
        if (
          isFailure(error) &&
          error.status === 400 &&
          /tokenInformation/.test(JSON.stringify(error.body.details))
        )
          throw new CardDeclinedError('The card form has expired or was sent already: enter the card again.');
        return rethrow(error);
      }
      if (answer.status !== 'AUTHORIZED') throw declined(answer.errorInformation?.reason, answer.id);
      const customer = answer.tokenInformation?.customer?.id;
      const instrument = answer.tokenInformation?.paymentInstrument?.id;
      if (!customer || !instrument)
        throw new CyberSourceError(`CyberSource verified the card but kept no token (${answer.id}).`);
      return { token: tokenOf(customer, instrument), ...shown };
    },
    async updateCard(token, change, now) {
      const { customer, instrument } = partsOf(token);
      if (
        change.expYear < now.getUTCFullYear() ||
        (change.expYear === now.getUTCFullYear() && change.expMonth < now.getUTCMonth() + 1)
      )
        // TMS keeps what it is given; the issuer would refuse an expired card at its next charge.
        throw new CardDeclinedError('Your card has expired.');
      const words = change.nameOnCard.trim().split(/\s+/);
      try {
        await call((done) =>
          instruments.patchCustomersPaymentInstrument(
            customer,
            instrument,
            {
              card: {
                expirationMonth: String(change.expMonth).padStart(2, '0'),
                expirationYear: String(change.expYear),
              },
              billTo: {
                firstName: words.length > 1 ? words.slice(0, -1).join(' ') : (words[0] ?? ''),
                lastName: words.at(-1) ?? '',
              },
            },
            {},
            done,
          ),
        );
      } catch (error) {
        if (isFailure(error) && error.status === 404)
          throw new CardDeclinedError('This card is no longer on file.');
        if (isFailure(error) && error.status === 400)
          throw new CardDeclinedError("Your card's expiration date is invalid.");
        rethrow(error);
      }
    },
    async deleteCard(token) {
      const { customer } = partsOf(token);
      try {
        // One customer per card: deleting it deletes its payment instrument.
        await call((done) => customers.deleteCustomer(customer, {}, done));
      } catch (error) {
        // Already gone from TMS: nothing is left to take back.
        if (isFailure(error) && error.status === 404) return;
        rethrow(error);
      }
    },
    async charge({ token, amount, reference, returnUrl, idempotencyKey, metadata = {} }) {
      const { customer, instrument } = partsOf(token);
      if (!Number.isSafeInteger(amount) || amount < 1) throw new CardDeclinedError('Invalid amount.');
      const code = codeOf(idempotencyKey);
      const before = await findUnder(code, firstCharge);
      if (before) return replay(before, idempotencyKey, amount, customer);
      let answer: z.infer<typeof paymentAnswer>;
      try {
        answer = paymentAnswer.parse(
          await call((done) =>
            payments.createPayment(
              {
                clientReferenceInformation: { code, transactionId: transactionIdOf('charge', code) },
                processingInformation: {
                  capture: true,
                  commerceIndicator: 'internet',
                  actionList: ['CONSUMER_AUTHENTICATION'],
                },
                paymentInformation: { customer: { id: customer }, paymentInstrument: { id: instrument } },
                orderInformation: { amountDetails: { totalAmount: decimalOf(amount), currency: 'USD' } },
                consumerAuthenticationInformation: {
                  returnUrl: new URL(returnUrl, options.publicUrl()).toString(),
                },
                merchantDefinedInformation: merchantDefined(reference, metadata),
              },
              done,
            ),
          ),
        );
      } catch (error) {
        if (!isFailure(error)) throw error;
        if (error.body.reason === 'DUPLICATE_REQUEST') {
          // Another request with this key reached the processor first: its charge is the answer.
          const winner = await findUnder(code, firstCharge, 4);
          if (winner) return replay(winner, idempotencyKey, amount, customer);
          throw new CyberSourceError(
            `CyberSource made the charge for ${idempotencyKey} but has not listed it yet.`,
          );
        }
        if (
          error.status === 400 &&
          error.body.reason === 'INVALID_DATA' &&
          /paymentInformation/.test(JSON.stringify(error.body.details ?? []))
        )
          throw new CardDeclinedError('This card is no longer on file.');
        if (error.status === 400 && error.body.reason === 'INVALID_AMOUNT')
          throw new CardDeclinedError('Invalid amount.');
        return rethrow(error);
      }
      return resultOf(answer);
    },
    async retrieveCharge(chargeId) {
      return stateOf(await transactionOf(chargeId));
    },
    async refund(chargeId, amount, idempotencyKey) {
      if (!Number.isSafeInteger(amount) || amount < 1) throw new CardDeclinedError('Invalid amount.');
      const code = idempotencyKey === undefined ? undefined : codeOf(idempotencyKey);
      const replayed = (made: Transaction) => {
        const of = made.merchantDefinedInformation?.find((m) => m.key === '1')?.value;
        if (centsOf(made.orderInformation?.amountDetails?.totalAmount) !== amount || of !== chargeId)
          throw new IdempotencyKeyReusedError(idempotencyKey ?? '');
        return { refundId: made.id };
      };
      const isRefund = (all: Transaction[]) => all.find((t) => kindOf(t) === 'refund');
      if (code) {
        const before = await findUnder(code, isRefund);
        if (before) return replayed(before);
      }
      const sale = await saleOf(chargeId);
      try {
        const made = tokenAnswer.parse(
          await call((done) =>
            refunds.refundPayment(
              {
                clientReferenceInformation: code
                  ? { code, transactionId: transactionIdOf('refund', code) }
                  : { code: codeOf(`refund-${chargeId}`) },
                orderInformation: { amountDetails: { totalAmount: decimalOf(amount), currency: 'USD' } },
                merchantDefinedInformation: [{ key: '1', value: chargeId }],
              },
              sale,
              done,
            ),
          ),
        );
        return { refundId: made.id };
      } catch (error) {
        if (!isFailure(error)) throw error;
        if (code && error.body.reason === 'DUPLICATE_REQUEST') {
          const winner = await findUnder(code, isRefund, 4);
          if (winner) return replayed(winner);
          throw new CyberSourceError(
            `CyberSource made the refund for ${idempotencyKey} but has not listed it yet.`,
          );
        }
        if (error.status === 400 && error.body.reason === 'INVALID_AMOUNT')
          throw new CardDeclinedError(`The refund exceeds what is left of the charge. REF: ${chargeId}`);
        if (error.status === 400)
          throw new CardDeclinedError(`The charge cannot be refunded. REF: ${chargeId}`);
        return rethrow(error);
      }
    },
    async cancelCharge(chargeId) {
      let state: ChargeState;
      try {
        // Validating first: a buyer who completed the challenge meanwhile has paid (settled, not given up).
        state = await stateOf(await transactionOf(chargeId));
      } catch (error) {
        if (error instanceof CyberSourceError && error.status === 404) return;
        throw error;
      }
      if (state.status === 'requires_action') givenUp.add(chargeId);
    },
  };
}
