/** One collection of the embedded store as the port's `Collection`: reads at once, writes through the write gate. */

import { Aggregator } from 'mingo';
import type { BulkOperation, Collection, Doc } from '../port.ts';
import type { Finds } from './finds.ts';
import type { AnyObject } from './helpers.ts';
import type { Indexes } from './indexes.ts';
import type { Transactions } from './transactions.ts';
import type { Writes } from './writes.ts';

export interface Parts {
  transactions: Transactions;
  indexes: Indexes;
  finds: Finds;
  writes: Writes;
}

export function collectionHandle<T extends Doc>(name: string, parts: Parts): Collection<T> {
  const { transactions, indexes, finds, writes } = parts;
  const snapshot = (of: string) => finds.snapshot(of);
  return {
    name,
    async find(filter, options) {
      return finds.find(name, filter, options) as T[];
    },
    async findOne(filter, options) {
      const found = finds.find(name, filter, { ...options, skip: 0, limit: 1 });
      return (found[0] as T | undefined) ?? null;
    },
    async countDocuments(filter) {
      return finds.count(name, filter);
    },
    async insertOne(document) {
      const tx = await transactions.writeGate();
      writes.insert(name, document, tx);
    },
    async updateOne(filter, change, options) {
      const tx = await transactions.writeGate();
      return writes.update(name, filter, change, false, options?.upsert ?? false, tx);
    },
    async updateMany(filter, change, options) {
      const tx = await transactions.writeGate();
      return writes.update(name, filter, change, true, options?.upsert ?? false, tx);
    },
    async replaceOne(filter, replacement, options) {
      const tx = await transactions.writeGate();
      return writes.replace(name, filter, replacement, options?.upsert ?? false, tx);
    },
    async deleteMany(filter) {
      const tx = await transactions.writeGate();
      return { deletedCount: writes.remove(name, filter ?? {}, true, tx) };
    },
    async bulkWrite(operations: readonly BulkOperation<T>[]) {
      const tx = await transactions.writeGate();
      return writes.bulk(name, operations, tx);
    },
    async aggregate<R>(pipeline: readonly AnyObject[]) {
      const aggregator = new Aggregator([...pipeline], { collectionResolver: snapshot });
      return aggregator.run(snapshot(name)) as R[];
    },
    async createIndex(spec) {
      const tx = await transactions.writeGate();
      return indexes.create(name, spec, tx);
    },
    async dropIndex(indexName) {
      await transactions.writeGate();
      indexes.drop(name, indexName);
    },
    async listIndexes() {
      return indexes.list(name);
    },
  };
}
