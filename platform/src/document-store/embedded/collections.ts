/**
 * The embedded store's collections and their versions. Every change of a document goes through `put`
 * (a new version in place of the old, its indexes kept exact, its pre-image kept for the open
 * transaction); readers outside that transaction see the pre-images (`readOne`, `readAll`).
 */

import { type Doc, DuplicateKeyError } from '../port.ts';
import { DocTable } from './doc-table.ts';
import { ABSENT, type CollState, deepFreeze, docKey, getPath, type IndexState, type Tx } from './helpers.ts';
import { reindexSorted } from './sorted-index.ts';
import type { Transactions } from './transactions.ts';

/** Every collection's documents at one instant, as `dump` gives them and `restore` takes them. */
export type EmbeddedContents = Array<[name: string, docs: Doc[]]>;

/** `put` looks the document up itself. */
export const LOOK_UP = Symbol('look up');

export function indexKey(index: IndexState, doc: Doc): string {
  return JSON.stringify(index.fields.map((f) => getPath(doc, f) ?? null));
}

export class Collections {
  readonly states = new Map<string, CollState>();
  /**
   * The live document a writer read or wrote last: the ops of a batch come in pairs and runs on one
   * document (an upsert that creates it, then the guarded change), and a lookup in a map of a million
   * documents is much of a catch-up's cost.
   */
  private last: { state: CollState | null; key: string; doc: Doc | undefined } = {
    state: null,
    key: '',
    doc: undefined,
  };

  /** `frozen`: every stored version is deeply frozen (README.md, "Checked under test"). */
  constructor(
    readonly transactions: Transactions,
    readonly frozen: boolean,
    restore: EmbeddedContents = [],
  ) {
    // Indexes are created by their owners afterwards (createIndex indexes the documents already there).
    for (const [name, docs] of restore) {
      const table = new DocTable<Doc>();
      for (const doc of docs) table.set(docKey(doc._id), frozen ? deepFreeze(doc) : doc);
      this.states.set(name, { docs: table, indexes: [] });
    }
  }

  existing(name: string): CollState | undefined {
    return this.states.get(name);
  }

  ensure(name: string, tx: Tx | null): CollState {
    let state = this.states.get(name);
    if (!state) {
      state = { docs: new DocTable(), indexes: [] };
      this.states.set(name, state);
      tx?.created.set(name, state);
    }
    return state;
  }

  /**
   * `live`: the caller writes, and writes run only when no transaction but the caller's own is open
   * (writeGate), so they always see the live documents.
   */
  readOne(state: CollState, key: string, live = false): Doc | undefined {
    if (live) {
      const last = this.last;
      if (last.state === state && last.key === key) return last.doc;
      const doc = state.docs.get(key);
      this.last = { state, key, doc };
      return doc;
    }
    const undo = this.transactions.hiddenWrites(state);
    if (undo?.has(key)) {
      const pre = undo.get(key);
      return pre === ABSENT ? undefined : pre;
    }
    return state.docs.get(key);
  }

  *readAll(state: CollState, live = false): Iterable<Doc> {
    const undo = live ? undefined : this.transactions.hiddenWrites(state);
    if (!undo) {
      yield* state.docs.values();
      return;
    }
    for (const [key, doc] of state.docs) {
      if (!undo.has(key)) yield doc;
      else {
        const pre = undo.get(key);
        if (pre !== ABSENT && pre) yield pre;
      }
    }
    for (const [key, pre] of undo) if (pre !== ABSENT && !state.docs.has(key)) yield pre;
  }

  /**
   * Replaces (or inserts, or with `next` null deletes) one document, keeping unique indexes exact.
   * `given`: the live document under `key` when the caller has just read it (one map lookup less per
   * write: lookups in a map of a million documents are much of a catch-up's cost).
   */
  put(
    name: string,
    state: CollState,
    key: string,
    next: Doc | null,
    tx: Tx | null,
    given: Doc | undefined | typeof LOOK_UP = LOOK_UP,
  ): void {
    const prev = given === LOOK_UP ? this.readOne(state, key, true) : given;
    if (next) {
      for (const index of state.indexes) {
        if (!index.entries) continue;
        const owner = index.entries.get(indexKey(index, next));
        if (owner !== undefined && owner !== key) {
          throw new DuplicateKeyError(
            name,
            Object.fromEntries(index.fields.map((f) => [f, getPath(next, f) ?? null])),
          );
        }
      }
      // In a transaction, its own versions stay open to in-place change until it commits (`commit`).
      if (this.frozen && !tx) deepFreeze(next);
    }
    if (tx) {
      let undo = tx.undo.get(state);
      if (!undo) {
        undo = new Map();
        tx.undo.set(state, undo);
      }
      if (!undo.has(key)) undo.set(key, prev ?? ABSENT);
    }
    this.reindex(state, key, prev, next ?? undefined);
    if (next) state.docs.set(key, next);
    else state.docs.delete(key);
    this.last = { state, key, doc: next ?? undefined };
  }

  /**
   * Whether a write may change in place a version written earlier in the open transaction (`unseen`),
   * instead of making yet another version (a catch-up writes a lot two or three times per batch):
   * no one outside the transaction has seen it (they see its pre-image), and no index needs the old
   * version as it was (a unique one, a sorted one not deferred). Frozen versions are frozen at commit.
   */
  unseenVersions(state: CollState, tx: Tx | null): Map<string, unknown> | undefined {
    if (!tx) return undefined;
    for (const index of state.indexes) if (index.entries || (index.sorted && !index.stale)) return undefined;
    return tx.undo.get(state);
  }

  reindex(state: CollState, key: string, prev: Doc | undefined, next: Doc | undefined): void {
    state.filters?.changed(key);
    for (const index of state.indexes) {
      if (index.sorted && !index.stale) reindexSorted(index.sorted, key, prev, next);
      if (!index.entries) continue;
      if (prev) {
        const old = indexKey(index, prev);
        if (index.entries.get(old) === key) index.entries.delete(old);
      }
      if (next) index.entries.set(indexKey(index, next), key);
    }
  }

  /** With `frozen`, freezes the versions a transaction stored, as it ends: from now on others see them. */
  commit(tx: Tx): void {
    if (!this.frozen) return;
    for (const [state, undo] of tx.undo) {
      for (const key of undo.keys()) {
        const doc = state.docs.get(key);
        if (doc) deepFreeze(doc);
      }
    }
  }

  /** Puts back the pre-images of a transaction whose work threw; drops the collections it created. */
  rollback(tx: Tx): void {
    this.last = { state: null, key: '', doc: undefined };
    for (const [state, undo] of tx.undo) {
      for (const [key, pre] of undo) {
        const current = state.docs.get(key);
        const previous = pre === ABSENT ? undefined : pre;
        this.reindex(state, key, current, previous);
        if (previous) state.docs.set(key, previous);
        else state.docs.delete(key);
      }
    }
    for (const [name, state] of tx.created) {
      if (this.states.get(name) === state && state.docs.size === 0) this.states.delete(name);
    }
  }

  /** Every collection's stored documents, in one synchronous step; null while a transaction is open. */
  dump(): EmbeddedContents | null {
    if (this.transactions.open) return null;
    return [...this.states].map(([name, state]) => [name, [...state.docs.values()]]);
  }
}
