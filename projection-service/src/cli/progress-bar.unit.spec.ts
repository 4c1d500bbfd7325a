import { describe, expect, it } from 'vitest';
import { progressLine } from './progress-bar.ts';

describe('progressLine', () => {
  it('fills the bar in proportion and names the events replayed', () => {
    expect(progressLine('lots', 0.5, 12_345, 10)).toBe('lots [#####.....]  50% 12,345 events');
    expect(progressLine('bids', 1, 7, 4)).toBe('bids [####] 100% 7 events');
  });

  it('keeps a fraction outside 0..1 (or not a number) inside the bar', () => {
    expect(progressLine('x', 1.7, 0, 4)).toBe('x [####] 100% 0 events');
    expect(progressLine('x', Number.NaN, 0, 4)).toBe('x [....]   0% 0 events');
  });
});
