import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { grantRoleByEmail } from '@wine/command-service';
import {
  actions,
  type CreateLotInput,
  cardWebhookPath,
  type Envelope,
  type LoginResult,
  type RegisterResult,
  type Role,
} from '@wine/contracts';
import { type Embedded, startEmbedded } from '@wine/deploy/embedded';
import { auditAnchorsStream } from '@wine/event-schemas';
import { type Clock, type Logger, loadConfig, systemClock } from '@wine/platform';
import { type CardNetwork, openCardNetwork } from '@wine/platform/testing';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  /** The bearer header for this user's calls. */
  auth: { authorization: string };
}

export const TEST_PASSWORD = 'cellar-door-1982';
/** How long a spec waits for the read models to catch up with the log before it fails. */
const CATCH_UP_WAIT_MS = 60_000;
let users = 0;

export interface TestMarketplace extends Embedded {
  dataDir: string;
  /** The server's clock (a spec's own, which it may move on, or the system's). */
  clock: Clock;
  /**
   * The card network the marketplace charges (CARD_NETWORK: the sandbox, or the Stripe adapter against
   * a local double of Stripe): a test of a payment says how often it charged.
   */
  cards: CardNetwork;
  post<T = unknown>(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ http: number; body: Envelope<T> }>;
  /** Posts and answers responseData; an error envelope fails with its message. */
  ok<T = unknown>(path: string, body: unknown, headers?: Record<string, string>): Promise<T>;
  /** Resolves when the read models have caught up to everything in the log ("caught up to" helper). */
  caughtUp(): Promise<void>;
  /**
   * What was written after a log position ("stream type" each), but the log's anchors: the anchoring
   * process signs the head on its own clock (every minute the log moved, and after money moved).
   */
  writtenSince(position: string): Promise<string[]>;
  /** A registered user with a sandbox card on file (unless `card: false`), signed in. */
  bidder(options?: { card?: boolean; firstName?: string }): Promise<TestUser>;
  /** The newest verification code mailed to `email` (the embedded outbox, read in-process). */
  mailedCode(email: string): Promise<string>;
  /** A signed-in user granted these roles, as the server's command line grants them (`npm run admin`). */
  staff(...roles: Role[]): Promise<TestUser>;
  /**
   * A seller's lot, live: listed by the seller as a draft, submitted, and approved by the admin made at
   * start (issue 33 "Sellers"), as the seller's editor and the staff's review do it.
   */
  sellerListing(seller: TestUser, input: CreateLotInput): Promise<{ id: string }>;
  /** The bearer header of an admin made at start (DOMAIN.md "Roles": no key, a user with the role). */
  admin: { authorization: string };
  /** That admin. */
  adminUser: TestUser;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** The embedded product on a random port with its own data folder. */
export async function startMarketplace(
  options: {
    seed?: boolean;
    /** Serve the built UI (ui/dist); `uiDir` serves another folder's index.html and assets. */
    ui?: boolean;
    uiDir?: string;
    dataDir?: string;
    natsUrl?: string;
    rateLimit?: number;
    staffRateLimit?: number;
    liveBidRateLimit?: number;
    printMail?: (text: string) => void;
    /** Where the server logs (default: nowhere, LOG_LEVEL silent). */
    logger?: Logger;
    clock?: Clock;
    /** Extra configuration (PROXY_BIDDING_SETTINGS, SOFT_CLOSE_*). */
    env?: Record<string, string>;
    /** How long the server may paint a page before sending it bare (1.5 s in production). */
    firstPaintTimeoutMs?: number;
  } = {},
) {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'wine-test-')));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: options.seed === false ? 'false' : 'true',
    NATS_URL: options.natsUrl,
    ...options.env,
  });
  let siteUrl = '';
  const cards = await openCardNetwork(undefined, { publicUrl: () => siteUrl });
  const embedded = await startEmbedded({
    config,
    cards: cards.provider,
    uiDir: options.uiDir ?? (options.ui ? undefined : null),
    ...(options.rateLimit !== undefined && { rateLimit: options.rateLimit }),
    ...(options.staffRateLimit !== undefined && { staffRateLimit: options.staffRateLimit }),
    ...(options.liveBidRateLimit !== undefined && { liveBidRateLimit: options.liveBidRateLimit }),
    ...(options.clock && { clock: options.clock }),
    ...(options.printMail && { printMail: options.printMail }),
    ...(options.logger && { logger: options.logger }),
    ...(options.firstPaintTimeoutMs !== undefined && { firstPaintTimeoutMs: options.firstPaintTimeoutMs }),
  });
  siteUrl = embedded.url;
  // Stripe's double posts its signed events to the product's webhook endpoint, as Stripe would.
  cards.stripe?.webhooks(`${embedded.url}${cardWebhookPath('stripe')}`);
  const market: TestMarketplace = {
    ...embedded,
    cards,
    admin: { authorization: '' },
    adminUser: { id: '', email: '', token: '', auth: { authorization: '' } },
    dataDir,
    clock: options.clock ?? systemClock,
    async post(path, body, headers = {}) {
      const response = await fetch(`${embedded.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { http: response.status, body: (await response.json()) as Envelope<never> };
    },
    async ok<T>(path: string, body: unknown, headers: Record<string, string> = {}) {
      const { http, body: envelope } = await market.post<T>(path, body, headers);
      if (envelope.status !== 'success') throw new Error(`${path} ${http}: ${envelope.data.message}`);
      return envelope.data.responseData;
    },
    async bidder({ card = true, firstName = 'Bidder' } = {}) {
      users += 1;
      const email = `bidder-${process.pid}-${Date.now().toString(36)}-${users}@example.com`;
      await market.ok<RegisterResult>('/api/user/register', {
        first_name: firstName,
        last_name: `No${users}`,
        email,
        password: TEST_PASSWORD,
        confirm_password: TEST_PASSWORD,
        terms: true,
      });
      // The code arrives by mail (the embedded outbox, read here in-process); it finishes the registration.
      const { id, token } = await market.ok<LoginResult>('/api/user/verifyEmailVerifyCode', {
        email,
        code: await market.mailedCode(email),
      });
      const auth = { authorization: `Bearer ${token}` };
      if (card) {
        // As the card form does: the card goes to the provider's tokenisation, its token to the product.
        const cardToken = await cards.tokenize({
          number: cards.testCards.visa,
          expMonth: 12,
          expYear: 2030,
          cvc: '123',
          nameOnCard: firstName,
        });
        const added = await market.post(
          actions.addCard.path,
          { card_token: cardToken, name_on_card: firstName },
          auth,
        );
        if (added.body.status !== 'success') throw new Error(`add card: ${added.body.data.message}`);
      }
      return { id, email, token, auth };
    },
    async mailedCode(to) {
      const [mail] = (await embedded.mailer.outbox?.({ to, limit: 1 })) ?? [];
      const code = mail?.text.match(/code is (\d{6})/)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
    async staff(...roles) {
      const user = await market.bidder({ card: false, firstName: 'Staff' });
      for (const role of roles) {
        await grantRoleByEmail(embedded.accounts, {
          email: user.email,
          role,
          by: { kind: 'system', id: 'test' },
        });
      }
      // The grant is written on the command side; the read side's staff calls see it once projected
      // (a loaded run once answered a new admin's first settings call 'Only an admin can do this').
      if (roles.length > 0) await market.caughtUp();
      return user;
    },
    async sellerListing(seller, input) {
      const { id } = await market.ok<{ id: string }>('/api/seller/product/create', input, seller.auth);
      await market.ok('/api/seller/product/submit', { id }, seller.auth);
      await market.ok('/api/admin/product/approve', { id }, market.admin);
      return { id };
    },
    async caughtUp() {
      // A wait, not a measure (bench measures catch-up): a loaded machine may take longer than the
      // runner's 10 s default to project a seeded backlog (ops-rebuild's 60k events missed it so).
      await embedded.runner.waitFor(await embedded.eventStore.headPosition(), CATCH_UP_WAIT_MS);
    },
    async writtenSince(position) {
      const events = await embedded.eventStore.readAll({ after: position, maxCount: 1000, raw: true });
      return events
        .filter((e) => e.streamName !== auditAnchorsStream)
        .map((e) => `${e.streamName} ${e.type}`);
    },
    async stop({ keepData = false } = {}) {
      await embedded.close();
      await cards.close();
      if (!keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
  market.adminUser = await market.staff('admin');
  market.admin = market.adminUser.auth;
  return market;
}

let counter = 0;
/** A valid lot creation body with its own id; override what a test cares about. */
export function lotInput(overrides: Partial<CreateLotInput> = {}): CreateLotInput {
  counter += 1;
  return {
    id: `t-${process.pid}-${Date.now().toString(36)}-${counter}`,
    title: `2019 Test Estate Cabernet ${counter}`,
    producer: 'Test Estate',
    vintage: 2019,
    country: 'USA',
    region: 'California',
    subregion: 'Oakville',
    colour: 'Red',
    quantity: 3,
    auction: true,
    buyNow: false,
    openingBid: 25_000,
    closesAt: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
    ...overrides,
  };
}

/**
 * A buyer's paid buy-now order of one $40 bottle, to collect at the shop: its invoice id. Its lot is
 * on sale for 30 days of the server's clock, which a spec may have moved on to a pickup days ahead.
 */
export async function pickupOrder(market: TestMarketplace, buyer: TestUser): Promise<string> {
  const input = lotInput({
    auction: false,
    buyNow: true,
    buyNowPrice: 4_000,
    quantity: 6,
    openingBid: 0,
    closesAt: new Date(market.clock.now().getTime() + 30 * 24 * 3600 * 1000).toISOString(),
  });
  const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
  await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 1 }] }, buyer.auth);
  const cards = await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, buyer.auth);
  const result = await market.ok<{ status: string; invoice_ids: string[] }>(
    actions.checkout.path,
    { type: 'buynow', cart_id: randomUUID(), delivery: 'pickup', payment: { card_id: cards.data[0]?.id } },
    buyer.auth,
  );
  if (result.status !== 'paid') throw new Error(`the pickup order was not paid: ${result.status}`);
  return result.invoice_ids[0] as string;
}

/**
 * An auction of `titles` (one $100-opening lot each, in that catalogue order), started an hour ago and
 * closing in days, listed by the admin made at start: its id and its lots' ids.
 */
export async function auctionWithLots(
  market: TestMarketplace,
  options: { title: string; kind: 'timed' | 'live'; titles: readonly string[] },
): Promise<{ auctionId: string; lots: string[] }> {
  const lots: string[] = [];
  for (const title of options.titles) {
    const { id } = await market.ok<{ id: string }>(
      actions.createLot.path,
      lotInput({ title, openingBid: 10_000, quantity: 1 }),
      market.admin,
    );
    lots.push(id);
  }
  const now = Date.now();
  const { id: auctionId } = await market.ok<{ id: string }>(
    actions.createAuction.path,
    {
      title: options.title,
      kind: options.kind,
      startsAt: new Date(now - 3600_000).toISOString(),
      firstCloseAt: new Date(now + 3 * 24 * 3600_000).toISOString(),
    },
    market.admin,
  );
  await market.ok(actions.arrangeAuction.path, { id: auctionId, lotIds: lots }, market.admin);
  return { auctionId, lots };
}
