/**
 * The in-memory document store, assembled from its parts: collections and their versions
 * (collections.ts), transactions (transactions.ts), writes (writes.ts), finds (finds.ts), indexes
 * (indexes.ts). Filters, sorts, projections, update operators and pipelines are evaluated by mingo
 * (with fast paths for the common shapes), so the MongoDB syntax the projections use behaves the same
 * here as on a real server. README.md states what it guarantees.
 */

import type { Collection, Doc, DocumentStore } from '../port.ts';
import { Collections, type EmbeddedContents } from './collections.ts';
import { Finds } from './finds.ts';
import { collectionHandle, type Parts } from './handle.ts';
import { Indexes } from './indexes.ts';
import { Transactions } from './transactions.ts';
import { Writes } from './writes.ts';

export type { EmbeddedContents } from './collections.ts';

export interface EmbeddedDocumentStore extends DocumentStore {
  /**
   * Every collection's documents as they stand, taken in one synchronous step so that it is what a
   * reader would see between two writes (the projection runner commits a batch with its checkpoint
   * in one transaction, so a dump holds whole batches). The documents are the store's own: serialise
   * them before the next write. Null while a transaction is open.
   */
  dump(): EmbeddedContents | null;
  deferIndexes(collections: readonly string[]): () => void;
}

export interface EmbeddedOptions {
  restore?: EmbeddedContents;
  /**
   * Deep-freeze every stored version, so that code changing a document the store handed out throws
   * (README.md, "Checked under test"). On under Vitest, off otherwise: freezing costs a walk per write.
   */
  frozen?: boolean;
}

export function createEmbeddedDocumentStore(options: EmbeddedOptions = {}): EmbeddedDocumentStore {
  const transactions = new Transactions();
  const frozen = options.frozen ?? process.env.VITEST !== undefined;
  const collections = new Collections(transactions, frozen, options.restore);
  const indexes = new Indexes(collections);
  const finds = new Finds(collections, indexes);
  const parts: Parts = { transactions, indexes, finds, writes: new Writes(collections, finds) };
  const handles = new Map<string, Collection>();

  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let handle = handles.get(name);
      if (!handle) {
        handle = collectionHandle(name, parts);
        handles.set(name, handle);
      }
      return handle as unknown as Collection<T>;
    },
    async listCollections() {
      const { states } = collections;
      return [...states.keys()].filter((name) => !transactions.createdUnseen(name, states.get(name)!));
    },
    async dropCollection(name) {
      transactions.assertNotInTransaction('dropCollection');
      await transactions.writeGate();
      collections.states.delete(name);
    },
    async renameCollection(from, to, options) {
      transactions.assertNotInTransaction('renameCollection');
      await transactions.writeGate();
      const { states } = collections;
      const source = states.get(from);
      if (!source) throw new Error(`renameCollection: source namespace ${from} does not exist`);
      if (from === to) return;
      if (states.has(to) && !options?.dropTarget) {
        throw new Error(`renameCollection: target namespace ${to} exists`);
      }
      states.set(to, source);
      states.delete(from);
    },
    withTransaction: (work) =>
      transactions.run(
        work,
        (tx) => collections.commit(tx),
        (tx) => collections.rollback(tx),
      ),
    deferIndexes: (names) => indexes.defer(names),
    dump: () => collections.dump(),
    async close() {},
  };
}
