/**
 * The embedded default in a process of its own, for the restart benchmark (restart.ts): a restart is
 * a new process, whose heap holds nothing of the one before. Configured by the environment; tells
 * its parent when its start has finished (the write side's processes caught up, every index built),
 * and how long its stop took (which saves the read store) when asked to stop.
 */
import { performance } from 'node:perf_hooks';
import { startEmbedded } from '@wine/deploy/embedded';
import { loadConfig } from '@wine/platform';

const embedded = await startEmbedded({ config: loadConfig(), uiDir: null });
await embedded.indexed;
process.send?.({ started: true });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  const t = performance.now();
  await embedded.close();
  process.send?.({ stopSeconds: (performance.now() - t) / 1000 }, () => process.exit(0));
});
