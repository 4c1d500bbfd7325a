import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zoneOffsets } from './zone-offsets.ts';

/** zoneOffsets(at) as a Node process in time zone `tz` computes it. */
function offsetsIn(tz: string, at: number): string {
  const script = `import('${join(import.meta.dirname, 'zone-offsets.ts')}').then((m) => process.stdout.write(m.zoneOffsets(${at})))`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
}

describe('zoneOffsets', () => {
  const at = Date.UTC(2026, 10, 29, 12);

  it('is what a process in the same time zone computes', () => {
    expect(offsetsIn(Intl.DateTimeFormat().resolvedOptions().timeZone, at)).toBe(zoneOffsets(at));
  });

  it('writes a zone without daylight saving as one offset', () => {
    expect(offsetsIn('UTC', at)).toBe('-400:0');
    expect(offsetsIn('America/Regina', at)).toBe('-400:360');
  });

  it("writes the days a zone's offset changes on", () => {
    // Chicago: CDT (300) until 2025-11-02, CST (360), CDT from 2026-03-08, CST from 2026-11-01, ...
    const chicago = offsetsIn('America/Chicago', at);
    expect(chicago.split(' ').map((run) => run.split(':')[1])).toEqual([
      '300',
      '360',
      '300',
      '360',
      '300',
      '360',
    ]);
    expect(offsetsIn('US/Central', at)).toBe(chicago);
  });

  it('tells apart zones whose offsets agree today but not on every day of the span', () => {
    const chicago = offsetsIn('America/Chicago', at);
    // Same offset as Chicago in winter, none of its summer time.
    expect(offsetsIn('America/Regina', at)).not.toBe(chicago);
    // Mexico City: CST all year since 2022.
    expect(offsetsIn('America/Mexico_City', at)).not.toBe(chicago);
    // London and Lisbon change on the same days: their dates are written alike.
    expect(offsetsIn('Europe/London', at)).toBe(offsetsIn('Europe/Lisbon', at));
  });
});
