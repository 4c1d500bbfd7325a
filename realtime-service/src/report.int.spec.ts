import { realtimeReportSubjects } from '@wine/contracts';
import { createInProcessBus, createLogger, offsetClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { reportOverBus } from './report.ts';

describe('reportOverBus', () => {
  it('publishes the instance’s sockets and messages at once and then at each interval', async () => {
    const bus = createInProcessBus();
    const seen: { instance: string; socketsConnected: number }[] = [];
    await bus.subscribe<{ instance: string; socketsConnected: number }>(
      realtimeReportSubjects.any,
      ({ data }) => {
        seen.push(data);
      },
    );
    let sockets = 3;
    const stop = reportOverBus(
      bus,
      { stats: () => ({ socketsConnected: sockets, messagesSent: 10, messagesPerSecond: 2 }) },
      offsetClock(),
      createLogger('silent'),
      { instance: 'rt-1', everyMs: 20 },
    );
    await expect.poll(() => seen.length).toBeGreaterThanOrEqual(1);
    sockets = 5;
    await expect.poll(() => seen.at(-1)?.socketsConnected).toBe(5);
    stop();
    expect(seen[0]).toMatchObject({ instance: 'rt-1', socketsConnected: 3 });
    await bus.close();
  });
});
