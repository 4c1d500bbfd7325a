import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
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
  type Clock,
  type Config,
  createEmbeddedDocumentStore,
  createHttpApp,
  createLogger,
  fromLoopback,
  healthRoutes,
  instrumentHttp,
  type Logger,
  marketSettings,
  merchantDetails,
  metricsRegistry,
  moneySettings,
  openBus,
  openDocumentStore,
  openEventStore,
  openMailer,
  openSecretStore,
  privateDir,
  projectionGauges,
  sameOriginFramingHeaders,
  secureDataDir,
  serveMetrics,
  sessionTokens,
  sessionUser,
  socketGauges,
  systemClock,
} from '@wine/platform';
import {
  createProjectionRunner,
  ensureIndexes,
  type OpsSocket,
  opsService,
  opsStatus,
  projections,
  queryService,
  serveOpsSocket,
} from '@wine/projection-service';
import { createRealtimeServer } from '@wine/realtime-service';
import { type FirstPaint, loadFirstPaint } from './first-paint.ts';
import { deferLoadedIndexes, readSnapshots, snapshotTimer } from './read-snapshot.ts';
import { seo } from './seo.ts';

export { READ_SNAPSHOT_FILE, readSnapshotFile, writeSnapshotFile } from './read-snapshot.ts';
export const repoRoot = resolve(import.meta.dirname, '../..');
export const uiDist = join(repoRoot, 'ui/dist');

export interface EmbeddedOptions {
  config: Config;
  logger?: Logger;
  clock?: Clock;
  /** The built UI to serve; null serves the API only. */
  uiDir?: string | null;
  /** The UI's server build (first-paint.ts); ui/dist-server beside uiDir by default. */
  firstPaintDir?: string;
  /** Sign-in and code requests per minute per client and address (tests raise or lower it). */
  rateLimit?: number;
  /** Staff actions per minute per client (tests raise or lower it). */
  staffRateLimit?: number;
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
  // DATA_DIR is this server's OS user's alone (0700, files 0600): what an older start left open is
  // tightened, once, with a log line (issue 30).
  const tightened = secureDataDir(config.dataDir);
  if (tightened.length > 0)
    logger.warn({ dataDir: config.dataDir, tightened }, 'DATA_DIR: tightened to 0700 folders and 0600 files');
  for (const folder of ['uploads/product', 'uploads/banner', 'uploads/files'])
    privateDir(join(config.dataDir, folder));

  const eventStore = openEventStore(config);
  // The embedded read store starts from its snapshot in DATA_DIR, when it fits (read-snapshot.ts).
  const snapshots = config.MONGO_URL ? null : readSnapshots(config.dataDir, eventStore);
  const loaded = snapshots ? await snapshots.load() : null;
  const embeddedDocs = snapshots ? createEmbeddedDocumentStore({ restore: loaded ?? [] }) : null;
  const loadedIndexes = embeddedDocs && loaded ? deferLoadedIndexes(embeddedDocs, loaded) : null;
  const docs = embeddedDocs ?? (await openDocumentStore(config));
  const bus = await openBus(config);
  const secrets = await openSecretStore(config);
  const { printMail } = options;
  const mailer = await openMailer(
    config,
    printMail ? { echo: (m) => printMail(`\n--- mail to ${m.to}: ${m.subject}\n${m.text}\n---\n`) } : {},
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
  const app = createHttpApp(logger, serveUi ? (request, reply) => indexPage(request, reply) : undefined);
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
    store: eventStore,
    logger,
    market,
    money: moneySettings(config),
    merchant: merchantDetails(config, { demo: config.SEED_DEMO }),
    closingReminderMinutes: config.CLOSING_REMINDER_MINUTES,
    clock,
    secrets,
    mailer,
    sessionSecret: secret,
    publicUrl: () =>
      config.PUBLIC_URL ??
      `http://localhost:${(app.server.address() as AddressInfo | null)?.port ?? config.PORT}`,
    ...(options.rateLimit !== undefined && { rateLimit: options.rateLimit }),
    ...(options.staffRateLimit !== undefined && { staffRateLimit: options.staffRateLimit }),
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
    money: moneySettings(config),
    merchant: merchantDetails(config, { demo: config.SEED_DEMO }),
    suggest: config.MONGO_URL ? 'text' : 'memory',
    ...(options.staffRateLimit !== undefined && { staffRateLimit: options.staffRateLimit }),
  });
  // Anyone may ask whether the shop is up; the projections' positions, failures and rates are for
  // support and admins (/api/ops/status).
  app.get('/api/health', async () => ({ status: 'ok' }));
  // Ready: the stores answer and the projections have reached the head of the log once.
  healthRoutes(app, {
    eventStore: async () => typeof (await eventStore.headPosition()) === 'string',
    readStore: async () => Array.isArray(await docs.listCollections()),
    projections: () => runner.caughtUpOnce(),
  });
  projectionGauges(metrics, async () => (await opsStatus({ runner, eventStore, clock })).projections);
  socketGauges(metrics, () => realtime.stats());
  // The shop's own port is public: its figures are for a Prometheus on this machine only.
  serveMetrics(app, metrics, { allow: fromLoopback });
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

  await app.register(fastifyStatic, {
    root: [join(config.dataDir, 'uploads/product'), join(import.meta.dirname, 'assets/product')],
    prefix: '/uploads/product/',
    decorateReply: !serveUi,
  });
  // seeds 000 §3.2 "home banners": their images, beside the lots' (the demo's in assets/banner).
  await app.register(fastifyStatic, {
    root: [join(config.dataDir, 'uploads/banner'), join(import.meta.dirname, 'assets/banner')],
    prefix: '/uploads/banner/',
    decorateReply: false,
  });
  // The static-files upload folder (seeds 000 §2.2): PDFs of content_type file pages, which the
  // product's own pages embed (so these answers, and only these, may be framed by the same origin).
  await app.register(async (files) => {
    const framing = sameOriginFramingHeaders();
    files.addHook('onSend', async (_request, reply, payload) => {
      reply.headers(framing);
      return payload;
    });
    await files.register(fastifyStatic, {
      root: [join(config.dataDir, 'uploads/files'), join(import.meta.dirname, 'assets/files')],
      prefix: '/uploads/files/',
      decorateReply: false,
    });
  });
  if (serveUi) {
    // preCompressed: the build's .br/.gz beside each file (ui/vite.config.ts), for browsers that take them.
    await app.register(fastifyStatic, {
      root: uiDir,
      prefix: '/',
      wildcard: true,
      decorateReply: true,
      preCompressed: true,
      // The build's hashed files never change under their name: browsers may keep them for a year.
      setHeaders: (res, path) => {
        if (/[\\/]assets[\\/]/.test(path))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // `/` is a page like any other (seo.ts: painted on the server), not the static index.html.
    app.get('/', (request, reply) => indexPage(request, reply));
  }
  realtime.attach(app.server);
  await app.listen({ port: config.PORT, host: config.HOST });
  if (serveUi) {
    // The first paint asks this server's API over the loopback (or the one address it listens on).
    const { address, family, port } = app.server.address() as AddressInfo;
    const host =
      address === '0.0.0.0'
        ? '127.0.0.1'
        : address === '::'
          ? '[::1]'
          : family === 'IPv6'
            ? `[${address}]`
            : address;
    const dir = options.firstPaintDir ?? join(uiDir, '../dist-server');
    firstPaint = await loadFirstPaint(`http://${host}:${port}`, dir, logger);
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
