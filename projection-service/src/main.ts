import {
  createHttpApp,
  createLogger,
  healthRoutes,
  installEncryptedBodies,
  instrumentHttp,
  loadConfig,
  marketSettings,
  merchantDetails,
  metricsRegistry,
  moneySettings,
  openBus,
  openDocumentStore,
  openEventStore,
  openSecretStore,
  projectionGauges,
  sellerTerms,
  serveMetrics,
  sessionTokens,
  systemClock,
} from '@wine/platform';
import closeWithGrace from 'close-with-grace';
import {
  createProjectionRunner,
  ensureIndexes,
  projections,
  queryService,
  readAfterRunner,
} from './index.ts';
import { realtimeReports } from './ops/realtime-reports.ts';
import { opsService } from './ops/service.ts';
import { opsStatus } from './ops/status.ts';

// The projection-service on its own: projectors, checkpoints, the query routes and the publisher.
const config = loadConfig({ PORT: '3002', ...process.env });
const logger = createLogger(config.LOG_LEVEL, 'projection-service');
const eventStore = openEventStore(config);
const docs = await openDocumentStore(config);
const bus = await openBus(config);
const secrets = await openSecretStore(config);
await ensureIndexes(docs);
const runner = createProjectionRunner({
  name: 'read-models',
  eventStore,
  docs,
  projections,
  clock: systemClock,
  logger,
  bus,
});
await runner.start();

const app = createHttpApp(logger);
const metrics = metricsRegistry('projection-service');
instrumentHttp(app, metrics);
// Tokens are issued by the command-service with the same SESSION_SECRET; logouts are in the shared secret store.
if (!config.SESSION_SECRET)
  throw new Error('SESSION_SECRET is required when the projection-service runs on its own');
// Issue 38 §4: sealed bodies when ENCRYPT_BODIES is on (agreeBodyKey is served here, a query).
installEncryptedBodies(app, { on: config.ENCRYPT_BODIES, secret: config.SESSION_SECRET });
queryService(app, {
  docs,
  clock: systemClock,
  tokens: sessionTokens(config.SESSION_SECRET, systemClock),
  secrets,
  market: marketSettings(config),
  sellerTerms: sellerTerms(config),
  money: moneySettings(config),
  merchant: merchantDetails(config),
  suggest: config.MONGO_URL ? 'text' : 'memory',
  readAfter: readAfterRunner(runner, eventStore),
});
// Support's /api/ops/* (issue 12): this process runs the projections. The realtime-service runs apart
// and reports its sockets over the bus (and on its own /metrics).
const tokens = sessionTokens(config.SESSION_SECRET, systemClock);
const reports = await realtimeReports(bus, systemClock);
const ops = opsService(app, {
  runner,
  eventStore,
  docs,
  projections,
  clock: systemClock,
  logger,
  tokens,
  secrets,
  realtime: reports.status,
});
healthRoutes(app, {
  eventStore: async () => typeof (await eventStore.headPosition()) === 'string',
  readStore: async () => Array.isArray(await docs.listCollections()),
  projections: () => runner.caughtUpOnce(),
});
projectionGauges(
  metrics,
  async () => (await opsStatus({ runner, eventStore, clock: systemClock })).projections,
);
serveMetrics(app, metrics);
await app.listen({ port: config.PORT, host: config.HOST });
closeWithGrace({ delay: 10_000 }, async () => {
  await app.close();
  await ops.rebuilds.settle();
  await reports.close();
  await runner.stop();
  await Promise.all([bus.close(), docs.close(), secrets.close(), eventStore.close()]);
});
