import { hostname } from 'node:os';
import { REALTIME_REPORT_EVERY_MS, type RealtimeReport, realtimeReportSubjects } from '@wine/contracts';
import type { Bus, Clock, Logger } from '@wine/platform';
import type { RealtimeServer } from './realtime-model.ts';

/**
 * Tells the read side this instance's sockets over the bus (the /ops page, where the realtime-service
 * runs in its own process). Returns a stop function.
 */
export function reportOverBus(
  bus: Bus,
  realtime: Pick<RealtimeServer, 'stats'>,
  clock: Clock,
  logger: Logger,
  options: { instance?: string; everyMs?: number } = {},
): () => void {
  const instance = options.instance ?? `${hostname()}-${process.pid}`;
  const report = () => {
    const message: RealtimeReport = { instance, ...realtime.stats(), at: clock.now().toISOString() };
    bus
      .publish(realtimeReportSubjects.of(instance), message)
      .catch((error: unknown) => logger.debug({ err: error }, 'realtime report not published'));
  };
  report();
  const timer = setInterval(report, options.everyMs ?? REALTIME_REPORT_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
