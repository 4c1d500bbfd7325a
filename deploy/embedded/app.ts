import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import {
  anchorWitnessFile,
  commandService,
  createFirstAdmin,
  loadAnchorKeys,
  sessionSecret,
} from '@wine/command-service';
import { seedDemoCatalogue, seedDemoPages } from '@wine/command-service/demo';
import {
  bidsAcceptedCounter,
  type CardProvider,
  type Clock,
  type Config,
  createHttpApp,
  createLogger,
  directoryFileStore,
  installEncryptedBodies,
  instrumentHttp,
  type Logger,
  marketSettings,
  merchantDetails,
  metricsRegistry,
  moneySettings,
  openCards,
  openDocuments,
  openHostedGateways,
  openInvesting,
  openMaps,
  openMarketing,
  openPayPal,
  openTax,
  sellerTerms,
  sessionTokens,
  sessionUser,
  systemClock,
} from '@wine/platform';
import {
  createProjectionRunner,
  ensureIndexes,
  type OpsSocket,
  opsService,
  projections,
  queryService,
  readAfterRunner,
  serveOpsSocket,
} from '@wine/projection-service';
import { createRealtimeServer } from '@wine/realtime-service';
import { type FirstPaint, loadFirstPaint, loopbackOrigin } from './first-paint.ts';
import { serveHealthAndMetrics } from './observability.ts';
import { snapshotTimer } from './read-snapshot.ts';
import { seo } from './seo.ts';
import { serveFiles } from './static-files.ts';
import { openStores } from './stores.ts';

export { READ_SNAPSHOT_FILE, readSnapshotFile, writeSnapshotFile } from './read-snapshot.ts';
export const repoRoot = resolve(import.meta.dirname, '../..');
export const uiDist = join(repoRoot, 'ui/dist');

export interface EmbeddedOptions {
  config: Config;
  logger?: Logger;
  clock?: Clock;
  /** The card network (the sandbox's by default; a test passes one to count what it charged). */
  cards?: CardProvider;
  /** The built UI to serve; null serves the API only. */
  uiDir?: string | null;
  /** The UI's server build (first-paint.ts); ui/dist-server beside uiDir by default. */
  firstPaintDir?: string;
  /** How long a page may take to paint before it is sent bare (FIRST_PAINT_TIMEOUT_MS). */
  firstPaintTimeoutMs?: number;
  /** Sign-in and code requests per minute per client and address (tests raise or lower it). */
  rateLimit?: number;
  /** Staff actions per minute per client (tests raise or lower it). */
  staffRateLimit?: number;
  /** Internet bids in the live room per minute per session (tests and benchmarks raise or lower it). */
  liveBidRateLimit?: number;
  /**
   * Without SMTP_URL, also print each outgoing message here, as a console mail backend does, so a
   * person running the demo alone can register (`npm start` prints to the terminal).
   */
  printMail?: (text: string) => void;
}

export type Embedded = Awaited<ReturnType<typeof startEmbedded>>;

/**
 * The embedded default (ARCHITECTURE.md "deploy/embedded"): the three services in one process, the
 * SQLite log under DATA_DIR, the read store in memory and rebuilt from the log at start, the
 * in-process bus, the built UI, and the demo catalogue on a first start.
 */
export async function startEmbedded(options: EmbeddedOptions) {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const { eventStore, snapshots, embeddedDocs, loadedIndexes, docs, bus, secrets, mailer } = await openStores(
    config,
    logger,
    options.printMail,
  );
  await ensureIndexes(docs);

  const seeded = config.SEED_DEMO ? await seedDemoCatalogue(eventStore, clock) : 0;
  if (seeded) logger.info({ lots: seeded }, 'demo catalogue seeded');
  // The static pages are published once by their command ids: an existing demo gains them too.
  if (config.SEED_DEMO) await seedDemoPages(eventStore, clock);

  const runner = createProjectionRunner({
    name: 'read-models',
    eventStore,
    docs,
    projections,
    clock,
    logger,
    bus,
  });
  const market = marketSettings(config);
  // Issue 33 "Sellers": the terms of consignment recorded on approvals, and the statements' fallback.
  const terms = sellerTerms(config);
  const secret = sessionSecret(config);
  const tokens = sessionTokens(secret, clock);
  const userOf = sessionUser({ tokens, secrets, docs });
  const realtime = await createRealtimeServer({
    bus,
    clock,
    logger,
    authenticate: async (token) => (await userOf(`Bearer ${token}`))?.id ?? null,
  });
  await runner.start();
  await runner.waitFor(await eventStore.headPosition(), 120_000);
  const snapshotting =
    snapshots && embeddedDocs ? snapshotTimer(snapshots, embeddedDocs, eventStore, config) : null;

  const uiDir = options.uiDir === undefined ? uiDist : options.uiDir;
  const serveUi = uiDir !== null && existsSync(join(uiDir, 'index.html'));
  // index.html for a GET of any page (with a lot's Open Graph and JSON-LD head); robots and sitemap.
  // Issue 35 §2: the card provider the cards go to; its API (when not on this origin) is one the card
  // form's page may reach, to tokenise a card there.
  const publicUrl = () =>
    config.PUBLIC_URL ??
    `http://localhost:${(app.server.address() as AddressInfo | null)?.port ?? config.PORT}`;
  const cards = options.cards ?? openCards(config, publicUrl);
  const cardTokens = cards.tokenisation.url;
  const app = createHttpApp(
    logger,
    serveUi ? (request, reply) => indexPage(request, reply) : undefined,
    /^https?:\/\//.test(cardTokens) ? [new URL(cardTokens).origin] : [],
  );
  // Issue 38 §4: sealed bodies when ENCRYPT_BODIES is on (before the services' routes, so it covers them).
  installEncryptedBodies(app, { on: config.ENCRYPT_BODIES, secret });
  // Public pages painted on the server from the UI's server build, when there is one (first-paint.ts).
  let firstPaint: FirstPaint | null = null;
  const indexPage = seo(app, {
    docs,
    uiDir: serveUi ? uiDir : null,
    publicUrl: config.PUBLIC_URL,
    firstPaint: () => firstPaint?.paint ?? null,
  });
  // /metrics (Prometheus, issue 12): latencies per route, bids, projection lag, sockets; one registry here.
  const metrics = metricsRegistry('embedded');
  instrumentHttp(app, metrics, { countSuccess: { '/api/bid/confirm': bidsAcceptedCounter(metrics) } });

  const commands = await commandService(app, {
    // Issue 35 §2: cards through Stripe when CARD_PROVIDER=stripe, else the built-in sandbox.
    cards,
    // seeds 001 "Payments": PayPal's REST API when PAYMENT_GATEWAYS names paypal, else its sandbox.
    paypal: openPayPal(config, publicUrl),
    // seeds 001 "Payments": Paytm and Cashfree, each when PAYMENT_GATEWAYS names it; none by default.
    hostedGateways: openHostedGateways(config),
    // Issue 35 §3: investor onboarding through North Capital when INVESTING_PROVIDER=northcapital.
    investing: openInvesting(config),
    // Issue 35 §4: agreements through PandaDoc when DOCUMENTS_PROVIDER=pandadoc, else the sandbox.
    documents: openDocuments(config),
    ...(config.PANDADOC_CONSIGNMENT_TEMPLATE && {
      agreementTemplateId: config.PANDADOC_CONSIGNMENT_TEMPLATE,
    }),
    store: eventStore,
    logger,
    market,
    sellerTerms: terms,
    money: moneySettings(config),
    merchant: merchantDetails(config, { demo: config.SEED_DEMO }),
    closingReminderMinutes: config.CLOSING_REMINDER_MINUTES,
    offerRateLimit: config.OFFER_RATE_LIMIT,
    // Uploaded photos under DATA_DIR/uploads, served from there (static-files.ts).
    files: directoryFileStore(join(config.dataDir, 'uploads')),
    clock,
    secrets,
    mailer,
    // Issue 34: confirmed newsletter contacts go to Zoho Campaigns when configured, else the sandbox.
    marketing: openMarketing(config),
    // Issue 35: tax from Avalara AvaTax when TAX_PROVIDER=avalara (the table when it does not answer).
    tax: openTax(config),
    // Issue 35 §5: address suggestions from Google's Places API when MAPS_PROVIDER=google, else the sandbox.
    maps: openMaps(config),
    sessionSecret: secret,
    publicUrl,
    ...(options.rateLimit !== undefined && { rateLimit: options.rateLimit }),
    ...(options.staffRateLimit !== undefined && { staffRateLimit: options.staffRateLimit }),
    ...(options.liveBidRateLimit !== undefined && { liveBidRateLimit: options.liveBidRateLimit }),
    // The embedded default creates its anchoring key in DATA_DIR on first start (DOMAIN.md "Audit").
    audit: {
      keys: loadAnchorKeys(config, { createDefault: true }),
      intervalSeconds: config.AUDIT_ANCHOR_INTERVAL_SECONDS,
      auditorEmail: config.AUDITOR_EMAIL,
      // What the key has signed of this log, kept outside it: verify fails if the log loses it.
      witnessFile: anchorWitnessFile(config.dataDir),
    },
  });
  // The demo's first start (the catalogue was just seeded) has an admin; its sign-in is told once.
  const firstAdmin = seeded ? await createFirstAdmin(commands.accounts, config.DEMO_ADMIN_EMAIL) : null;
  queryService(app, {
    docs,
    clock,
    tokens,
    secrets,
    market,
    sellerTerms: terms,
    money: moneySettings(config),
    merchant: merchantDetails(config, { demo: config.SEED_DEMO }),
    suggest: config.MONGO_URL ? 'text' : 'memory',
    readAfter: readAfterRunner(runner, eventStore),
    ...(options.staffRateLimit !== undefined && { staffRateLimit: options.staffRateLimit }),
  });
  serveHealthAndMetrics(app, metrics, { eventStore, docs, runner, realtime, clock });
  // Support's /api/ops/* (issue 12): the realtime server runs in this process, so it reports in-process.
  const ops = opsService(app, {
    runner,
    eventStore,
    docs,
    projections,
    clock,
    logger,
    tokens,
    secrets,
    realtime: () => {
      const { socketsConnected, messagesPerSecond } = realtime.stats();
      return { socketsConnected, messagesPerSecond };
    },
  });

  await serveFiles(app, config.dataDir, serveUi ? { dir: uiDir, indexPage } : null);
  realtime.attach(app.server);
  await app.listen({ port: config.PORT, host: config.HOST });
  if (serveUi) {
    // The first paint asks this server's API over the loopback (or the one address it listens on).
    const dir = options.firstPaintDir ?? join(uiDir, '../dist-server');
    const origin = loopbackOrigin(app.server.address() as AddressInfo);
    firstPaint = await loadFirstPaint(origin, dir, logger, options.firstPaintTimeoutMs);
  }
  const indexing = loadedIndexes?.build().catch((error: unknown) => {
    logger.error({ err: error }, 'building the loaded read store’s indexes failed');
  });
  await commands.scheduler.start();
  // `npm run rebuild` talks to this server through DATA_DIR/ops.sock (0600: the server's OS user only).
  let opsSocket: OpsSocket | null = null;
  try {
    opsSocket = await serveOpsSocket({
      path: join(config.dataDir, 'ops.sock'),
      runner,
      eventStore,
      docs,
      projections,
      clock,
      logger,
      rebuilds: ops.rebuilds,
    });
  } catch (error) {
    logger.warn({ err: error }, 'no local ops socket: npm run rebuild cannot reach this server');
  }
  const { port } = app.server.address() as AddressInfo;

  return {
    url: `http://localhost:${port}`,
    port,
    app,
    eventStore,
    docs,
    bus,
    secrets,
    mailer,
    runner,
    realtime,
    scheduler: commands.scheduler,
    anchoring: commands.anchoring,
    accounts: commands.accounts,
    /** Set on the demo's first start only: the sign-in to print once. */
    firstAdmin,
    /** Settles once the indexes of a read store loaded from its snapshot are all built. */
    indexed: indexing ?? Promise.resolve(),
    streams: commands.streams,
    async close() {
      loadedIndexes?.stop();
      await indexing;
      await commands.scheduler.stop();
      await opsSocket?.close();
      await realtime.close();
      await firstPaint?.close();
      await app.close();
      await ops.rebuilds.settle();
      await runner.stop();
      await snapshotting?.stop();
      await bus.close();
      await mailer.close();
      await secrets.close();
      await docs.close();
      await eventStore.close();
    },
  };
}
