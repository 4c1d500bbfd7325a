import type { AnyObject } from './fast-filter.ts';

/**
 * A collection's documents, each under its key and a number: an index entry's value is its
 * document's number, so a walk testing entries against a set of matches (a `DocSet`) reads numbers
 * packed in the tree's leaves and bits in one small array instead of following a pointer to each key
 * string (at 100,000 lots, a cache miss or two per entry was most of a walk's cost), and the document
 * of an entry is one array read. One map (key to number) serves both the documents and the numbers:
 * a catch-up writing a million documents looks each key up once. A number is never reused for
 * another key; a key deleted keeps its number, and gets it back if its document comes back.
 * Iterates in number order (the order the keys first came in).
 */
export class DocTable<D extends AnyObject = AnyObject> {
  private readonly byKey = new Map<string, number>();
  /** The document key of each number. */
  readonly keys: string[] = [];
  /** The document of each number (undefined: none under that key now). */
  private readonly docs: (D | undefined)[] = [];
  /** The key looked up last and its number: a write follows the read of its document. */
  private lastKey: string | null = null;
  private lastNumber = -1;
  /** Documents in the table. */
  size = 0;

  /** The key's number, or -1 (a write looks up the key its read just did: the last answer is kept). */
  private find(key: string): number {
    if (key === this.lastKey) return this.lastNumber;
    const n = this.byKey.get(key) ?? -1;
    this.lastKey = key;
    this.lastNumber = n;
    return n;
  }

  /** The key's number, given it if it has none. */
  of(key: string): number {
    let n = this.find(key);
    if (n < 0) {
      n = this.keys.length;
      this.keys.push(key);
      this.docs.push(undefined);
      this.byKey.set(key, n);
      this.lastNumber = n;
    }
    return n;
  }

  get(key: string): D | undefined {
    const n = this.find(key);
    return n < 0 ? undefined : this.docs[n];
  }

  /** The document numbered `n`. */
  at(n: number): D | undefined {
    return this.docs[n];
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, doc: D): void {
    const n = this.of(key);
    if (this.docs[n] === undefined) this.size += 1;
    this.docs[n] = doc;
  }

  delete(key: string): boolean {
    const n = this.find(key);
    if (n < 0 || this.docs[n] === undefined) return false;
    this.docs[n] = undefined;
    this.size -= 1;
    return true;
  }

  *values(): IterableIterator<D> {
    for (let n = 0; n < this.docs.length; n++) {
      const doc = this.docs[n];
      if (doc !== undefined) yield doc;
    }
  }

  *[Symbol.iterator](): IterableIterator<[string, D]> {
    for (let n = 0; n < this.docs.length; n++) {
      const doc = this.docs[n];
      if (doc !== undefined) yield [this.keys[n] as string, doc];
    }
  }
}

/** A set of document numbers, one bit each. */
export class DocSet {
  private words = new Uint32Array(64);
  size = 0;

  has(n: number): boolean {
    const w = n >>> 5;
    return w < this.words.length && ((this.words[w] as number) & (1 << (n & 31))) !== 0;
  }

  add(n: number): void {
    const w = n >>> 5;
    if (w >= this.words.length) {
      const grown = new Uint32Array(Math.max(w + 1, this.words.length * 2));
      grown.set(this.words);
      this.words = grown;
    }
    const bit = 1 << (n & 31);
    const word = this.words[w] as number;
    if ((word & bit) === 0) {
      this.words[w] = word | bit;
      this.size += 1;
    }
  }

  delete(n: number): boolean {
    const w = n >>> 5;
    if (w >= this.words.length) return false;
    const bit = 1 << (n & 31);
    const word = this.words[w] as number;
    if ((word & bit) === 0) return false;
    this.words[w] = word & ~bit;
    this.size -= 1;
    return true;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.words.byteLength;
  }

  forEach(each: (n: number) => void): void {
    const { words } = this;
    for (let w = 0; w < words.length; w++) {
      let word = words[w] as number;
      while (word !== 0) {
        const low = word & -word;
        each(w * 32 + 31 - Math.clz32(low));
        word ^= low;
      }
    }
  }
}
