import type { RealtimeReport } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { sumReports } from './realtime-reports.ts';

const report = (
  instance: string,
  at: string,
  socketsConnected: number,
  messagesPerSecond: number,
): RealtimeReport => ({
  instance,
  at,
  socketsConnected,
  messagesSent: 0,
  messagesPerSecond,
});

describe('sumReports', () => {
  const now = new Date('2026-11-24T10:00:30.000Z');

  it('given two instances heard from lately, when summed, then their sockets and rates add up', () => {
    expect(
      sumReports(
        [report('a', '2026-11-24T10:00:25.000Z', 3, 1.5), report('b', '2026-11-24T10:00:29.000Z', 4, 2)],
        now,
      ),
    ).toEqual({ socketsConnected: 7, messagesPerSecond: 3.5 });
  });

  it('given an instance not heard from for over twenty seconds, when summed, then it is left out', () => {
    expect(sumReports([report('a', '2026-11-24T10:00:05.000Z', 3, 1)], now)).toBeNull();
    expect(
      sumReports(
        [report('a', '2026-11-24T10:00:05.000Z', 3, 1), report('b', '2026-11-24T10:00:20.000Z', 1, 0)],
        now,
      ),
    ).toEqual({ socketsConnected: 1, messagesPerSecond: 0 });
  });
});
