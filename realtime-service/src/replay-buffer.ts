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

  /** Items after `position`, or null when the buffer cannot prove it has all of them. */
  after(position: Position): T[] | null {
    if (this.floor === null) return [];
    if (position < this.floor) return null;
    return this.items.filter((i) => i.position > position);
  }

  latest(): Position | null {
    return this.items[this.items.length - 1]?.position ?? null;
  }
}
