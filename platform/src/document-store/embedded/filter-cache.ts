/**
 * The documents that recent filters match (a bit per document number), kept per collection and
 * brought up to date from the keys written since (Elasticsearch's filter cache, which keeps a
 * matching bit set per filter clause and segment). The planner (planner.ts) asks for it when
 * no index answers a filter by itself: a count is then the set's size, and a page a walk of the
 * sort's index that tests each entry's document number against the set (or, for a small set, a sort
 * of its documents) instead of reading and checking every document the walk passes.
 *
 * Every write of the collection passes its document's key to `changed`. A set remembers the change
 * it is up to date with; when asked again it re-tests the documents written since (a bid changes
 * one lot: one test), or is built again when more was written than is worth re-testing or than the
 * log keeps. While no set is kept, a write costs one increment.
 */

import type { DocSet, DocTable } from './doc-table.ts';
import type { AnyObject } from './fast-filter.ts';

/** The most keys the log of writes keeps; past that, every set is built again when next asked. */
const MAX_LOG = 50_000;
/** The most filters kept (least recently used first out). */
const MAX_SETS = 512;
/** Bytes kept in all sets together. */
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  matches: DocSet;
  /** The write it is up to date with. */
  at: number;
}

export class FilterCache {
  private readonly sets = new Map<string, Entry>();
  /** Keys written: `log[i]` is write number `logStart + 1 + i`. */
  private log: string[] = [];
  private logStart = 0;
  private writes = 0;
  private kept = 0;

  /** A document was inserted, changed or deleted. */
  changed(key: string): void {
    this.writes += 1;
    if (this.sets.size === 0) {
      this.logStart = this.writes;
      if (this.log.length > 0) this.log = [];
      return;
    }
    this.log.push(key);
    if (this.log.length > MAX_LOG) this.clear();
  }

  /** Forgets every set (the collection's documents were replaced other than through `changed`). */
  clear(): void {
    this.sets.clear();
    this.kept = 0;
    this.log = [];
    this.logStart = this.writes;
  }

  /**
   * The documents matching the filter named `name`: kept, or brought up to date by testing (`test`)
   * the documents written since, or built (`build`: null when it cannot be).
   */
  matching(
    name: string,
    docs: DocTable,
    test: ((doc: AnyObject) => boolean) | null,
    build: () => DocSet | null,
  ): DocSet | null {
    const entry = this.sets.get(name);
    if (entry) {
      this.sets.delete(name);
      const behind = this.writes - entry.at;
      if (behind === 0 || (entry.at >= this.logStart && behind <= MAX_LOG / 4)) {
        this.kept -= entry.matches.bytes;
        for (let i = entry.at - this.logStart; i < this.log.length; i++) {
          const key = this.log[i] as string;
          const n = docs.of(key);
          const doc = docs.at(n);
          if (doc && (!test || test(doc))) entry.matches.add(n);
          else entry.matches.delete(n);
        }
        entry.at = this.writes;
        this.keep(name, entry);
        return entry.matches;
      }
      this.kept -= entry.matches.bytes;
    }
    const matches = build();
    if (!matches) return null;
    this.keep(name, { matches, at: this.writes });
    return matches;
  }

  /** Keeps `entry` as the most recently used, and lets the least recently used go past the room. */
  private keep(name: string, entry: Entry): void {
    this.sets.set(name, entry);
    this.kept += entry.matches.bytes;
    for (const [oldest, old] of this.sets) {
      if (this.kept <= MAX_BYTES && this.sets.size <= MAX_SETS) break;
      this.sets.delete(oldest);
      this.kept -= old.matches.bytes;
    }
  }
}

/** Each long frozen list gets a number of its own: a filter holding it is named without spelling it. */
const listNumbers = new WeakMap<object, number>();
let lists = 0;

/**
 * A filter's name in a cache: its JSON, with a long frozen list (the search bar's matching ids,
 * memo'd by the search index) named by its identity instead of its contents, and the values JSON
 * does not tell apart (a date and its text, two regular expressions, undefined) named by kind.
 */
export function filterName(filter: AnyObject): string {
  return JSON.stringify(filter, function (this: AnyObject, key: string, value: unknown) {
    const raw = this[key];
    if (raw instanceof Date) return `\u0000date ${raw.getTime()}`;
    if (raw instanceof RegExp) return `\u0000regex ${String(raw)}`;
    if (raw === undefined) return '\u0000undefined';
    if (typeof raw === 'string') return raw.startsWith('\u0000') ? `\u0000${raw}` : raw;
    if (!Array.isArray(value) || value.length < 32 || !Object.isFrozen(value)) return value;
    let n = listNumbers.get(value);
    if (n === undefined) {
      lists += 1;
      n = lists;
      listNumbers.set(value, n);
    }
    return `\u0000list ${n}`;
  });
}
