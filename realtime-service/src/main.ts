import { createServer } from 'node:http';
import {
  createLogger,
  loadConfig,
  metricsRegistry,
  openBus,
  openDocumentStore,
  openSecretStore,
  sessionTokens,
  sessionUser,
  socketGauges,
  systemClock,
} from '@wine/platform';
import closeWithGrace from 'close-with-grace';
import { realtimeHttp } from './http.ts';
import { reportOverBus } from './report.ts';
import { createRealtimeServer } from './server.ts';

// The realtime-service on its own: a ws endpoint at /ws relaying the bus.
const config = loadConfig({ PORT: '3003', ...process.env });
const logger = createLogger(config.LOG_LEVEL, 'realtime-service');
const bus = await openBus(config);
// Sockets sign in with the command-service's tokens (same SESSION_SECRET), checked against the shared
// secret store (logouts) and the users read model (deactivated, forced out).
if (!config.SESSION_SECRET)
  throw new Error('SESSION_SECRET is required when the realtime-service runs on its own');
const secrets = await openSecretStore(config);
const docs = await openDocumentStore(config);
const userOf = sessionUser({ tokens: sessionTokens(config.SESSION_SECRET, systemClock), secrets, docs });
const realtime = await createRealtimeServer({
  bus,
  clock: systemClock,
  logger,
  authenticate: async (token) => (await userOf(`Bearer ${token}`))?.id ?? null,
});
const metrics = metricsRegistry('realtime-service');
socketGauges(metrics, () => realtime.stats());
// /health, /ready (the bus and the read store answer) and /metrics (issue 12 "Support").
const server = createServer(
  realtimeHttp(realtime, metrics, {
    listening: (): boolean => server.listening,
    readStore: async () => Array.isArray(await docs.listCollections()),
  }),
);
realtime.attach(server);
// The /ops page reads the sockets of every instance from the bus (the read side runs apart).
const stopReporting = reportOverBus(bus, realtime, systemClock, logger);
server.listen(config.PORT, config.HOST, () =>
  logger.info({ port: config.PORT }, 'realtime-service listening'),
);
closeWithGrace({ delay: 10_000 }, async () => {
  stopReporting();
  await realtime.close();
  server.close();
  await Promise.all([bus.close(), secrets.close(), docs.close()]);
});
