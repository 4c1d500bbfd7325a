import { createServer } from 'node:http';
import {
  createLogger,
  loadConfig,
  openBus,
  openDocumentStore,
  openSecretStore,
  sessionTokens,
  sessionUser,
  systemClock,
} from '@wine/platform';
import closeWithGrace from 'close-with-grace';
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
const server = createServer((request, response) => {
  response.writeHead(request.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      status: request.url === '/health' ? 'ok' : 'not found',
      clients: realtime.clientCount(),
    }),
  );
});
realtime.attach(server);
server.listen(config.PORT, config.HOST, () =>
  logger.info({ port: config.PORT }, 'realtime-service listening'),
);
closeWithGrace({ delay: 10_000 }, async () => {
  await realtime.close();
  server.close();
  await Promise.all([bus.close(), secrets.close(), docs.close()]);
});
