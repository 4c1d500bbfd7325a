/**
 * What a realtime-service instance tells the read side of its sockets, every few seconds, where it
 * runs in its own process (compose, k8s): the ops page shows the sum over the instances heard from.
 */
export interface RealtimeReport {
  /** The instance (host name and process id): each is counted once, by its latest report. */
  instance: string;
  socketsConnected: number;
  messagesSent: number;
  messagesPerSecond: number;
  /** Server clock, ISO 8601. */
  at: string;
}

export const realtimeReportSubjects = {
  of: (instance: string) => `market.ops.realtime.${instance.replace(/[^\w-]/g, '_')}`,
  any: 'market.ops.realtime.*',
} as const;

/** How often an instance reports, and how long a report counts (an instance not heard from drops out). */
export const REALTIME_REPORT_EVERY_MS = 5_000;
export const REALTIME_REPORT_VALID_MS = 20_000;
