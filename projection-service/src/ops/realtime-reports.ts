import {
  REALTIME_REPORT_VALID_MS,
  type RealtimeReport,
  type RealtimeStatusView,
  realtimeReportSubjects,
} from '@wine/contracts';
import type { Bus, BusSubscription, Clock } from '@wine/platform';

/** Sums the latest report of each realtime instance heard from lately; null when none is. */
export function sumReports(reports: Iterable<RealtimeReport>, now: Date): RealtimeStatusView | null {
  let found = false;
  let socketsConnected = 0;
  let messagesPerSecond = 0;
  for (const r of reports) {
    if (now.getTime() - Date.parse(r.at) > REALTIME_REPORT_VALID_MS) continue;
    found = true;
    socketsConnected += r.socketsConnected;
    messagesPerSecond += r.messagesPerSecond;
  }
  return found ? { socketsConnected, messagesPerSecond: Math.round(messagesPerSecond * 10) / 10 } : null;
}

/**
 * The realtime instances' reports from the bus (realtime-service/src/report.ts), for the ops status
 * where the realtime-service runs apart.
 */
export async function realtimeReports(bus: Bus, clock: Clock) {
  const latest = new Map<string, RealtimeReport>();
  const subscription: BusSubscription = await bus.subscribe<RealtimeReport>(
    realtimeReportSubjects.any,
    ({ data }) => {
      latest.set(data.instance, data);
    },
  );
  return {
    status: () => sumReports(latest.values(), clock.now()),
    close: () => subscription.close(),
  };
}
