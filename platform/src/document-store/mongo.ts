/**
 * MongoDB adapter of the document store port, over the official `mongodb` driver.
 *
 * - `withTransaction` runs the work in a session transaction (`session.withTransaction`) when the
 *   server is a replica set (detected once with `hello`: `setName`), else runs it plainly (a
 *   standalone server has no multi-document transactions). The session follows the async context of
 *   the work (AsyncLocalStorage), so code above the port never passes it. The driver retries the
 *   work on transient transaction errors: keep the work free of side effects other than the store.
 * - Duplicate key errors (code 11000, also inside bulk write errors) become `DuplicateKeyError`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type AnyBulkWriteOperation,
  type ClientSession,
  type Document,
  MongoClient,
  type Collection as MongoCollection,
} from 'mongodb';
import {
  type BulkOperation,
  type Collection,
  type Doc,
  type DocumentStore,
  DuplicateKeyError,
  IndexConflictError,
  type IndexSpec,
} from './port.ts';

interface ErrorWithCode {
  code?: unknown;
  keyValue?: unknown;
  writeErrors?: unknown;
  errorResponse?: { keyValue?: unknown };
}

function duplicateKeyOf(error: unknown): { key: unknown } | null {
  if (error === null || typeof error !== 'object') return null;
  const e = error as ErrorWithCode;
  if (e.code === 11000) return { key: e.keyValue ?? e.errorResponse?.keyValue ?? null };
  const writeErrors = Array.isArray(e.writeErrors) ? e.writeErrors : e.writeErrors ? [e.writeErrors] : [];
  for (const w of writeErrors as { code?: unknown; errmsg?: unknown; err?: { keyValue?: unknown } }[]) {
    if (w?.code === 11000) return { key: w.err?.keyValue ?? w.errmsg ?? null };
  }
  return null;
}

/** Namespace not found (collection does not exist). */
function isNamespaceNotFound(error: unknown): boolean {
  return error !== null && typeof error === 'object' && (error as ErrorWithCode).code === 26;
}

export async function openMongoDocumentStore(url: string, dbName: string): Promise<DocumentStore> {
  const client = new MongoClient(url);
  await client.connect();
  const db = client.db(dbName);
  const hello = await db.admin().command({ hello: 1 });
  const replicaSet = typeof hello.setName === 'string' && hello.setName.length > 0;
  const sessions = new AsyncLocalStorage<ClientSession>();
  const handles = new Map<string, Collection>();

  /** Runs a driver call with the current transaction's session, mapping duplicate key errors. */
  async function run<R>(name: string, call: (session: ClientSession | undefined) => Promise<R>): Promise<R> {
    try {
      return await call(sessions.getStore());
    } catch (error) {
      const duplicate = duplicateKeyOf(error);
      if (duplicate) throw Object.assign(new DuplicateKeyError(name, duplicate.key), { cause: error });
      throw error;
    }
  }

  function makeCollection<T extends Doc>(name: string): Collection<T> {
    const coll: MongoCollection<Document> = db.collection(name);
    return {
      name,
      find: (filter = {}, options = {}) =>
        run(name, async (session) => {
          const cursor = coll.find(filter, {
            session,
            ...(options.sort ? { sort: options.sort } : {}),
            ...(options.skip ? { skip: options.skip } : {}),
            ...(options.limit ? { limit: options.limit } : {}),
            ...(options.projection ? { projection: options.projection } : {}),
          });
          return (await cursor.toArray()) as unknown as T[];
        }),
      findOne: (filter = {}, options = {}) =>
        run(
          name,
          async (session) =>
            (await coll.findOne(filter, {
              session,
              ...(options.sort ? { sort: options.sort } : {}),
              ...(options.projection ? { projection: options.projection } : {}),
            })) as T | null,
        ),
      countDocuments: (filter = {}) => run(name, (session) => coll.countDocuments(filter, { session })),
      insertOne: (document) =>
        run(name, async (session) => {
          await coll.insertOne({ ...(document as Document) }, { session });
        }),
      updateOne: (filter, update, options = {}) =>
        run(name, async (session) => {
          const r = await coll.updateOne(filter, update, { session, upsert: options.upsert ?? false });
          return {
            matchedCount: r.matchedCount,
            modifiedCount: r.modifiedCount,
            upsertedCount: r.upsertedCount,
          };
        }),
      updateMany: (filter, update, options = {}) =>
        run(name, async (session) => {
          const r = await coll.updateMany(filter, update, { session, upsert: options.upsert ?? false });
          return {
            matchedCount: r.matchedCount,
            modifiedCount: r.modifiedCount,
            upsertedCount: r.upsertedCount,
          };
        }),
      replaceOne: (filter, replacement, options = {}) =>
        run(name, async (session) => {
          const r = await coll.replaceOne(filter, replacement, { session, upsert: options.upsert ?? false });
          return {
            matchedCount: r.matchedCount,
            modifiedCount: r.modifiedCount,
            upsertedCount: r.upsertedCount,
          };
        }),
      deleteMany: (filter = {}) =>
        run(name, async (session) => {
          const r = await coll.deleteMany(filter, { session });
          return { deletedCount: r.deletedCount };
        }),
      bulkWrite: (operations: readonly BulkOperation<T>[]) =>
        run(name, async (session) => {
          if (operations.length === 0) {
            return { insertedCount: 0, matchedCount: 0, modifiedCount: 0, upsertedCount: 0, deletedCount: 0 };
          }
          // The port's operation shapes are the driver's own; insertOne documents are copied because
          // the driver adds an _id to the object it is given when one is missing.
          const ops = operations.map((op) =>
            'insertOne' in op ? { insertOne: { document: { ...op.insertOne.document } } } : op,
          ) as unknown as AnyBulkWriteOperation<Document>[];
          const r = await coll.bulkWrite(ops, { session, ordered: true });
          return {
            insertedCount: r.insertedCount,
            matchedCount: r.matchedCount,
            modifiedCount: r.modifiedCount,
            upsertedCount: r.upsertedCount,
            deletedCount: r.deletedCount,
          };
        }),
      aggregate: <R>(pipeline: readonly Record<string, unknown>[]) =>
        run(name, async (session) => (await coll.aggregate([...pipeline], { session }).toArray()) as R[]),
      // Index builds are not part of a transaction (MongoDB allows them there only on new collections).
      createIndex: (spec) =>
        run(name, async () => {
          try {
            return await coll.createIndex(spec.key, {
              ...(spec.unique ? { unique: true } : {}),
              ...(spec.name ? { name: spec.name } : {}),
            });
          } catch (error) {
            // IndexOptionsConflict (85), IndexKeySpecsConflict (86): the port's one error for both.
            const code = (error as { code?: number }).code;
            if (code === 85 || code === 86) throw new IndexConflictError(name, spec.name ?? '');
            throw error;
          }
        }),
      dropIndex: (indexName) =>
        run(name, async () => {
          try {
            await coll.dropIndex(indexName);
          } catch (error) {
            // IndexNotFound (27), or no collection (26): nothing to drop.
            const code = (error as { code?: number }).code;
            if (code === 27 || code === 26 || isNamespaceNotFound(error)) return;
            throw error;
          }
        }),
      listIndexes: () =>
        run(name, async () => {
          try {
            const indexes = await coll.listIndexes().toArray();
            return indexes.map(
              (i): IndexSpec => ({
                key: i.key as IndexSpec['key'],
                name: i.name,
                ...(i.unique ? { unique: true } : {}),
              }),
            );
          } catch (error) {
            if (isNamespaceNotFound(error)) return [];
            throw error;
          }
        }),
    };
  }

  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let handle = handles.get(name);
      if (!handle) {
        handle = makeCollection(name);
        handles.set(name, handle);
      }
      return handle as unknown as Collection<T>;
    },
    async listCollections() {
      const infos = await db.listCollections({}, { nameOnly: true }).toArray();
      return infos.map((i) => i.name).filter((n) => !n.startsWith('system.'));
    },
    async dropCollection(name) {
      try {
        await db.dropCollection(name);
      } catch (error) {
        if (!isNamespaceNotFound(error)) throw error;
      }
    },
    async renameCollection(from, to, options) {
      await db.renameCollection(from, to, { dropTarget: options?.dropTarget ?? false });
    },
    async withTransaction<R>(work: () => Promise<R>): Promise<R> {
      if (!replicaSet || sessions.getStore()) return work();
      const session = client.startSession();
      try {
        return await session.withTransaction(() => sessions.run(session, work));
      } finally {
        await session.endSession();
      }
    },
    async close() {
      await client.close();
    },
  };
}
