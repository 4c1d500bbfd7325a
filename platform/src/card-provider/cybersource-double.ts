import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  randomUUID,
  sign,
  timingSafeEqual,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenDouble } from '../http/double-server.ts';
import { luhn } from './card-numbers.ts';
import { CardDeclinedError, type CardDetails } from './port.ts';
import { type SandboxCharge, sandboxTestCards } from './sandbox.ts';

/**
 * The card network's shared test numbers (the sandbox's and Stripe's), which the double honours as
 * CyberSource's test environment honours its own: 4242… and the other brands work, 4000…0002 is
 * declined when saved (its verification is declined), 4000…0341 is saved and declines every charge,
 * 4000 0025 0000 3155 is enrolled in 3-D Secure and asks for a challenge on every payment.
 */
export const cyberSourceTestCards = sandboxTestCards;

type Json = Record<string, unknown>;

/** One request the double received, as CyberSource would read it (card number and code masked). */
export interface CyberSourceDoubleRequest {
  method: string;
  /** The request target, path and query, as signed. */
  path: string;
  /** The HTTP Signature headers as received. */
  headers: {
    host: string | undefined;
    date: string | undefined;
    digest: string | undefined;
    signature: string | undefined;
    merchantId: string | undefined;
  };
  /** The JSON body, with any card number and security code masked. */
  body: Json;
  /** The HTTP status the double answered. */
  status: number;
}

export interface CyberSourceDouble {
  /** The API root: https://127.0.0.1:<port> (the SDK speaks HTTPS only). */
  url: string;
  /** What the SDK's `runEnvironment` is set to, and what requests sign as `host`: 127.0.0.1:<port>. */
  host: string;
  merchantId: string;
  /** The REST shared-secret key's id (Business Center > Key Management). */
  keyId: string;
  /** The shared secret, base64, as the Business Center gives it. */
  sharedSecret: string;
  /** The double's self-signed certificate (PEM), in a file for the SDK's `sslCaCert`. */
  caFile: string;
  requests: CyberSourceDoubleRequest[];
  /**
   * Every payment that reached the card (a sale authorized, or waiting for the buyer's 3-D Secure
   * challenge), in the shape the sandbox lists its charges; the charge id is the first payment's id.
   */
  charges(): SandboxCharge[];
  /** The buyer completes or fails the issuer's challenge (the step-up page) of a charge. */
  authenticate(chargeId: string, approve: boolean): Promise<void>;
  /** While on, every API call answers HTTP 502 SERVER_ERROR (CyberSource is down). */
  outage(on: boolean): void;
  close(): Promise<void>;
}

interface Instrument {
  id: string;
  customerId: string;
  number: string;
  expirationMonth: string;
  expirationYear: string;
  type: string;
  billTo: Json;
}
interface Customer {
  id: string;
  body: Json;
  instruments: Map<string, Instrument>;
}
type Kind = 'authorization' | 'enrollment' | 'validation' | 'refund';
interface Txn {
  id: string;
  submitTimeUtc: string;
  kind: Kind;
  status: string;
  reason?: string | undefined;
  message?: string | undefined;
  code: string;
  transactionId: string | undefined;
  customerId: string | undefined;
  instrumentId: string | undefined;
  number: string | undefined;
  cardType: string | undefined;
  amount: number;
  currency: string;
  capture: boolean;
  mdd: { key: string; value: string }[];
  /** Cents refunded of an authorized sale. */
  refunded: number;
  /** A refund's payment. */
  paymentId?: string | undefined;
  /** The 3-D Secure session an enrollment opened or a validation read. */
  sessionId?: string | undefined;
  applications: Json[];
}
interface Session {
  id: string;
  enrollmentId: string;
  state: 'open' | 'approved' | 'refused';
  returnUrl: string;
  openedAt: number;
  /** The sale the session's validation authorized. */
  authorizationId?: string | undefined;
}

/** CyberSource's answer to a request that failed before any processing, as an HTTP status and body. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message ?? status));
  }
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
/** PTS's INVALID_REQUEST (HTTP 400) with its reason and the fields at fault. */
const invalid = (reason: string, message: string, fields: string[] = []) =>
  new Refusal(400, {
    submitTimeUtc: now(),
    status: 'INVALID_REQUEST',
    reason,
    message,
    ...(fields.length > 0 && { details: fields.map((field) => ({ field, reason: reason })) }),
  });
/** TMS's error envelope: `{ errors: [{ type, message, details: [{ name, location }] }] }`. */
const tmsInvalid = (name: string, location: string) =>
  new Refusal(400, {
    errors: [{ type: 'invalidFields', message: 'Invalid Fields', details: [{ name, location }] }],
  });
const tmsMissing = () => new Refusal(404, { errors: [{ type: 'notFound', message: 'Token not found.' }] });

/** CyberSource's three-digit card types: 001 Visa, 002 Mastercard, 003 American Express, 004 Discover. */
const typeOfNumber = (number: string) =>
  number.startsWith('4')
    ? '001'
    : /^5[1-5]/.test(number)
      ? '002'
      : /^3[47]/.test(number)
        ? '003'
        : number.startsWith('6')
          ? '004'
          : '';
const masked = (number: string) =>
  `${number.slice(0, 6)}${'X'.repeat(number.length - 10)}${number.slice(-4)}`;
/** TMS token ids: 32 upper-case hex characters; PTS request ids: 22 digits. */
const tokenId = () => randomBytes(16).toString('hex').toUpperCase();
const requestId = () =>
  `${Date.now()}${String(randomBytes(4).readUInt32BE()).padStart(10, '0')}`.slice(0, 22);
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** A wire amount (a decimal string, at most two places) in cents, or NaN. */
const centsOf = (value: unknown) => {
  if (typeof value !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(value)) return Number.NaN;
  const [whole = '0', part = ''] = value.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
};
const objectAt = (body: Json, path: string): Json => {
  let at: unknown = body;
  for (const key of path.split('.')) at = at && typeof at === 'object' ? (at as Json)[key] : undefined;
  return at && typeof at === 'object' ? (at as Json) : {};
};
const stringAt = (body: Json, path: string) => {
  const parts = path.split('.');
  const last = parts.pop() as string;
  const value = objectAt(body, parts.join('.'))[last];
  return typeof value === 'string' ? value : undefined;
};
/** A JWT part's JSON, or null. */
const jsonOf = (part: string): Json | null => {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Json;
  } catch {
    return null;
  }
};
/** The body as recorded for a test to read: never a whole card number or a security code. */
function maskedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskedCopy);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Json).map(([key, v]) => [
      key,
      key === 'number' && typeof v === 'string'
        ? masked(v)
        : key === 'securityCode' && typeof v === 'string'
          ? '***'
          : maskedCopy(v),
    ]),
  );
}

const application = (
  name: string,
  rCode: '1' | '0',
  rFlag: string,
  reasonCode: string,
  rMessage: string,
) => ({
  name,
  reasonCode,
  rCode,
  rFlag,
  rMessage,
  reconciliationId: randomBytes(6).toString('hex').toUpperCase(),
});

/** Declines by reason, with the legacy reason code and reply flag TSS reports them under. */
const declines = {
  EXPIRED_CARD: {
    code: '202',
    flag: 'DCARDEXPIRED',
    message:
      'Expired card. You might also receive this if the expiration date you provided does not match the date the issuing bank has on file.',
  },
  PROCESSOR_DECLINED: {
    code: '203',
    flag: 'DCARDREFUSED',
    message: 'General decline of the card. No other information provided by the issuing bank.',
  },
  INVALID_CVN: { code: '211', flag: 'DINVALIDCVN', message: 'Invalid card verification number (CVN).' },
  CONSUMER_AUTHENTICATION_REQUIRED: {
    code: '478',
    flag: 'DAUTHENTICATE',
    message: 'Strong customer authentication (SCA) is required for this transaction.',
  },
} as const;

/**
 * Verifies CyberSource's HTTP Signature (its REST "shared secret" authentication): the `Signature`
 * header names the key (`keyid`), the algorithm (`HmacSHA256`) and the signed `headers`, in order;
 * the signature is base64 HMAC-SHA256, keyed by the base64-decoded shared secret, of one
 * `name: value` line per signed header, `request-target` (with or without parentheses) being
 * `<method in lower case> <path and query>`. A request with a body must sign `digest`, and its
 * `Digest` must be `SHA-256=` and the base64 SHA-256 of the body as sent; `v-c-merchant-id` must be
 * the merchant's and be signed; `Date` must be within 15 minutes. Returns why it fails, or null.
 */
export function signatureFault(
  request: { method: string; target: string; headers: Record<string, string | undefined>; body: Buffer },
  merchant: { merchantId: string; keyId: string; sharedSecret: string },
  at = Date.now(),
): string | null {
  const header = request.headers.signature ?? '';
  const params: Record<string, string> = Object.fromEntries(
    [...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [(m[1] ?? '').toLowerCase(), m[2] ?? '']),
  );
  if (params.keyid !== merchant.keyId) return 'unknown key id';
  if (params.algorithm !== 'HmacSHA256') return 'unsupported algorithm';
  const signed: string[] = (params.headers ?? '').split(' ').filter(Boolean);
  const hasBody = ['post', 'put', 'patch'].includes(request.method.toLowerCase());
  const needed = ['host', 'date', 'v-c-merchant-id', ...(hasBody ? ['digest'] : [])];
  if (needed.some((name) => !signed.includes(name))) return 'a required header is not signed';
  if (!signed.includes('request-target') && !signed.includes('(request-target)'))
    return 'the request target is not signed';
  if (request.headers['v-c-merchant-id'] !== merchant.merchantId) return 'unknown merchant';
  const date = Date.parse(request.headers.date ?? '');
  if (!(Math.abs(at - date) <= 15 * 60_000)) return 'the date is missing or too far from now';
  if (hasBody) {
    const digest = `SHA-256=${createHash('sha256').update(request.body).digest('base64')}`;
    if (request.headers.digest !== digest) return 'the digest does not match the body';
  }
  const lines = signed.map((name) =>
    name === 'request-target' || name === '(request-target)'
      ? `${name}: ${request.method.toLowerCase()} ${request.target}`
      : `${name}: ${request.headers[name] ?? ''}`,
  );
  const expected = createHmac('sha256', Buffer.from(merchant.sharedSecret, 'base64'))
    .update(lines.join('\n'), 'utf8')
    .digest();
  const given = Buffer.from(params.signature ?? '', 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return 'the signature does not match';
  return null;
}

/**
 * A test double of CyberSource's REST API, on https://127.0.0.1 at a random port with a self-signed
 * certificate (the SDK builds `https://` + its `runEnvironment`, so it speaks HTTPS only; it is told
 * to trust the certificate by `sslCaCert`). Every API call must carry a valid HTTP Signature and
 * Digest (see `signatureFault`), else HTTP 401 `{"response":{"rmsg":"Authentication Failed"}}`.
 * Stateful as the test environment is:
 * - Flex API v2: `POST /flex/v2/sessions` (signed) answers a capture context, a JWT (RS256) carrying
 *   the public key the browser encrypts the card with; `POST /flex/v2/tokens` (from the browser,
 *   unsigned) takes the card as a JWE and answers a transient token (see `flexToken`).
 * - `POST /pts/v2/payments`: amounts are decimal strings (`orderInformation.amountDetails.totalAmount`)
 *   in USD; the card by `tokenInformation.transientTokenJwt` (usable until its first authorization,
 *   15 minutes at most; `actionList: ['TOKEN_CREATE']` keeps an approved card as a customer, its
 *   payment instrument and the number's instrument identifier) or on file by
 *   `paymentInformation.customer.id` and `paymentInstrument.id`. Answers HTTP 201 AUTHORIZED (a sale with
 *   `processingInformation.capture`, a verification at 0.00), DECLINED with `errorInformation.reason`
 *   (EXPIRED_CARD, PROCESSOR_DECLINED, INVALID_CVN; CONSUMER_AUTHENTICATION_REQUIRED for the 3-D
 *   Secure card charged without `actionList: ['CONSUMER_AUTHENTICATION']`), or PENDING_AUTHENTICATION
 *   with `consumerAuthenticationInformation` (`stepUpUrl`, `accessToken` — a JWT the step-up page
 *   checks — and `authenticationTransactionId`). `actionList: ['VALIDATE_CONSUMER_AUTHENTICATION']`
 *   with that id reads the challenge: still open, PENDING_AUTHENTICATION again (a documented status
 *   of validation; the double's reading of an unfinished challenge); refused or timed out (10
 *   minutes), AUTHENTICATION_FAILED / CONSUMER_AUTHENTICATION_FAILED; completed, the sale is
 *   authorized. HTTP 400 INVALID_REQUEST with MISSING_FIELD, INVALID_DATA, INVALID_AMOUNT or
 *   DUPLICATE_REQUEST: CyberSource has no idempotency key, and the processor refuses a second request
 *   that reached it (an authorization or a refund) with a `clientReferenceInformation.transactionId`
 *   already used, as Visa Platform Connect does.
 * - `POST /pts/v2/payments/{id}/refunds`: HTTP 201 PENDING, never beyond what is left of the sale
 *   (400 INVALID_AMOUNT).
 * - TMS: `GET`, `PATCH` (expiry checked for form, not for the past: TMS stores, the issuer refuses)
 *   and `DELETE` of `/tms/v2/customers/{id}[/payment-instruments/{id}]`; errors as TMS's
 *   `{ errors: [{ type, message, details }] }`.
 * - TSS: `GET /tss/v2/transactions/{id}` and `POST /tss/v2/searches` (query
 *   `clientReferenceInformation.code:<code>`, sorted by `submitTimeUtc`), each request read back with
 *   its applications (`ics_auth`, `ics_bill`, `ics_credit`, `ics_pa_enroll`, `ics_pa_validate`) and
 *   their `rCode`/`rFlag`/`reasonCode`. Unlike CyberSource, which indexes a transaction for search
 *   some time after it is made, the double finds it at once.
 * - The step-up page at `/V2/Cruise/StepUp` takes the JWT by form POST (as Cardinal's) or, as the
 *   port's same-tab redirect needs, in the query; the buyer completes or fails it and is sent back
 *   (HTTP 303) to the return URL with `TransactionId` and `MD`.
 * Not covered: capture as its own call, reversals and voids, Decision Manager, device data collection
 * (payer authentication setup), currencies other than USD, webhooks, network tokens, MLE/JWT
 * authentication. Only the specs start it.
 */
export async function startCyberSourceDouble(): Promise<CyberSourceDouble> {
  const merchantId = `wine_double_${randomBytes(4).toString('hex')}`;
  const keyId = randomUUID();
  const sharedSecret = randomBytes(32).toString('base64');
  const jwtKey = randomBytes(32);
  /** Flex's keys: one signs capture contexts and transient tokens (RS256), one decrypts the browser's JWE. */
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const encryption = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const encryptionJwk = { ...encryption.publicKey.export({ format: 'jwk' }), use: 'enc', kid: randomUUID() };
  /** Cards behind transient tokens, by the token's `jti`. */
  const vault = new Map<
    string,
    {
      card: Omit<Instrument, 'id' | 'customerId' | 'billTo'> & { securityCode: string };
      expiresAt: number;
      used: boolean;
    }
  >();
  const requests: CyberSourceDoubleRequest[] = [];
  const identifierByNumber = new Map<string, string>();
  const customers = new Map<string, Customer>();
  const txns = new Map<string, Txn>();
  const sessions = new Map<string, Session>();
  const usedTransactionIds = new Set<string>();
  let down = false;

  // Loaded here: the card networks module is imported by every money test, most never start this double.
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const folder = mkdtempSync(join(tmpdir(), 'cybersource-double-'));
  const caFile = join(folder, 'ca.pem');
  writeFileSync(caFile, pems.cert);

  let url = '';
  const stepUpPath = '/V2/Cruise/StepUp';

  const signJwt = (payload: Json) => {
    const part = (value: Json) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
    return `${unsigned}.${createHmac('sha256', jwtKey).update(unsigned).digest('base64url')}`;
  };
  /** The session a step-up JWT is for, when the double signed it. */
  const sessionOfJwt = (jwt: string) => {
    const [head, body, signature] = jwt.split('.');
    const expected = createHmac('sha256', jwtKey).update(`${head}.${body}`).digest('base64url');
    if (!body || signature !== expected) return null;
    const payload = jsonOf(body) as { Payload?: { TransactionId?: string } } | null;
    return sessions.get(payload?.Payload?.TransactionId ?? '') ?? null;
  };

  const signRs256 = (claims: Json) => {
    const part = (value: Json) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ kid: 'double-flex', alg: 'RS256' })}.${part(claims)}`;
    return `${unsigned}.${sign('sha256', Buffer.from(unsigned), signing.privateKey).toString('base64url')}`;
  };
  /** A JWT's claims when the double signed it and it has not expired, else null. */
  const verifyRs256 = (jwt: string): Json | null => {
    const [head, body, signature] = jwt.split('.');
    if (!head || !body || !signature) return null;
    const ok = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      signing.publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!ok) return null;
    const claims = jsonOf(body);
    return claims && Number(claims.exp) * 1000 > Date.now() ? claims : null;
  };
  /** A compact JWE (RSA-OAEP-256 key, A256GCM content) opened with Flex's private key. */
  const decryptJwe = (jwe: string): Json => {
    const [head = '', key = '', iv = '', text = '', tag = ''] = jwe.split('.');
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as Json;
    if (header.alg !== 'RSA-OAEP-256' || header.enc !== 'A256GCM' || header.kid !== encryptionJwk.kid)
      throw new Error('unsupported JWE');
    const cek = privateDecrypt(
      { key: encryption.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(key, 'base64url'),
    );
    const decipher = createDecipheriv('aes-256-gcm', cek, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(head, 'ascii'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as Json;
  };

  const customerOf = (id: string) => {
    const customer = customers.get(id);
    if (!customer) throw tmsMissing();
    return customer;
  };

  function instrumentBody(instrument: Instrument) {
    const identifier = identifierByNumber.get(instrument.number) as string;
    return {
      _links: {
        self: { href: `/tms/v2/customers/${instrument.customerId}/payment-instruments/${instrument.id}` },
        customer: { href: `/tms/v2/customers/${instrument.customerId}` },
      },
      id: instrument.id,
      object: 'paymentInstrument',
      default: true,
      state: 'ACTIVE',
      card: {
        expirationMonth: instrument.expirationMonth,
        expirationYear: instrument.expirationYear,
        type: instrument.type,
      },
      billTo: instrument.billTo,
      instrumentIdentifier: { id: identifier },
      metadata: { creator: merchantId },
      _embedded: {
        instrumentIdentifier: {
          id: identifier,
          object: 'instrumentIdentifier',
          state: 'ACTIVE',
          card: { number: masked(instrument.number) },
        },
      },
    };
  }

  function cardFields(body: Json, instrument: Instrument) {
    const card = objectAt(body, 'card');
    const month =
      typeof card.expirationMonth === 'string' ? card.expirationMonth : instrument.expirationMonth;
    const year = typeof card.expirationYear === 'string' ? card.expirationYear : instrument.expirationYear;
    if (!/^(0[1-9]|1[0-2])$/.test(month)) throw tmsInvalid('expirationMonth', 'card');
    if (!/^\d{4}$/.test(year)) throw tmsInvalid('expirationYear', 'card');
    return { month, year };
  }

  /** TMS: a customer and its payment instrument, as TOKEN_CREATE made them (read, changed, deleted). */
  function tms(method: string, parts: string[], body: Json): [number, Json | null] {
    if (parts[1] !== 'v2' || parts[2] !== 'customers') throw tmsMissing();
    const [, , , customerId, sub, instrumentId] = parts;
    const customer = customerOf(customerId ?? '');
    if (method === 'GET' && !sub) return [200, customer.body];
    if (method === 'DELETE' && !sub) {
      customers.delete(customer.id);
      return [204, null];
    }
    if (sub !== 'payment-instruments') throw tmsMissing();
    const instrument = customer.instruments.get(instrumentId ?? '');
    if (!instrument) throw tmsMissing();
    if (method === 'GET') return [200, instrumentBody(instrument)];
    if (method === 'PATCH') {
      const { month, year } = cardFields(body, instrument);
      Object.assign(instrument, { expirationMonth: month, expirationYear: year });
      if (body.billTo) instrument.billTo = { ...instrument.billTo, ...objectAt(body, 'billTo') };
      return [200, instrumentBody(instrument)];
    }
    if (method === 'DELETE') {
      customer.instruments.delete(instrument.id);
      return [204, null];
    }
    throw tmsMissing();
  }

  /** TOKEN_CREATE: the card of an approved authorization kept as an identifier, a customer and an instrument. */
  function keep(card: Instrument, body: Json) {
    const known = identifierByNumber.get(card.number);
    const identifier =
      known ?? `7${String(Date.now()).slice(-11)}${randomBytes(4).readUInt32BE()}`.padEnd(19, '0');
    if (!known) identifierByNumber.set(card.number, identifier);
    const customerId = tokenId();
    const instrument: Instrument = {
      ...card,
      id: tokenId(),
      customerId,
      billTo: objectAt(body, 'orderInformation.billTo'),
    };
    customers.set(customerId, {
      id: customerId,
      body: {
        _links: { self: { href: `/tms/v2/customers/${customerId}` } },
        id: customerId,
        buyerInformation: objectAt(body, 'buyerInformation'),
        clientReferenceInformation: { code: stringAt(body, 'clientReferenceInformation.code') },
        defaultPaymentInstrument: { id: instrument.id },
        metadata: { creator: merchantId },
      },
      instruments: new Map([[instrument.id, instrument]]),
    });
    return {
      instrument,
      tokenInformation: {
        instrumentIdentifierNew: !known,
        instrumentIdentifier: { id: identifier, state: 'ACTIVE' },
        customer: { id: customerId },
        paymentInstrument: { id: instrument.id },
      },
    };
  }

  /**
   * Flex API v2's capture context (`POST /flex/v2/sessions`): a JWT signed by the double (RS256)
   * whose `flx` claim gives the browser the public key (JWK) to encrypt the card with and where to
   * post it (`origin` + `path`); valid 15 minutes.
   */
  function captureContext(body: Json): [number, string] {
    const iat = Math.floor(Date.now() / 1000);
    const targetOrigins = body.targetOrigins;
    if (
      !Array.isArray(targetOrigins) ||
      targetOrigins.length === 0 ||
      !targetOrigins.every((o) => typeof o === 'string' && /^https?:\/\/[^/]+$/.test(o))
    )
      throw invalid('INVALID_DATA', 'targetOrigins: the origins the card form runs on', ['targetOrigins']);
    return [
      201,
      signRs256({
        targetOrigins,
        flx: {
          path: '/flex/v2/tokens',
          data: randomBytes(24).toString('base64'),
          origin: url,
          jwk: encryptionJwk,
        },
        ctx: [{ data: objectAt(body, 'fields'), type: 'api-0.1.0' }],
        iss: 'Flex API',
        exp: iat + 15 * 60,
        iat,
        jti: randomUUID(),
      }),
    ];
  }

  /**
   * Flex API v2's tokenisation (`POST /flex/v2/tokens`, from the browser, unsigned): a JWE (RSA-OAEP-256,
   * A256GCM) with the capture context and the card, answered with a transient token — a JWT signed by
   * the double whose claims show the masked card — valid 15 minutes or until the first authorization
   * that uses it. The number must pass the Luhn check, the security code have its brand's length, the
   * expiry be a month and a four-digit year; errors as Flex's `responseStatus` with the field's location.
   */
  function flexToken(raw: string, origin: string | undefined): [number, Json | string] {
    const flexError = (location: string, message: string) =>
      new Refusal(400, {
        responseStatus: {
          status: 400,
          reason: 'VALIDATION_ERROR',
          message: 'Validation error',
          correlationId: randomUUID(),
          details: [{ location, message }],
        },
      });
    let payload: Json;
    try {
      payload = decryptJwe(raw.trim());
    } catch {
      throw flexError('body', 'The JWE could not be decrypted');
    }
    const context = typeof payload.context === 'string' ? verifyRs256(payload.context) : null;
    if (!context) throw flexError('context', 'Invalid capture context');
    // From a browser, the page's origin must be one the capture context was asked for.
    if (origin !== undefined && !(context.targetOrigins as unknown[] | undefined)?.includes(origin))
      throw flexError('context', 'The capture context does not allow this origin');
    const card = objectAt(payload, 'data.paymentInformation.card');
    const field = (name: string) => {
      const value = card[name];
      return typeof value === 'string' ? value : String(objectAt(card, name).value ?? '');
    };
    const number = field('number').replace(/\s/g, '');
    if (!/^\d{12,19}$/.test(number) || !luhn(number) || !typeOfNumber(number))
      throw flexError('paymentInformation.card.number', 'Invalid card number');
    const type = typeOfNumber(number);
    const securityCode = field('securityCode');
    if (!new RegExp(`^\\d{${type === '003' ? 4 : 3}}$`).test(securityCode))
      throw flexError('paymentInformation.card.securityCode', 'Invalid security code');
    const expirationMonth = field('expirationMonth').padStart(2, '0');
    const expirationYear = field('expirationYear');
    if (!/^(0[1-9]|1[0-2])$/.test(expirationMonth))
      throw flexError('paymentInformation.card.expirationMonth', 'Invalid expiration month');
    if (!/^\d{4}$/.test(expirationYear))
      throw flexError('paymentInformation.card.expirationYear', 'Invalid expiration year');
    const jti = randomBytes(32).toString('hex').toUpperCase();
    const iat = Math.floor(Date.now() / 1000);
    vault.set(jti, {
      card: { number, expirationMonth, expirationYear, type, securityCode },
      expiresAt: Date.now() + 15 * 60_000,
      used: false,
    });
    return [
      201,
      signRs256({
        iss: 'Flex/08',
        exp: iat + 15 * 60,
        type: 'api-0.1.0',
        iat,
        jti,
        content: {
          paymentInformation: {
            card: {
              number: {
                detectedCardTypes: [type],
                maskedValue: `${'X'.repeat(number.length - 4)}${number.slice(-4)}`,
                bin: number.slice(0, 6),
              },
              expirationMonth: { value: expirationMonth },
              expirationYear: { value: expirationYear },
              securityCode: {},
            },
          },
        },
      }),
    ];
  }

  /** The card behind a transient token the double issued, still valid and not yet authorized with. */
  function cardOfTransientToken(jwt: string) {
    const claims = verifyRs256(jwt);
    const kept = claims && vault.get(String(claims.jti ?? ''));
    if (!kept || kept.used || Date.now() > kept.expiresAt)
      throw invalid('INVALID_DATA', 'Declined - One or more fields in the request contains invalid data', [
        'tokenInformation.transientTokenJwt',
      ]);
    return kept;
  }

  /** The card a payment is for: a customer's payment instrument (its default when none is named). */
  function instrumentOf(body: Json) {
    const customerId = stringAt(body, 'paymentInformation.customer.id');
    const instrumentId = stringAt(body, 'paymentInformation.paymentInstrument.id');
    if (!customerId && !instrumentId)
      throw invalid('MISSING_FIELD', 'Declined - The request is missing one or more fields', [
        'paymentInformation.customer.id',
      ]);
    const owner = customerId
      ? customers.get(customerId)
      : [...customers.values()].find((c) => c.instruments.has(instrumentId ?? ''));
    const instrument = instrumentId
      ? owner?.instruments.get(instrumentId)
      : owner?.instruments.values().next().value;
    if (!owner || !instrument)
      throw invalid('INVALID_DATA', 'Declined - One or more fields in the request contains invalid data', [
        instrumentId ? 'paymentInformation.paymentInstrument.id' : 'paymentInformation.customer.id',
      ]);
    return instrument;
  }

  function record(txn: Omit<Txn, 'id' | 'submitTimeUtc' | 'refunded'>) {
    const made: Txn = { ...txn, id: requestId(), submitTimeUtc: now(), refunded: 0 };
    txns.set(made.id, made);
    return made;
  }

  /** The processor's duplicate check: a transaction id that already reached it is refused. */
  function claim(transactionId: string | undefined) {
    if (!transactionId) return;
    if (transactionId.length > 30)
      throw invalid('INVALID_DATA', 'Declined - One or more fields in the request contains invalid data', [
        'clientReferenceInformation.transactionId',
      ]);
    if (usedTransactionIds.has(transactionId))
      throw invalid(
        'DUPLICATE_REQUEST',
        'Declined - The transaction identifier sent with this request has already been used in the last 60 days',
      );
    usedTransactionIds.add(transactionId);
  }

  function paymentAnswer(txn: Txn, extra: Json = {}): [number, Json] {
    return [
      201,
      {
        _links: { self: { href: `/pts/v2/payments/${txn.id}`, method: 'GET' } },
        id: txn.id,
        submitTimeUtc: txn.submitTimeUtc,
        status: txn.status,
        reconciliationId: (txn.applications[0] as Json | undefined)?.reconciliationId,
        clientReferenceInformation: { code: txn.code },
        ...(txn.reason && { errorInformation: { reason: txn.reason, message: txn.message } }),
        ...(txn.status === 'AUTHORIZED' && {
          processorInformation: {
            approvalCode: String(100_000 + (Number(txn.id.slice(-5)) % 900_000)),
            responseCode: '100',
            transactionId: txn.id.slice(-15),
          },
        }),
        orderInformation: {
          amountDetails: {
            totalAmount: decimal(txn.amount),
            ...(txn.status === 'AUTHORIZED' && { authorizedAmount: decimal(txn.amount) }),
            currency: txn.currency,
          },
        },
        paymentInformation: {
          ...(txn.cardType && { card: { type: txn.cardType } }),
          ...(txn.customerId && { customer: { id: txn.customerId } }),
          ...(txn.instrumentId && { paymentInstrument: { id: txn.instrumentId } }),
        },
        ...extra,
      },
    ];
  }

  /** The issuer's answer to an authorization of `amount` on a card on file. */
  function authorize(instrument: Instrument, amount: number, securityCode: string | undefined) {
    const today = new Date();
    const month = Number(instrument.expirationMonth);
    const year = Number(instrument.expirationYear);
    if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1))
      return 'EXPIRED_CARD' as const;
    if (
      securityCode !== undefined &&
      !new RegExp(`^\\d{${instrument.type === '003' ? 4 : 3}}$`).test(securityCode)
    )
      return 'INVALID_CVN' as const;
    if (instrument.number === cyberSourceTestCards.declined) return 'PROCESSOR_DECLINED' as const;
    if (instrument.number === cyberSourceTestCards.chargeDeclined && amount > 0)
      return 'PROCESSOR_DECLINED' as const;
    return null;
  }

  function authorizationApps(decline: keyof typeof declines | null, capture: boolean) {
    if (decline) {
      const d = declines[decline];
      return [application('ics_auth', '0', d.flag, d.code, d.message)];
    }
    return [
      application('ics_auth', '1', 'SOK', '100', 'Request was processed successfully.'),
      ...(capture ? [application('ics_bill', '1', 'SOK', '100', 'Request was processed successfully.')] : []),
    ];
  }

  function payment(body: Json): [number, Json] {
    const code = stringAt(body, 'clientReferenceInformation.code');
    if (!code)
      throw invalid('MISSING_FIELD', 'Declined - The request is missing one or more fields', [
        'clientReferenceInformation.code',
      ]);
    const amount = centsOf(stringAt(body, 'orderInformation.amountDetails.totalAmount'));
    if (Number.isNaN(amount))
      throw invalid('INVALID_DATA', 'Declined - One or more fields in the request contains invalid data', [
        'orderInformation.amountDetails.totalAmount',
      ]);
    const currency = stringAt(body, 'orderInformation.amountDetails.currency') ?? '';
    if (currency !== 'USD')
      throw invalid('INVALID_DATA', 'Declined - One or more fields in the request contains invalid data', [
        'orderInformation.amountDetails.currency',
      ]);
    const processing = objectAt(body, 'processingInformation');
    const capture = processing.capture === true;
    if (capture && amount < 1) throw invalid('INVALID_AMOUNT', 'Declined - The amount is invalid.');
    const actions = Array.isArray(processing.actionList) ? (processing.actionList as string[]) : [];
    const transient = stringAt(body, 'tokenInformation.transientTokenJwt');
    const captured = transient === undefined ? undefined : cardOfTransientToken(transient);
    const instrument: Instrument = captured
      ? { ...captured.card, id: '', customerId: '', billTo: objectAt(body, 'orderInformation.billTo') }
      : instrumentOf(body);
    const transactionId = stringAt(body, 'clientReferenceInformation.transactionId');
    const mdd = Array.isArray(body.merchantDefinedInformation)
      ? (body.merchantDefinedInformation as { key: string; value: string }[])
      : [];
    const base = {
      code,
      transactionId,
      customerId: instrument.customerId || undefined,
      instrumentId: instrument.id || undefined,
      number: instrument.number,
      cardType: instrument.type,
      amount,
      currency,
      capture,
      mdd,
    };

    if (actions.includes('VALIDATE_CONSUMER_AUTHENTICATION')) {
      const session = sessions.get(
        stringAt(body, 'consumerAuthenticationInformation.authenticationTransactionId') ?? '',
      );
      const enrollment = session && txns.get(session.enrollmentId);
      if (
        !session ||
        !enrollment ||
        enrollment.instrumentId !== instrument.id ||
        enrollment.amount !== amount
      )
        throw invalid('INVALID_DATA', 'Declined - One or more fields in the request contains invalid data', [
          'consumerAuthenticationInformation.authenticationTransactionId',
        ]);
      if (session.state === 'open' && Date.now() - session.openedAt > 10 * 60_000) session.state = 'refused';
      if (session.state === 'open') {
        const pending = record({
          ...base,
          kind: 'validation',
          status: 'PENDING_AUTHENTICATION',
          reason: 'CONSUMER_AUTHENTICATION_REQUIRED',
          message: 'The cardholder has not completed authentication.',
          sessionId: session.id,
          applications: [
            application('ics_pa_validate', '0', 'DAUTHENTICATE', '475', 'Authentication not completed.'),
          ],
        });
        return paymentAnswer(pending, {
          consumerAuthenticationInformation: { authenticationTransactionId: session.id },
        });
      }
      if (session.state === 'refused') {
        const failed = record({
          ...base,
          kind: 'validation',
          status: 'AUTHENTICATION_FAILED',
          reason: 'CONSUMER_AUTHENTICATION_FAILED',
          message: 'Encountered a Payer Authentication problem. Payer could not be authenticated.',
          sessionId: session.id,
          applications: [
            application(
              'ics_pa_validate',
              '0',
              'DAUTHENTICATIONFAILED',
              '476',
              'Payer could not be authenticated.',
            ),
          ],
        });
        return paymentAnswer(failed, {
          consumerAuthenticationInformation: { authenticationTransactionId: session.id, paresStatus: 'N' },
        });
      }
      claim(transactionId);
      const decline = authorize(instrument, amount, undefined);
      const made = record({
        ...base,
        kind: 'validation',
        status: decline ? 'DECLINED' : 'AUTHORIZED',
        reason: decline ?? undefined,
        message: decline ? declines[decline].message : undefined,
        sessionId: session.id,
        applications: [
          application('ics_pa_validate', '1', 'SOK', '100', 'Request was processed successfully.'),
          ...authorizationApps(decline, capture),
        ],
      });
      if (!decline) session.authorizationId = made.id;
      return paymentAnswer(made, {
        consumerAuthenticationInformation: {
          authenticationTransactionId: session.id,
          paresStatus: 'Y',
          eciRaw: '05',
          cavv: randomBytes(20).toString('base64'),
        },
      });
    }

    const enrolled = instrument.number === cyberSourceTestCards.authenticationRequired && amount > 0;
    if (enrolled && actions.includes('CONSUMER_AUTHENTICATION')) {
      const returnUrl = stringAt(body, 'consumerAuthenticationInformation.returnUrl') ?? '';
      if (!/^https?:\/\//.test(returnUrl))
        throw invalid('MISSING_FIELD', 'Declined - The request is missing one or more fields', [
          'consumerAuthenticationInformation.returnUrl',
        ]);
      const sessionId = randomBytes(15).toString('base64url');
      const enrollment = record({
        ...base,
        kind: 'enrollment',
        status: 'PENDING_AUTHENTICATION',
        reason: 'CONSUMER_AUTHENTICATION_REQUIRED',
        message:
          'The cardholder is enrolled in Payer Authentication. Please authenticate the cardholder before continuing with the transaction.',
        sessionId,
        applications: [
          application(
            'ics_pa_enroll',
            '0',
            'DAUTHENTICATE',
            '475',
            'The cardholder is enrolled in Payer Authentication. Please authenticate before proceeding with authorization.',
          ),
        ],
      });
      sessions.set(sessionId, {
        id: sessionId,
        enrollmentId: enrollment.id,
        state: 'open',
        returnUrl,
        openedAt: Date.now(),
      });
      const pareq = Buffer.from(
        JSON.stringify({ messageType: 'CReq', threeDSServerTransID: sessionId }),
      ).toString('base64');
      const accessToken = signJwt({
        jti: randomUUID(),
        iat: Math.floor(Date.now() / 1000),
        iss: merchantId,
        OrgUnitId: merchantId,
        ReturnUrl: returnUrl,
        ObjectifyPayload: true,
        Payload: { ACSUrl: `${url}/acs/challenge`, Payload: pareq, TransactionId: sessionId },
      });
      return paymentAnswer(enrollment, {
        consumerAuthenticationInformation: {
          accessToken,
          stepUpUrl: `${url}${stepUpPath}`,
          acsUrl: `${url}/acs/challenge`,
          pareq,
          authenticationTransactionId: sessionId,
          challengeRequired: 'Y',
          veresEnrolled: 'Y',
          specificationVersion: '2.2.0',
        },
      });
    }

    claim(transactionId);
    const securityCode =
      stringAt(body, 'paymentInformation.card.securityCode') ?? captured?.card.securityCode;
    const decline = enrolled
      ? 'CONSUMER_AUTHENTICATION_REQUIRED'
      : authorize(instrument, amount, securityCode);
    // A transient token serves until the first authorization made with it.
    if (captured) captured.used = true;
    // TOKEN_CREATE keeps the card only when the issuer approved it.
    const kept =
      !decline && captured && actions.includes('TOKEN_CREATE') ? keep(instrument, body) : undefined;
    const made = record({
      ...base,
      ...(kept && { customerId: kept.instrument.customerId, instrumentId: kept.instrument.id }),
      kind: 'authorization',
      status: decline ? 'DECLINED' : 'AUTHORIZED',
      reason: decline ?? undefined,
      message: decline ? declines[decline].message : undefined,
      applications: authorizationApps(decline, capture),
    });
    return paymentAnswer(made, kept ? { tokenInformation: kept.tokenInformation } : {});
  }

  /** The authorized sale behind a payment id: itself, or the sale its 3-D Secure session settled. */
  const saleOf = (id: string) => {
    const txn = txns.get(id);
    if (txn?.status === 'AUTHORIZED' && txn.capture) return txn;
    return undefined;
  };

  function refund(paymentId: string, body: Json): [number, Json] {
    const sale = saleOf(paymentId);
    if (!sale)
      throw invalid('INVALID_DATA', 'Declined - One or more fields in the request contains invalid data', [
        'id',
      ]);
    const amount = centsOf(stringAt(body, 'orderInformation.amountDetails.totalAmount'));
    if (!(amount >= 1))
      throw invalid('INVALID_DATA', 'Declined - One or more fields in the request contains invalid data', [
        'orderInformation.amountDetails.totalAmount',
      ]);
    if (sale.refunded + amount > sale.amount)
      throw invalid('INVALID_AMOUNT', 'Declined - The refund amount exceeds the amount left on the payment.');
    const transactionId = stringAt(body, 'clientReferenceInformation.transactionId');
    claim(transactionId);
    sale.refunded += amount;
    const made = record({
      kind: 'refund',
      status: 'PENDING',
      code: stringAt(body, 'clientReferenceInformation.code') ?? '',
      transactionId,
      customerId: sale.customerId,
      instrumentId: sale.instrumentId,
      number: sale.number,
      cardType: sale.cardType,
      amount,
      currency: sale.currency,
      capture: false,
      mdd: Array.isArray(body.merchantDefinedInformation)
        ? (body.merchantDefinedInformation as { key: string; value: string }[])
        : [],
      paymentId: sale.id,
      applications: [application('ics_credit', '1', 'SOK', '100', 'Request was processed successfully.')],
    });
    return [
      201,
      {
        _links: { self: { href: `/pts/v2/refunds/${made.id}`, method: 'GET' } },
        id: made.id,
        submitTimeUtc: made.submitTimeUtc,
        status: 'PENDING',
        reconciliationId: (made.applications[0] as Json).reconciliationId,
        clientReferenceInformation: { code: made.code },
        refundAmountDetails: { refundAmount: decimal(amount), currency: made.currency },
        orderInformation: { amountDetails: { currency: made.currency } },
      },
    ];
  }

  const applicationInformation = (txn: Txn) => {
    const last = txn.applications.at(-1) as Json;
    return {
      reasonCode: last.reasonCode,
      rCode: txn.applications.every((a) => (a as Json).rCode === '1') ? '1' : '0',
      rFlag: last.rFlag,
      applications: txn.applications,
    };
  };

  /** A transaction as TSS details it (`GET /tss/v2/transactions/{id}`). */
  const detailsOf = (txn: Txn) => ({
    _links: { self: { href: `/tss/v2/transactions/${txn.id}`, method: 'GET' } },
    id: txn.id,
    rootId: txn.paymentId ?? txn.id,
    reconciliationId: (txn.applications[0] as Json).reconciliationId,
    merchantId,
    submitTimeUTC: txn.submitTimeUtc,
    status: txn.status,
    applicationInformation: applicationInformation(txn),
    clientReferenceInformation: { code: txn.code },
    ...(txn.sessionId && { consumerAuthenticationInformation: { transactionId: txn.sessionId } }),
    merchantDefinedInformation: txn.mdd,
    orderInformation: {
      amountDetails: {
        totalAmount: decimal(txn.amount),
        currency: txn.currency,
        ...(txn.status === 'AUTHORIZED' && {
          authorizedAmount: decimal(txn.amount),
          refundBalance: decimal(txn.amount - txn.refunded),
        }),
      },
    },
    paymentInformation: {
      ...(txn.customerId && { customer: { id: txn.customerId } }),
      ...(txn.instrumentId && { paymentInstrument: { id: txn.instrumentId } }),
      ...(txn.number && {
        card: { suffix: txn.number.slice(-4), prefix: txn.number.slice(0, 6), type: txn.cardType },
      }),
    },
    processingInformation: { capture: txn.capture },
  });

  /** A transaction as a search lists it (`_embedded.transactionSummaries[]`). */
  const summaryOf = (txn: Txn) => ({
    id: txn.id,
    submitTimeUtc: txn.submitTimeUtc,
    merchantId,
    status: txn.status,
    applicationInformation: applicationInformation(txn),
    clientReferenceInformation: { code: txn.code },
    ...(txn.sessionId && { consumerAuthenticationInformation: { transactionId: txn.sessionId } }),
    merchantDefinedInformation: txn.mdd,
    orderInformation: { amountDetails: { totalAmount: decimal(txn.amount), currency: txn.currency } },
    paymentInformation: {
      ...(txn.customerId && { customer: { customerId: txn.customerId } }),
      ...(txn.number && {
        card: { suffix: txn.number.slice(-4), prefix: txn.number.slice(0, 6), type: txn.cardType },
      }),
    },
    _links: { transactionDetail: { href: `/tss/v2/transactions/${txn.id}`, method: 'GET' } },
  });

  function search(body: Json): [number, Json] {
    const query = typeof body.query === 'string' ? body.query : '';
    const terms = query.split(/\s+AND\s+/).map((term) => term.match(/^([\w.]+):"?([^"]*)"?$/));
    if (terms.length === 0 || terms.some((t) => t?.[1] !== 'clientReferenceInformation.code'))
      throw invalid(
        'INVALID_DATA',
        'Invalid query: the double searches by clientReferenceInformation.code only',
        ['query'],
      );
    const codes = terms.map((t) => t?.[2]);
    const limit = Math.min(Number(body.limit ?? 20) || 20, 2500);
    const offset = Number(body.offset ?? 0) || 0;
    const descending = String(body.sort ?? 'submitTimeUtc:desc').includes(':desc');
    const found = [...txns.values()].filter((t) => codes.every((code) => t.code === code));
    if (descending) found.reverse();
    const page = found.slice(offset, offset + limit);
    return [
      201,
      {
        searchId: randomUUID(),
        save: body.save === true,
        name: body.name ?? '',
        timezone: body.timezone ?? 'UTC',
        query,
        offset,
        limit,
        sort: body.sort ?? 'submitTimeUtc:desc',
        count: page.length,
        totalCount: found.length,
        submitTimeUtc: now(),
        _embedded: { transactionSummaries: page.map(summaryOf) },
      },
    ];
  }

  function route(method: string, target: string, body: Json): [number, Json | string | null] {
    const parts = new URL(target, 'https://double').pathname.split('/').filter(Boolean);
    const [api, version, resource, id, verb] = parts;
    if (api === 'tms') return tms(method, parts, body);
    if (api === 'flex' && version === 'v2' && resource === 'sessions' && method === 'POST')
      return captureContext(body);
    if (api === 'pts' && version === 'v2' && resource === 'payments') {
      if (method === 'POST' && !id) return payment(body);
      if (method === 'POST' && id && verb === 'refunds') return refund(id, body);
    }
    if (api === 'tss' && version === 'v2') {
      if (method === 'GET' && resource === 'transactions' && id) {
        const txn = txns.get(id);
        if (!txn)
          throw new Refusal(404, {
            submitTimeUtc: now(),
            status: 'NOT_FOUND',
            message: 'The requested resource does not exist',
          });
        return [200, detailsOf(txn)];
      }
      if (method === 'POST' && resource === 'searches' && !id) return search(body);
    }
    throw new Refusal(404, { submitTimeUtc: now(), status: 'NOT_FOUND', message: 'Resource not found' });
  }

  const stepUpPage = (jwt: string, md: string, session: Session) => {
    const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const fields = `<input type="hidden" name="JWT" value="${html(jwt)}"><input type="hidden" name="MD" value="${html(md)}">`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3-D Secure challenge (CyberSource double)</title></head>
<body><main><h1>3-D Secure challenge</h1><p>CyberSource double: ${html(session.enrollmentId)}</p>
<form method="post" action="${stepUpPath}/decide?approve=1">${fields}<button type="submit">Complete</button></form>
<form method="post" action="${stepUpPath}/decide?approve=0">${fields}<button type="submit">Fail</button></form></main></body></html>`;
  };

  /** The buyer's answer on the issuer's page; once decided, a challenge stays decided. */
  function decide(session: Session, approve: boolean) {
    if (session.state !== 'open') return;
    session.state = approve ? 'approved' : 'refused';
  }

  /** Cardinal's step-up page: the JWT from the enrollment answer, by form POST or in the query. */
  function serveStepUp(request: IncomingMessage, response: ServerResponse, where: URL, raw: string) {
    const form = new URLSearchParams(raw);
    const jwt = form.get('JWT') ?? where.searchParams.get('JWT') ?? '';
    const md = form.get('MD') ?? where.searchParams.get('MD') ?? '';
    const session = sessionOfJwt(jwt);
    if (!session) {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end('Invalid JWT');
    }
    if (where.pathname === stepUpPath) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(stepUpPage(jwt, md, session));
    }
    if (request.method !== 'POST') {
      response.writeHead(405);
      return response.end();
    }
    decide(session, where.searchParams.get('approve') === '1');
    const back = new URL(session.returnUrl);
    back.searchParams.set('TransactionId', session.id);
    if (md) back.searchParams.set('MD', md);
    response.writeHead(303, { location: back.toString() });
    return response.end();
  }

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const target = request.url ?? '/';
    const where = new URL(target, 'https://double');
    const method = request.method ?? 'GET';
    if (where.pathname === stepUpPath || where.pathname === `${stepUpPath}/decide`)
      return serveStepUp(request, response, where, raw.toString('utf8'));
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    let body: Json = {};
    let parsed = true;
    if (raw.length > 0 && where.pathname !== '/flex/v2/tokens') {
      try {
        body = JSON.parse(raw.toString('utf8')) as Json;
      } catch {
        parsed = false;
      }
    }
    const answer = (status: number, json: Json | string | null, type = 'application/hal+json') => {
      requests.push({
        method,
        path: target,
        headers: {
          host: header('host'),
          date: header('date'),
          digest: header('digest'),
          signature: header('signature'),
          merchantId: header('v-c-merchant-id'),
        },
        body: maskedCopy(body) as Json,
        status,
      });
      const text = typeof json === 'string' ? json : json ? JSON.stringify(json) : undefined;
      response.writeHead(status, {
        ...(text && { 'content-type': typeof json === 'string' ? 'application/jwt' : type }),
        'v-c-correlation-id': randomUUID(),
      });
      response.end(text);
    };
    if (where.pathname === '/flex/v2/tokens') {
      // Cross-origin from the card form's page (its JWE content type asks first): the preflight is
      // answered for any origin, the post itself only from the capture context's target origins.
      response.setHeader('access-control-allow-origin', header('origin') ?? '*');
      response.setHeader('vary', 'origin');
      if (method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
          'access-control-max-age': '600',
        });
        return response.end();
      }
    }
    if (method === 'POST' && where.pathname === '/flex/v2/tokens') {
      // From the browser: no signature, the capture context inside the JWE says whose it is.
      body = { jwe: '(encrypted card)' };
      if (down)
        return answer(502, { responseStatus: { status: 502, reason: 'SYSTEM_ERROR' } }, 'application/json');
      try {
        const [status, jwt] = flexToken(raw.toString('utf8'), header('origin'));
        return answer(status, jwt);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return answer(error.status, error.body, 'application/json');
      }
    }
    const headers = Object.fromEntries(Object.keys(request.headers).map((name) => [name, header(name)]));
    const fault = signatureFault({ method, target, headers, body: raw }, { merchantId, keyId, sharedSecret });
    if (fault) return answer(401, { response: { rmsg: 'Authentication Failed' } }, 'application/json');
    if (down)
      return answer(502, {
        submitTimeUtc: now(),
        status: 'SERVER_ERROR',
        reason: 'SYSTEM_ERROR',
        message: 'Error - General system failure.',
      });
    const tmsType = 'application/json;charset=utf-8';
    const isTms = where.pathname.startsWith('/tms/');
    if (!parsed) return answer(400, invalid('INVALID_DATA', 'Malformed request body').body);
    try {
      const [status, json] = route(method, target, body);
      return answer(status, json, isTms ? tmsType : 'application/hal+json');
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return answer(error.status, error.body, isTms ? tmsType : 'application/hal+json');
    }
  }

  const server = await listenDouble(serve, (error) => ({ status: 'SERVER_ERROR', message: String(error) }), {
    key: pems.private,
    cert: pems.cert,
  });
  const { host } = server;
  url = server.url;

  /** The state of a charge (its first payment) as the network sees it. */
  function stateOf(first: Txn): SandboxCharge['state'] {
    if (first.kind === 'authorization') return { status: 'succeeded' };
    const session = sessions.get(first.sessionId ?? '') as Session;
    if (session.authorizationId) return { status: 'succeeded' };
    if (session.state === 'refused')
      return {
        status: 'failed',
        reason: 'Encountered a Payer Authentication problem. Payer could not be authenticated.',
      };
    return { status: 'requires_action' };
  }

  return {
    url,
    host,
    merchantId,
    keyId,
    sharedSecret,
    caFile,
    requests,
    charges: () =>
      [...txns.values()]
        .filter(
          (t) =>
            (t.kind === 'authorization' && t.capture && t.status === 'AUTHORIZED') ||
            (t.kind === 'enrollment' && t.status === 'PENDING_AUTHENTICATION'),
        )
        .map((first) => {
          const session = first.sessionId ? sessions.get(first.sessionId) : undefined;
          const sale = session?.authorizationId ? (txns.get(session.authorizationId) as Txn) : first;
          const mdd = new Map(first.mdd.map((m) => [m.key, m.value]));
          const metadata = Object.fromEntries(
            first.mdd
              .filter((m) => m.key !== '1')
              .map((m) => [m.value.slice(0, m.value.indexOf('=')), m.value.slice(m.value.indexOf('=') + 1)]),
          );
          return {
            chargeId: first.id,
            token: `${first.customerId}|${first.instrumentId}`,
            amount: first.amount,
            refunded: sale.refunded,
            reference: mdd.get('1') ?? '',
            idempotencyKey: first.code,
            metadata,
            state: stateOf(first),
          };
        }),
    async authenticate(chargeId, approve) {
      const enrollment = txns.get(chargeId);
      const session = enrollment?.sessionId ? sessions.get(enrollment.sessionId) : undefined;
      if (enrollment?.kind !== 'enrollment' || !session)
        throw new Error(`cybersource double: no 3-D Secure challenge for ${chargeId}`);
      decide(session, approve);
    },
    outage(on) {
      down = on;
    },
    close: () => server.close().finally(() => rmSync(folder, { recursive: true, force: true })),
  };
}

/**
 * What the browser does with the card form on CyberSource (Flex API v2, as Microform does): reads the
 * capture context's public key and address, encrypts the card as a compact JWE (RSA-OAEP-256 wrapping
 * an A256GCM key) and posts it; the answer is the transient token the product keeps the card with.
 * Flex's validation errors become CardDeclinedError in the buyer's words, as the card form shows them.
 * `ca` is the PEM file to trust (the double's self-signed certificate).
 */
export async function tokenizeWithFlex(
  captureContext: string,
  card: CardDetails,
  ca?: string,
): Promise<string> {
  const claims = JSON.parse(
    Buffer.from(captureContext.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as {
    flx: { origin: string; path: string; jwk: JsonWebKey & { kid: string } };
  };
  const { origin, path, jwk } = claims.flx;
  const header = Buffer.from(JSON.stringify({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: jwk.kid })).toString(
    'base64url',
  );
  const contentKey = randomBytes(32);
  const wrapped = publicEncrypt(
    {
      key: createPublicKey({ key: jwk, format: 'jwk' }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    contentKey,
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', contentKey, iv);
  cipher.setAAD(Buffer.from(header, 'ascii'));
  const payload = {
    context: captureContext,
    index: 0,
    data: {
      paymentInformation: {
        card: {
          number: card.number,
          securityCode: card.cvc,
          expirationMonth: String(card.expMonth).padStart(2, '0'),
          expirationYear: String(card.expYear),
        },
      },
    },
  };
  const text = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  const jwe = [header, ...[wrapped, iv, text, cipher.getAuthTag()].map((b) => b.toString('base64url'))].join(
    '.',
  );
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const sent = httpsRequest(
      new URL(path, origin),
      {
        method: 'POST',
        headers: { 'content-type': 'application/jose; charset=utf-8' },
        ...(ca && { ca: readFileSync(ca) }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(jwe);
  });
  if (status === 201) return body;
  let location = '';
  try {
    const error = JSON.parse(body) as { responseStatus?: { details?: { location?: string }[] } };
    location = error.responseStatus?.details?.[0]?.location ?? '';
  } catch {
    // Not Flex's error body: the status says it.
  }
  if (location.endsWith('.number')) throw new CardDeclinedError('Your card number is incorrect.');
  if (location.endsWith('.securityCode'))
    throw new CardDeclinedError("Your card's security code is incorrect.");
  if (/expiration/.test(location)) throw new CardDeclinedError("Your card's expiration date is invalid.");
  throw new Error(`CyberSource's Flex refused the card form (HTTP ${status}).`);
}
