import { join } from 'node:path';
import {
  bidsAcceptedCounter,
  createHttpApp,
  createLogger,
  directoryFileStore,
  healthRoutes,
  installEncryptedBodies,
  instrumentHttp,
  loadConfig,
  marketSettings,
  merchantDetails,
  metricsRegistry,
  moneySettings,
  openCards,
  openDocuments,
  openEventStore,
  openHostedGateways,
  openInvesting,
  openMailer,
  openMaps,
  openMarketing,
  openPayPal,
  openSecretStore,
  openTax,
  secureDataDir,
  sellerTerms,
  serveMetrics,
  systemClock,
} from '@wine/platform';
import closeWithGrace from 'close-with-grace';
import { anchorWitnessFile, commandService, loadAnchorKeys } from './index.ts';
import { photoFileRoutes } from './photos/serve.ts';

// The command-service on its own (deploy/compose, deploy/k8s): the write side's routes only.
const config = loadConfig({ PORT: '3001', ...process.env });
const logger = createLogger(config.LOG_LEVEL, 'command-service');
// Tokens are checked by the projection and realtime services with the same SESSION_SECRET: a key of
// its own would sign sessions no other service accepts (and is lost at the next start).
if (!config.SESSION_SECRET)
  throw new Error('SESSION_SECRET is required when the command-service runs on its own');
// The embedded stores it uses (no EVENTSTORE_URL, MONGO_URL or SMTP_URL) are its OS user's alone.
if (!config.EVENTSTORE_URL || !config.MONGO_URL || !config.SMTP_URL) {
  const tightened = secureDataDir(config.dataDir);
  if (tightened.length > 0)
    logger.warn({ dataDir: config.dataDir, tightened }, 'DATA_DIR: tightened to 0700 folders and 0600 files');
}
const store = openEventStore(config);
const secrets = await openSecretStore(config);
const mailer = await openMailer(config);
const app = createHttpApp(logger);
// Issue 38 §4: sealed bodies when ENCRYPT_BODIES is on; keys agreed by any service holding SESSION_SECRET.
installEncryptedBodies(app, { on: config.ENCRYPT_BODIES, secret: config.SESSION_SECRET });
const metrics = metricsRegistry('command-service');
instrumentHttp(app, metrics, { countSuccess: { '/api/bid/confirm': bidsAcceptedCounter(metrics) } });
const files = directoryFileStore(join(config.dataDir, 'uploads'));
const publicUrl = () => config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
const { scheduler } = await commandService(app, {
  store,
  logger,
  market: marketSettings(config),
  sellerTerms: sellerTerms(config),
  money: moneySettings(config),
  merchant: merchantDetails(config),
  closingReminderMinutes: config.CLOSING_REMINDER_MINUTES,
  offerRateLimit: config.OFFER_RATE_LIMIT,
  // DATA_DIR/uploads: in compose a volume the gateway serves /uploads/ from.
  files,
  clock: systemClock,
  secrets,
  mailer,
  // Issue 34: confirmed newsletter contacts go to Zoho Campaigns when configured, else the sandbox.
  marketing: openMarketing(config),
  // Issue 35: tax from Avalara AvaTax when TAX_PROVIDER=avalara (the table when it does not answer).
  tax: openTax(config),
  // Issue 35 §3: investor onboarding through North Capital when INVESTING_PROVIDER=northcapital.
  investing: openInvesting(config),
  // Issue 35 §4: agreements through PandaDoc when DOCUMENTS_PROVIDER=pandadoc, else the sandbox.
  documents: openDocuments(config),
  ...(config.PANDADOC_CONSIGNMENT_TEMPLATE && { agreementTemplateId: config.PANDADOC_CONSIGNMENT_TEMPLATE }),
  // Issue 35 §2: cards through Stripe when CARD_PROVIDER=stripe, else the built-in sandbox.
  cards: openCards(config, publicUrl),
  // seeds 001 "Payments": PayPal's REST API when PAYMENT_GATEWAYS names paypal, else its sandbox.
  paypal: openPayPal(config, publicUrl),
  // seeds 001 "Payments": Paytm and Cashfree, each when PAYMENT_GATEWAYS names it; none by default.
  hostedGateways: openHostedGateways(config),
  // Issue 35 §5: address suggestions from Google's Places API when MAPS_PROVIDER=google, else the sandbox.
  maps: openMaps(config),
  sessionSecret: config.SESSION_SECRET,
  publicUrl,
  // On its own the service anchors the log only with a configured key (no default key).
  audit: {
    keys: loadAnchorKeys(config, { createDefault: false }),
    intervalSeconds: config.AUDIT_ANCHOR_INTERVAL_SECONDS,
    auditorEmail: config.AUDITOR_EMAIL,
    // Beside the embedded log only (DATA_DIR); with EventStoreDB the auditors' mailed anchors do this.
    ...(!config.EVENTSTORE_URL && { witnessFile: anchorWitnessFile(config.dataDir) }),
  },
});
// Ready when the log answers (issue 12 "Support"); /metrics for Prometheus.
healthRoutes(app, { eventStore: async () => typeof (await store.headPosition()) === 'string' });
// What the gateway does not find among the demo's pictures: the uploaded photos (compose).
await app.register(photoFileRoutes, { files });
serveMetrics(app, metrics);
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
