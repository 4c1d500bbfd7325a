import type { Logger } from '@wine/platform';

/** The signals that stop the server (a terminal's Ctrl-C, a service manager's stop, a closed terminal). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Stops the server once, whatever the signal path (issue 30). A terminal's Ctrl-C or a `kill` of
 * `npm start`'s process group reaches this process two or three times: from the terminal (the whole
 * group), relayed by npm, relayed again by tsx. The first signal starts `stop` (which saves the read
 * store); the later ones are the same request and are noted, not obeyed by exiting early. The process
 * exits 0 once stopped, 1 when stopping failed or took longer than `graceMs`. An uncaught error stops
 * the same way and exits 1.
 */
export function stopOnce(stop: () => Promise<void>, options: { logger: Logger; graceMs: number }): void {
  const { logger, graceMs } = options;
  let stopping = false;
  const run = (reason: string, failed: boolean) => {
    if (stopping) {
      logger.info({ reason }, 'already stopping');
      return;
    }
    stopping = true;
    logger.info({ reason }, 'stopping');
    const timeout = setTimeout(() => {
      logger.error({ graceMs }, 'stopping took too long: exiting without finishing');
      process.exit(1);
    }, graceMs);
    timeout.unref();
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(failed ? 1 : 0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => run(signal, false));
  for (const event of ['uncaughtException', 'unhandledRejection'] as const)
    process.on(event, (error: unknown) => {
      logger.error({ err: error }, 'shutting down after an error');
      run(event, true);
    });
}
