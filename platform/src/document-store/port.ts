/**
 * The subset of the MongoDB collection API the projections and queries use (ARCHITECTURE.md).
 * Filters, updates and pipelines are MongoDB's own language; the embedded adapter evaluates them
 * with mingo, so the same code runs on both.
 */
export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Update = Record<string, unknown> | Record<string, unknown>[];
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
  projection?: Record<string, 0 | 1>;
  /**
   * The caller only reads what it gets, within the call that asked (it never changes a document, nor
   * keeps one): the embedded store may then answer its own stored documents, which it never changes
   * (a write makes a new version), instead of deep copies. MongoDB's documents are always fresh.
   */
  readonly?: boolean;
}

export interface UpdateOptions {
  upsert?: boolean;
}

export interface UpdateResult {
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
}

export type BulkOperation<T extends Doc = Doc> =
  | { insertOne: { document: T } }
  | { updateOne: { filter: Filter; update: Update; upsert?: boolean } }
  | { updateMany: { filter: Filter; update: Update; upsert?: boolean } }
  | { replaceOne: { filter: Filter; replacement: T; upsert?: boolean } }
  | { deleteOne: { filter: Filter } }
  | { deleteMany: { filter: Filter } };

export interface BulkWriteResult {
  insertedCount: number;
  matchedCount: number;
  modifiedCount: number;
  upsertedCount: number;
  deletedCount: number;
}

export interface IndexSpec {
  key: Record<string, 1 | -1 | 'text'>;
  unique?: boolean;
  name?: string;
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter?: Filter, options?: Omit<FindOptions, 'limit' | 'skip'>): Promise<T | null>;
  countDocuments(filter?: Filter): Promise<number>;
  insertOne(document: T): Promise<void>;
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  replaceOne(filter: Filter, replacement: T, options?: UpdateOptions): Promise<UpdateResult>;
  deleteMany(filter?: Filter): Promise<{ deletedCount: number }>;
  /** Ordered: stops at the first failing operation, like MongoDB's default. */
  bulkWrite(operations: readonly BulkOperation<T>[]): Promise<BulkWriteResult>;
  aggregate<R = Record<string, unknown>>(pipeline: readonly Record<string, unknown>[]): Promise<R[]>;
  /**
   * Creates an index, or finds it there already. An index of that name with other keys or options is
   * refused with IndexConflictError (MongoDB's codes 85 and 86): drop it first (`dropIndex`).
   */
  createIndex(spec: IndexSpec): Promise<string>;
  listIndexes(): Promise<IndexSpec[]>;
  /** Drops the index of that name; nothing when there is none. */
  dropIndex(name: string): Promise<void>;
}

/** The same keys in the same order and the same uniqueness: what MongoDB compares under one name. */
export function sameIndexSpec(a: IndexSpec, b: IndexSpec): boolean {
  const keys = (spec: IndexSpec) => JSON.stringify(Object.entries(spec.key));
  return keys(a) === keys(b) && Boolean(a.unique) === Boolean(b.unique);
}

export class IndexConflictError extends Error {
  readonly code = 86;
  constructor(collection: string, name: string) {
    super(
      `${collection}: an existing index has the same name (${name}) as the requested index but different keys or options`,
    );
    this.name = 'IndexConflictError';
  }
}

export class DuplicateKeyError extends Error {
  readonly code = 11000;
  constructor(collection: string, key: unknown) {
    super(`E11000 duplicate key error collection: ${collection} dup key: ${JSON.stringify(key)}`);
    this.name = 'DuplicateKeyError';
  }
}

export interface DocumentStore {
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  listCollections(): Promise<string[]>;
  dropCollection(name: string): Promise<void>;
  /** Replaces `to` with `from` atomically (blue/green rebuild). */
  renameCollection(from: string, to: string, options?: { dropTarget?: boolean }): Promise<void>;
  /**
   * Runs the work in one transaction where the server supports it (MongoDB replica set); the
   * embedded store applies writes in one synchronous step, so readers never see half of a batch.
   */
  withTransaction<R>(work: () => Promise<R>): Promise<R>;
  /**
   * Stops keeping these collections' secondary indexes up to date write by write (a catch-up from
   * the start of the log, a rebuild's shadow copies: many writes, few or no readers); the function it
   * answers builds them, each in bulk once, and keeps them up to date again. A reader that needs one
   * meanwhile gets it built then. Answers the same results throughout. Absent where the server
   * maintains its indexes (MongoDB).
   */
  deferIndexes?(collections: readonly string[]): () => void;
  close(): Promise<void>;
}
