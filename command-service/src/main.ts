import {
  createHttpApp,
  createLogger,
  loadConfig,
  marketSettings,
  merchantDetails,
  moneySettings,
  openEventStore,
  openMailer,
  openSecretStore,
  systemClock,
} from '@wine/platform';
import closeWithGrace from 'close-with-grace';
import { commandService, sessionSecret } from './index.ts';

// The command-service on its own (deploy/compose, deploy/k8s): the write side's routes only.
const config = loadConfig({ PORT: '3001', ...process.env });
const logger = createLogger(config.LOG_LEVEL, 'command-service');
const store = openEventStore(config);
const secrets = await openSecretStore(config);
const mailer = await openMailer(config);
const app = createHttpApp(logger);
const { scheduler } = await commandService(app, {
  store,
  logger,
  market: marketSettings(config),
  money: moneySettings(config),
  merchant: merchantDetails(config),
  clock: systemClock,
  secrets,
  mailer,
  sessionSecret: sessionSecret(config),
  publicUrl: () => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
});
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: config.PORT, host: config.HOST });
// Every instance runs the scheduler: a close is decided on the lot stream, so only one lands.
await scheduler.start();
closeWithGrace({ delay: 10_000 }, async () => {
  await scheduler.stop();
  await app.close();
  await mailer.close();
  await secrets.close();
  await store.close();
});
