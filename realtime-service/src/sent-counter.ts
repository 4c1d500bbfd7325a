/** Frames sent: a total, and per second over the last ten one-second buckets (issue 12 "/ops"). */
export function sentCounter() {
  const buckets = new Array<number>(10).fill(0);
  let current = 0;
  let total = 0;
  const roll = (atMs: number) => {
    const second = Math.floor(atMs / 1000);
    if (second === current) return;
    const steps = Math.min(10, second - current);
    for (let i = 1; i <= steps; i++) buckets[(current + i) % 10] = 0;
    current = second;
  };
  return {
    add(atMs: number) {
      roll(atMs);
      buckets[current % 10] = (buckets[current % 10] ?? 0) + 1;
      total += 1;
    },
    total: () => total,
    perSecond(atMs: number) {
      roll(atMs);
      return buckets.reduce((sum, n) => sum + n, 0) / 10;
    },
  };
}
