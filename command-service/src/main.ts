import { createHttpApp, createLogger, loadConfig, openEventStore, systemClock } from '@wine/platform';
import closeWithGrace from 'close-with-grace';
import { commandService } from './index.ts';

// The command-service on its own (deploy/compose, deploy/k8s): the write side's routes only.
const config = loadConfig({ PORT: '3001', ...process.env });
const logger = createLogger(config.LOG_LEVEL, 'command-service');
const store = openEventStore(config);
const app = createHttpApp(logger);
commandService(app, { store, clock: systemClock, adminKey: config.ADMIN_KEY });
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: config.PORT, host: config.HOST });
closeWithGrace({ delay: 10_000 }, async () => {
  await app.close();
  await store.close();
});
