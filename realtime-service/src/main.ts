import { createServer } from 'node:http';
import { createLogger, loadConfig, openBus, systemClock } from '@wine/platform';
import closeWithGrace from 'close-with-grace';
import { createRealtimeServer } from './server.ts';

// The realtime-service on its own: a ws endpoint at /ws relaying the bus.
const config = loadConfig({ PORT: '3003', ...process.env });
const logger = createLogger(config.LOG_LEVEL, 'realtime-service');
const bus = await openBus(config);
const realtime = await createRealtimeServer({ bus, clock: systemClock, logger });
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
  await bus.close();
});
