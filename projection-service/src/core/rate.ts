/**
 * Events per second over a sliding window (issue 12 "Support": a projection's recent rate). Samples
 * are summed per second, so a long catch-up keeps at most `windowMs / 1000` buckets.
 */
export interface RateMeter {
  add(count: number, atMs: number): void;
  perSecond(atMs: number): number;
}

export function rateMeter(windowMs = 10_000): RateMeter {
  const buckets: { second: number; count: number }[] = [];
  const prune = (atMs: number) => {
    const oldest = Math.floor((atMs - windowMs) / 1000);
    while (buckets.length > 0 && (buckets[0]?.second ?? 0) <= oldest) buckets.shift();
  };
  return {
    add(count, atMs) {
      if (count <= 0) return;
      const second = Math.floor(atMs / 1000);
      const last = buckets[buckets.length - 1];
      if (last && last.second === second) last.count += count;
      else buckets.push({ second, count });
      prune(atMs);
    },
    perSecond(atMs) {
      prune(atMs);
      const total = buckets.reduce((sum, b) => sum + b.count, 0);
      return total / (windowMs / 1000);
    },
  };
}
