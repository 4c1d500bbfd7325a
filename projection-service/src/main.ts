import {
  createHttpApp,
  createLogger,
  loadConfig,
  marketSettings,
  merchantDetails,
  moneySettings,
  openBus,
  openDocumentStore,
  openEventStore,
  openSecretStore,
  sessionTokens,
  systemClock,
} from '@wine/platform';
import closeWithGrace from 'close-with-grace';
import { createProjectionRunner, ensureIndexes, projections, queryService } from './index.ts';

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
// Tokens are issued by the command-service with the same SESSION_SECRET; logouts are in the shared secret store.
if (!config.SESSION_SECRET)
  throw new Error('SESSION_SECRET is required when the projection-service runs on its own');
queryService(app, {
  docs,
  clock: systemClock,
  tokens: sessionTokens(config.SESSION_SECRET, systemClock),
  secrets,
  market: marketSettings(config),
  money: moneySettings(config),
  merchant: merchantDetails(config),
  suggest: config.MONGO_URL ? 'text' : 'memory',
});
app.get('/health', async () => ({ status: 'ok', projections: runner.status() }));
await app.listen({ port: config.PORT, host: config.HOST });
closeWithGrace({ delay: 10_000 }, async () => {
  await app.close();
  await runner.stop();
  await Promise.all([bus.close(), docs.close(), secrets.close(), eventStore.close()]);
});
