/**
 * The embedded store's transactions: one at a time, following the async context of their work.
 * Writes inside the work change the live data while the transaction's undo log keeps the pre-image of
 * every document it touched; readers outside see those pre-images until the work resolves.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import type { CollState, PreImage, Tx } from './helpers.ts';

export class Transactions {
  private readonly context = new AsyncLocalStorage<Tx>();
  private active: Tx | null = null;

  /** Whether a transaction is open (a dump waits for none). */
  get open(): boolean {
    return this.active !== null;
  }

  /** Whether the caller runs inside the open transaction. */
  private own(): boolean {
    return this.active !== null && this.context.getStore() === this.active;
  }

  /** Waits until no transaction other than the caller's own is open; returns the caller's transaction. */
  async writeGate(): Promise<Tx | null> {
    while (this.active && this.context.getStore() !== this.active) await this.active.done;
    return this.active;
  }

  /** Pre-images of the open transaction that the current reader must see instead of the live data. */
  hiddenWrites(state: CollState): Map<string, PreImage> | undefined {
    if (!this.active || this.own()) return undefined;
    return this.active.undo.get(state);
  }

  /** Whether the collection was created by a transaction the caller does not see into. */
  createdUnseen(name: string, state: CollState): boolean {
    return this.active !== null && !this.own() && this.active.created.get(name) === state;
  }

  assertNotInTransaction(operation: string): void {
    if (this.own()) throw new Error(`${operation} is not supported inside withTransaction`);
  }

  /**
   * Runs `work` as the open transaction; `commit` seals its versions when the work resolves, `rollback`
   * restores its pre-images when it throws.
   */
  async run<R>(work: () => Promise<R>, commit: (tx: Tx) => void, rollback: (tx: Tx) => void): Promise<R> {
    if (this.own()) return work();
    while (this.active) await this.active.done;
    let release: () => void = () => {};
    const tx: Tx = {
      undo: new Map(),
      created: new Map(),
      done: new Promise<void>((resolve) => {
        release = resolve;
      }),
    };
    this.active = tx;
    try {
      const result = await this.context.run(tx, work);
      commit(tx);
      return result;
    } catch (error) {
      rollback(tx);
      throw error;
    } finally {
      this.active = null;
      // Node 20's async context tracking hooks every promise made anywhere while a storage is
      // enabled; with no transaction open nothing reads this one, so it is turned off until the next.
      this.context.disable();
      release();
    }
  }
}
