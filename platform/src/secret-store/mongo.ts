/**
 * MongoDB adapter of the secret store port: one document per secret in the `secrets` collection,
 * `_id` = `kind:key`, the value kept as its JSON text so that it comes back exactly as the embedded
 * adapter gives it (no Dates or `$`-keys turned into BSON).
 *
 * The TTL index on `expiresAt` only purges, lazily (about once a minute, against the server's own
 * clock): every read also checks `expiresAt` against the injected clock.
 */
import { type Collection, MongoClient } from 'mongodb';
import { type Clock, systemClock } from '../clock.ts';
import { assertKind, type SecretStore, type SecretStoreOptions, toJson } from './port.ts';

interface SecretDoc {
  _id: string;
  kind: string;
  key: string;
  /** JSON text; a counter's is its count ('3'). */
  value: string;
  /** null: never expires (a TTL index skips documents without a date). */
  expiresAt: Date | null;
}

const idOf = (kind: string, key: string) => {
  assertKind(kind);
  return `${kind}:${key}`;
};

/** Matches the document only while it is live at `now`. */
const liveAt = (id: string, now: Date) => ({
  _id: id,
  $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }],
});

/**
 * In an update pipeline: the document is absent (the upsert gives it no value yet) or expired at
 * `now`, so it starts again. Expressions in one $set stage all see the document as it was, so every
 * field judges the same `fresh`.
 */
const freshAt = (now: Date) => ({
  $or: [
    { $eq: [{ $type: '$value' }, 'missing'] },
    { $and: [{ $eq: [{ $type: '$expiresAt' }, 'date'] }, { $lte: ['$expiresAt', now] }] },
  ],
});

/**
 * Two first upserts can race to insert the same `_id`. The server retries such an upsert itself
 * (equality on a unique index); should a duplicate key still reach us, one more try finds the
 * winner's document and updates it.
 */
async function upsertOnce<T>(upsert: () => Promise<T>): Promise<T> {
  try {
    return await upsert();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 11000) throw error;
    return upsert();
  }
}

export async function openMongoSecretStore(
  url: string,
  dbName: string,
  options: SecretStoreOptions = {},
): Promise<SecretStore> {
  const clock: Clock = options.clock ?? systemClock;
  const client = new MongoClient(url);
  await client.connect();
  const secrets: Collection<SecretDoc> = client.db(dbName).collection<SecretDoc>('secrets');
  await secrets.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'secrets_ttl' });

  const parse = <T>(doc: Pick<SecretDoc, 'value'> | null): T | null =>
    doc === null ? null : (JSON.parse(doc.value) as T);

  return {
    async put(kind, key, value, options = {}) {
      const _id = idOf(kind, key);
      await secrets.replaceOne(
        { _id },
        { kind, key, value: toJson(value), expiresAt: options.expiresAt ?? null },
        { upsert: true },
      );
    },

    async get<T>(kind: string, key: string) {
      const doc = await secrets.findOne(liveAt(idOf(kind, key), clock.now()), { projection: { value: 1 } });
      return parse<T>(doc);
    },

    async take<T>(kind: string, key: string) {
      // One server-side operation: of two concurrent takes only one finds the document.
      return parse<T>(await secrets.findOneAndDelete(liveAt(idOf(kind, key), clock.now())));
    },

    async delete(kind, key) {
      await secrets.deleteOne({ _id: idOf(kind, key) });
    },

    async increment(kind, key, options = {}) {
      const _id = idOf(kind, key);
      const fresh = freshAt(clock.now());
      const doc = await upsertOnce(() =>
        secrets.findOneAndUpdate(
          { _id },
          [
            {
              $set: {
                kind: { $literal: kind },
                key: { $literal: key },
                value: { $cond: [fresh, '1', { $toString: { $add: [{ $toLong: '$value' }, 1] } }] },
                expiresAt: { $cond: [fresh, { $literal: options.expiresAt ?? null }, '$expiresAt'] },
              },
            },
          ],
          { upsert: true, returnDocument: 'after', projection: { value: 1 } },
        ),
      );
      return Number(doc?.value);
    },

    async claim<T>(kind: string, key: string, value: T, options: { expiresAt?: Date } = {}) {
      const _id = idOf(kind, key);
      const fresh = freshAt(clock.now());
      const doc = await upsertOnce(() =>
        secrets.findOneAndUpdate(
          { _id },
          [
            {
              $set: {
                kind: { $literal: kind },
                key: { $literal: key },
                value: { $cond: [fresh, { $literal: toJson(value) }, '$value'] },
                expiresAt: { $cond: [fresh, { $literal: options.expiresAt ?? null }, '$expiresAt'] },
              },
            },
          ],
          { upsert: true, returnDocument: 'after', projection: { value: 1 } },
        ),
      );
      return parse<T>(doc) as T;
    },

    async close() {
      await client.close();
    },
  };
}
