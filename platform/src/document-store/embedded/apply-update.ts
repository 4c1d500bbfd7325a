/**
 * An update operator document applied to one stored version, making a new version (copy-on-write:
 * the old one is never touched; the new one may share untouched sub-objects with it).
 */

import { updateOne as mingoUpdateOne } from 'mingo';
import { isEqual } from 'mingo/util';
import type { Update } from '../port.ts';
import { isFieldName, UNKNOWN } from './fast-filter.ts';
import { fastUpdate } from './fast-update.ts';
import { type AnyObject, cloneDeep, isEmpty, isPlainObject, onlySetOnInsert } from './helpers.ts';

/**
 * Applies an update without touching `doc`, unless `inPlace` (a version only the open transaction has
 * seen). Returns the new version, or null when nothing changed.
 */
export function applyUpdate(
  doc: AnyObject,
  update: Update,
  inserting: boolean,
  inPlace = false,
): AnyObject | null {
  // The insert-only part of an upsert, on a document that exists: nothing to do.
  if (!inserting && onlySetOnInsert(update)) return null;
  let modifier: Update = update;
  if (!Array.isArray(update) && Object.hasOwn(update, '$setOnInsert')) {
    const { $setOnInsert, ...rest } = update;
    modifier = rest;
    if (inserting && isPlainObject($setOnInsert)) {
      modifier = { ...rest, $set: { ...(rest.$set as AnyObject | undefined), ...$setOnInsert } };
    }
  }
  // MongoDB accepts `_id` in $set/$setOnInsert when it does not change the value; mingo never does.
  if (!Array.isArray(modifier) && isPlainObject(modifier.$set) && Object.hasOwn(modifier.$set, '_id')) {
    const { _id, ...set } = modifier.$set as AnyObject;
    if (doc._id !== undefined) assertSameId(doc._id, { _id });
    modifier = { ...modifier, $set: set };
    if (doc._id === undefined) doc = { ...doc, _id: cloneDeep(_id) };
  }
  if (Array.isArray(modifier) ? modifier.length === 0 : isEmpty(modifier)) {
    return inserting ? doc : null;
  }
  if (!Array.isArray(modifier)) {
    const fast = fastUpdate(doc, modifier, cloneDeep, inPlace);
    if (fast !== UNKNOWN) return fast ?? (inserting ? doc : null);
  }
  const docs = [cloneDeep(doc)];
  // mingo's typings want its own Modifier type; the port accepts MongoDB's syntax as plain objects.
  const result = mingoUpdateOne(docs, {}, modifier as never, { cloneMode: 'deep' });
  if (result.modifiedCount === 0 && !inserting) return null;
  return docs[0]!;
}

export function assertSameId(before: unknown, after: AnyObject): void {
  if (before !== after._id && !isEqual(before, after._id)) {
    throw new Error("Performing an update on the path '_id' would modify the immutable field '_id'");
  }
}

/** Whether `fields` sets every field of `seed` to the same (scalar) value. */
function holdsSeed(fields: AnyObject, seed: AnyObject): boolean {
  for (const field in seed) if (fields[field] !== seed[field]) return false;
  return true;
}

/**
 * An upsert's new document when its update only sets top-level fields (`$set`, `$setOnInsert`, the
 * insert-only part winning, as applyUpdate merges them): set on the seed, which is a copy already
 * (every bid and standing of a catch-up is created so). One set of fields that holds the seed's own
 * (a whole document, `_id` included: a bid, a standing) is copied in one step instead, an object of
 * its shape (fields inline, not added one by one after the `_id`: a million such documents of a
 * catch-up took a third more memory so, for the young generation to copy). Null for other shapes.
 */
export function setOnSeed(seed: AnyObject, update: Update): AnyObject | null {
  if (Array.isArray(update)) return null;
  let sets = 0;
  let only: AnyObject = {};
  for (const op in update) {
    const fields = update[op];
    if ((op !== '$set' && op !== '$setOnInsert') || !isPlainObject(fields)) return null;
    for (const field in fields) if (!isFieldName(field)) return null;
    sets += 1;
    only = fields;
  }
  if (sets === 1 && holdsSeed(only, seed)) {
    const doc: AnyObject = { ...only };
    for (const field in doc) {
      const value = doc[field];
      if (value !== null && typeof value === 'object') doc[field] = cloneDeep(value);
    }
    return doc;
  }
  for (const op of ['$set', '$setOnInsert'] as const) {
    const fields = update[op] as AnyObject | undefined;
    for (const field in fields) {
      const value = fields[field];
      if (field !== '_id') seed[field] = cloneDeep(value);
      else if (seed._id === undefined) seed._id = cloneDeep(value);
      else assertSameId(seed._id, { _id: value });
    }
  }
  return seed;
}
