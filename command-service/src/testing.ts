import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  actions,
  cardWebhookPath,
  invoiceAmounts,
  type MarketSettings,
  payPalWebhookPath,
  type Role,
  SANDBOX_VAULT_PATH,
} from '@wine/contracts';
import { invoiceStream, type LotListedData, lotStream } from '@wine/event-schemas';
import {
  type CardProvider,
  createHttpApp,
  createLogger,
  type DocumentService,
  directoryFileStore,
  type HostedGateways,
  type HttpApp,
  type InvestingService,
  type KycProvider,
  type Mailer,
  type Maps,
  type Marketing,
  manualClock,
  marketUpcaster,
  openOutboxMailer,
  openSqliteEventStore,
  openSqliteSecretStore,
  sandboxTestCards,
  type TaxChoice,
} from '@wine/platform';
import { type CardNetwork, listedLot, openPayPalNetwork, type PayPalNetwork } from '@wine/platform/testing';
import { auctionInvoiceId } from './checkout/money-deps.ts';
import { type CommandService, commandService } from './index.ts';
import { invoiceDecider } from './invoices/decide.ts';
import { lotDecider } from './lots/decide.ts';
import type { ExternalPhotoOptions } from './photos/external.ts';
import type { Accounts } from './users/accounts.ts';

/** An answer in the seeds' envelope: on a refusal, the catalogue's code and the field at fault. */
export interface Answer<Data = unknown> {
  status: number;
  body: {
    status: 'success' | 'error';
    data: {
      message: string;
      responseType: number;
      code?: string;
      responseData: Data & { field?: string; issues?: { field: string; message: string }[] };
    };
  };
}

export interface PostOptions {
  /** A session token, sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** The `x-command-id` header (idempotency). */
  commandId?: string;
  headers?: Record<string, string>;
}

export interface TestOptions {
  /** Issue 35 §4: the documents service (its sandbox by default) and the house's template in it. */
  documents?: DocumentService;
  agreementTemplateId?: string;
  /** Where the clock starts (it moves only when a spec moves it). */
  now?: string;
  market?: MarketSettings;
  /** Sign-in and code requests per minute (the product's 10 by default). */
  rateLimit?: number;
  /** Staff (admin, seller, ...) requests per minute per client (the product's 300 by default). */
  staffRateLimit?: number;
  /** The identity checks (the deterministic sandbox by default). */
  kyc?: KycProvider;
  /** The card provider (the sandbox by default). */
  cards?: CardProvider;
  /**
   * Issue 35: the card network under test, instead of `cards`: its provider is the service's, and a
   * network that sends events (Stripe's double) posts them to the service's webhook endpoint.
   */
  network?: CardNetwork;
  /**
   * PayPal under test (seeds 001 "Payments"): the PayPal sandbox by default, or the adapter behind a
   * local double of PayPal. Its events are posted to the service's PayPal webhook endpoint.
   */
  paypal?: PayPalNetwork;
  /** seeds 001 "Payments": the hosted gateways the site takes (Paytm, Cashfree behind their doubles); none by default. */
  hostedGateways?: HostedGateways;
  /** Photos given as links: a spec serving them on this machine allows its addresses. */
  externalImages?: ExternalPhotoOptions;
  /** Where confirmed newsletter contacts are sent on (the sandbox by default). */
  marketing?: Marketing;
  /** Issue 35: the tax service picked (openTax); the configured table by default. */
  tax?: TaxChoice;
  /** Issue 35 §5: the maps service (the sandbox by default). */
  maps?: Maps;
  /** Address lookups per minute per client (the product's 120 by default). */
  addressLookupRateLimit?: number;
  /** Issue 35 §3: the investing service (its sandbox by default; North Capital behind its double). */
  investing?: InvestingService;
}

const START = '2026-11-22T12:00:00.000Z';
const PASSWORD = 'cellar-door-1982';

/**
 * The command-service alone on a fastify app, for `app.inject` specs: the embedded SQLite event store
 * and secret store in a temp dir (real stores), the outbox mailer in memory, and a manual clock that
 * every part reads. No projection, no port.
 */
export async function openTestCommandService(options: TestOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'command-service-'));
  const clock = manualClock(options.now ?? START);
  const store = openSqliteEventStore(join(dir, 'events.sqlite'), { upcast: marketUpcaster });
  const secrets = openSqliteSecretStore(join(dir, 'secrets.sqlite'), { clock });
  const mailer: Mailer = openOutboxMailer(':memory:', { clock });
  const app: HttpApp = createHttpApp(createLogger('silent'));
  const files = directoryFileStore(join(dir, 'uploads'));
  const publicUrl = () => 'http://localhost';
  const paypal = options.paypal ?? (await openPayPalNetwork('sandbox', { publicUrl }));
  const service: CommandService = await commandService(app, {
    store,
    clock,
    secrets,
    mailer,
    sessionSecret: 'a-session-secret-of-at-least-32-characters',
    publicUrl,
    logger: createLogger((process.env.TEST_LOG_LEVEL as 'silent') ?? 'silent'),
    files,
    paypal: paypal.gateway,
    ...(options.market && { market: options.market }),
    ...(options.rateLimit !== undefined && { rateLimit: options.rateLimit }),
    ...(options.staffRateLimit !== undefined && { staffRateLimit: options.staffRateLimit }),
    ...(options.kyc && { kyc: options.kyc }),
    ...(options.cards && { cards: options.cards }),
    ...(options.hostedGateways && { hostedGateways: options.hostedGateways }),
    ...(options.network && { cards: options.network.provider }),
    ...(options.documents && { documents: options.documents }),
    ...(options.agreementTemplateId && { agreementTemplateId: options.agreementTemplateId }),
    ...(options.externalImages && { externalImages: options.externalImages }),
    ...(options.marketing && { marketing: options.marketing }),
    ...(options.tax && { tax: options.tax }),
    ...(options.maps && { maps: options.maps }),
    ...(options.investing && { investing: options.investing }),
    ...(options.addressLookupRateLimit !== undefined && {
      addressLookupRateLimit: options.addressLookupRateLimit,
    }),
  });
  await app.ready();
  options.network?.stripe?.webhooks(async (payload, signature) => {
    const answer = await app.inject({
      method: 'POST',
      url: cardWebhookPath('stripe'),
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });
    return answer.statusCode;
  });
  paypal.webhooks(async (delivery) => {
    const answer = await app.inject({
      method: 'POST',
      url: payPalWebhookPath,
      payload: delivery.body,
      headers: delivery.headers,
    });
    return answer.statusCode;
  });
  const operator = { kind: 'system', id: 'spec' } as const;
  const ids = () => {
    const id = randomUUID();
    return { commandId: id, correlationId: id };
  };

  async function post<Data = unknown>(
    path: string,
    payload: unknown,
    { token, commandId, headers }: PostOptions = {},
  ): Promise<Answer<Data>> {
    const answer = await app.inject({
      method: 'POST',
      url: path,
      payload: payload as object,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(commandId && { 'x-command-id': commandId }),
        ...headers,
      },
    });
    return { status: answer.statusCode, body: answer.json() };
  }

  /**
   * A registered user whose address the operator vouched for, signed in, with the roles given (and
   * the newsletter ticked when asked).
   */
  async function signUp(email: string, roles: Role[] = [], options: { newsletter?: boolean } = {}) {
    const input = {
      first_name: email.split('@')[0] ?? 'Spec',
      last_name: 'Spec',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      country_code: '+1',
      newsletter: options.newsletter ?? false,
      terms: true,
      extra: {},
    } as Parameters<Accounts['session']['register']>[0];
    const { session } = await service.accounts.session.register(input, ids(), { vouchedBy: operator });
    if (!session) throw new Error(`${email} is registered already`);
    for (const role of roles) await service.accounts.roles.change(session.id, { role }, ids(), operator);
    return { id: session.id, token: session.token, email, password: PASSWORD };
  }

  /**
   * What the card form does with a card (issue 35 §1): gives it to the provider's tokenisation (the
   * network under test, or the sandbox's vault on this service) and answers the single-use token.
   */
  async function tokenizeCard(number: string): Promise<string> {
    const card = {
      number,
      expMonth: 12,
      expYear: 2030,
      cvc: number.length === 15 ? '1234' : '123',
      nameOnCard: 'Spec',
    };
    if (options.network) return options.network.tokenize(card);
    const answer = await app.inject({
      method: 'POST',
      url: SANDBOX_VAULT_PATH,
      payload: { card_number: number, exp_month: 12, exp_year: 2030, cvv: card.cvc, name_on_card: 'Spec' },
    });
    const body = answer.json() as { token?: string; error?: { message: string } };
    if (!body.token) throw new Error(`the sandbox vault refused the card: ${body.error?.message}`);
    return body.token;
  }

  /** Adds a test card (the Visa by default) to a user's account, tokenised then through the API; its id. */
  async function addCard(token: string, number: string = sandboxTestCards.visa) {
    const answer = await post<{ data: { id: string; last4: string }[] }>(
      actions.addCard.path,
      { card_token: await tokenizeCard(number), name_on_card: 'Spec' },
      { token },
    );
    if (answer.status !== 200)
      throw new Error(`addCard answered ${answer.status}: ${answer.body.data.message}`);
    const card = answer.body.data.responseData.data.find((c) => number.endsWith(c.last4));
    return { answer, cardId: card?.id as string };
  }

  /** Lists a lot straight on its stream (the seller's or admin's route is not what the spec is about). */
  /**
   * An unpaid auction invoice of `hammer` cents (premium 20%, tax 10.25%, pickup, due in 14 days) issued
   * to the buyer as a close issues it, for a new lot unless `lotId` names one.
   */
  async function issueAuctionInvoice(
    buyerId: string,
    hammer: number,
    options: { lotId?: string; sellerId?: string; bottles?: number; title?: (lotId: string) => string } = {},
  ) {
    const lotId = options.lotId ?? `lot-${randomUUID().slice(0, 8)}`;
    const bottles = options.bottles ?? 1;
    const invoiceId = auctionInvoiceId(lotId);
    const id = randomUUID();
    await service.streams.handle(
      invoiceStream(invoiceId),
      invoiceDecider,
      {
        type: 'IssueInvoice',
        data: {
          invoiceId,
          kind: 'auction',
          buyerId,
          lines: [
            {
              lotId,
              title: options.title?.(lotId) ?? lotId,
              sellerId: options.sellerId ?? 'seller',
              qty: bottles,
              unitPrice: Math.round(hammer / bottles),
              amount: hammer,
              reservationId: null,
            },
          ],
          amounts: invoiceAmounts(hammer, 20, 1_025),
          delivery: { method: 'pickup', address: null, billingAddress: null, taxState: 'IL', taxRate: 1_025 },
          dueAt: new Date(clock.now().getTime() + 14 * 86_400_000).toISOString(),
        },
      },
      { commandId: id, correlationId: id, actor: { kind: 'system', id: 'spec' }, now: clock.now() },
    );
    return { invoiceId, lotId };
  }

  async function listLot(overrides: Partial<LotListedData> = {}) {
    const lot = listedLot({
      lotId: `lot-${randomUUID().slice(0, 8)}`,
      startsAt: new Date(clock.now().getTime() - 3600_000).toISOString(),
      closesAt: new Date(clock.now().getTime() + 7 * 24 * 3600_000).toISOString(),
      ...overrides,
    });
    await service.streams.handle(
      lotStream(lot.lotId),
      lotDecider,
      { type: 'ListLot', data: lot, by: { kind: 'admin' }, now: clock.now() },
      { ...ids(), actor: operator, now: clock.now() },
    );
    return lot;
  }

  return {
    app,
    service,
    clock,
    mailer,
    /** The secret store (card tokens, …), as the service keeps it. */
    secrets,
    /** The uploaded files (DATA_DIR/uploads of the spec's temp dir). */
    files,
    /** PayPal as the service has it: its approve page, its captures, its events. */
    paypal,
    post,
    tokenizeCard,
    signUp,
    addCard,
    listLot,
    issueAuctionInvoice,
    async close() {
      await app.close();
      await mailer.close();
      await secrets.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestCommandService = Awaited<ReturnType<typeof openTestCommandService>>;
