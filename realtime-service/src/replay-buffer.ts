import type { Position } from '@wine/event-schemas';

/**
 * The changes the realtime side has relayed, kept so a client that reconnects gets every change
 * after the last position it saw. `floor` is the position after which the buffer is complete.
 */
export class ReplayBuffer<T extends { position: Position }> {
  private items: T[] = [];
  private floor: Position | null = null;

  constructor(private readonly capacity: number) {}

  add(item: T): void {
    if (this.floor === null) this.floor = item.position;
    this.items.push(item);
    if (this.items.length > this.capacity) {
      const evicted = this.items.shift() as T;
      this.floor = evicted.position;
    }
  }

  /**
   * Items after `position`, or null when the buffer cannot prove it has all of them or there are
   * more than `limit` (a client that far behind reloads what it shows instead of being replayed to).
   */
  after(position: Position, limit = Number.POSITIVE_INFINITY): T[] | null {
    if (this.floor === null) return [];
    if (position < this.floor) return null;
    const missed: T[] = [];
    for (const item of this.items) {
      if (item.position <= position) continue;
      if (missed.length >= limit) return null;
      missed.push(item);
    }
    return missed;
  }

  latest(): Position | null {
    return this.items[this.items.length - 1]?.position ?? null;
  }
}
