import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Position, START } from '@wine/event-schemas';
import type { Doc, EmbeddedContents, EmbeddedDocumentStore, EventStore } from '@wine/platform';
import { Packr, Unpackr } from 'msgpackr';

/**
 * The embedded read store saved to disk (issue 12, "Support": a restart does not replay the whole
 * log). The file holds every collection at one instant, checkpoints included, so a start loads it and
 * the projection runner catches up from those checkpoints. It is used only when it was written by the
 * same read-side code (a hash of its sources: any change to a projector replays the log from the start,
 * as before) and for the same log (its first event, and a head no older than the snapshot).
 */
export const READ_SNAPSHOT_FILE = 'read-store.snapshot';
const FORMAT = 2;

export interface SnapshotHeader {
  format: number;
  code: string;
  firstEvent: string;
  head: Position;
}

export interface SnapshotFile extends SnapshotHeader {
  contents: EmbeddedContents;
}

/**
 * The file: a sequence of MessagePack values (msgpackr with record structures: a document shape is
 * written once per chunk, and the documents decode twice as fast as v8's deserialiser reads them) —
 * the header, then per collection its name and count followed by its documents in chunks, then an end
 * mark. Each value stands on its own (no structures shared between them).
 */
const codec = { useRecords: true, structuredClone: false, moreTypes: false } as const;
const CHUNK = 2_000;
type Part = SnapshotHeader | { collection: string; documents: number } | Doc[] | { end: true };

/**
 * Writes a snapshot file (to a temporary file renamed over it: a reader sees the old file or the whole
 * new one). One chunk of documents per write, so a server saving its read store keeps answering
 * between chunks; the documents must not change meanwhile (the embedded store never changes a
 * document it holds: a write puts a new version in its place).
 */
export async function writeSnapshotFile(file: string, saved: SnapshotFile): Promise<void> {
  const packr = new Packr(codec);
  // 0600 as every file in DATA_DIR (the read store holds what the read models hold).
  const handle = await open(`${file}.tmp`, 'w', 0o600);
  try {
    await handle.chmod(0o600);
    // A packed value may live in the packer's buffer: each is written before the next is packed.
    const put = (part: Part) => handle.write(packr.pack(part));
    const { contents, ...header } = saved;
    await put(header);
    for (const [collection, docs] of contents) {
      await put({ collection, documents: docs.length });
      for (let i = 0; i < docs.length; i += CHUNK) await put(docs.slice(i, i + CHUNK));
    }
    await put({ end: true });
  } finally {
    await handle.close();
  }
  await rename(`${file}.tmp`, file);
}

/**
 * Reads a snapshot file; null when it is not one of this format, or is cut short. `fits` sees the
 * header first: when it answers false, no document is decoded.
 */
export function readSnapshotFile(file: string, fits: (header: SnapshotHeader) => boolean = () => true) {
  let header: SnapshotHeader | null = null;
  const contents: EmbeddedContents = [];
  let docs: Doc[] | null = null;
  let left = 0;
  let ended = false;
  try {
    new Unpackr(codec).unpackMultiple(readFileSync(file), (part: Part) => {
      if (!header) {
        header = part as SnapshotHeader;
        return header.format === FORMAT && fits(header);
      }
      if (Array.isArray(part)) {
        if (!docs || part.length > left) throw new Error('documents outside a collection');
        for (const doc of part) docs.push(doc);
        left -= part.length;
      } else if ('collection' in part) {
        if (left !== 0) throw new Error('a collection cut short');
        docs = [];
        left = part.documents;
        contents.push([part.collection, docs]);
      } else if ('end' in part) ended = left === 0;
      return true;
    });
  } catch {
    return null;
  }
  const found = header as SnapshotHeader | null;
  return found && ended ? { ...found, contents } : null;
}

/** The workspaces whose code decides what the read models hold. */
const readSideSources = [
  'projection-service/src',
  'contracts/src',
  'event-schemas/src',
  'platform/src/document-store',
];

/** A hash of the read side's source files (specs left out): the read models' "version". */
export function readSideCode(root = join(import.meta.dirname, '../..')): string {
  const hash = createHash('sha256');
  for (const folder of readSideSources) {
    const files = readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file))
      .sort();
    for (const file of files)
      hash.update(`${folder}/${file}\0`).update(readFileSync(join(root, folder, file)));
  }
  return hash.digest('hex');
}

/** What identifies a log: its first event (id and time). */
async function firstEventOf(eventStore: EventStore): Promise<string> {
  const [first] = await eventStore.readAll({ after: START, maxCount: 1, raw: true });
  return first ? `${first.id}@${first.metadata.occurredAt}` : '';
}

export interface ReadSnapshots {
  /** The saved contents when they fit this code and this log; null otherwise (replay from the start). */
  load(): Promise<EmbeddedContents | null>;
  /** Writes the store's contents (atomically: a temporary file renamed); false when a transaction is open. */
  save(docs: EmbeddedDocumentStore): Promise<boolean>;
}

export function readSnapshots(dataDir: string, eventStore: EventStore, code = readSideCode()): ReadSnapshots {
  const file = join(dataDir, READ_SNAPSHOT_FILE);
  return {
    async load() {
      if (!existsSync(file)) return null;
      const firstEvent = await firstEventOf(eventStore);
      const head = await eventStore.headPosition();
      const saved = readSnapshotFile(
        file,
        (header) => header.code === code && header.firstEvent === firstEvent && head >= header.head,
      );
      if (!saved) rmSync(file, { force: true });
      return saved?.contents ?? null;
    },
    async save(docs) {
      const firstEvent = await firstEventOf(eventStore);
      // Taken in one synchronous step; the store never changes a document it holds (a write puts a
      // new version in its place), so what the dump refers to stays as it was while the head is read.
      const contents = docs.dump();
      if (!contents) return false;
      // Read after the dump: every checkpoint in it is at or before this head.
      const head = await eventStore.headPosition();
      await writeSnapshotFile(file, { format: FORMAT, code, firstEvent, head, contents });
      return true;
    },
  };
}

/**
 * Saves every `READ_SNAPSHOT_SECONDS` when the log moved since the last save, and once more at `stop`
 * (after the projection runner stopped, so the last batches are in it). A save writes a chunk of
 * documents per turn of the event loop, so requests are answered while it runs.
 */
export function snapshotTimer(
  snapshots: ReadSnapshots,
  docs: EmbeddedDocumentStore,
  eventStore: EventStore,
  config: { READ_SNAPSHOT_SECONDS: number },
) {
  let savedAt: Position | null = null;
  let saving: Promise<unknown> = Promise.resolve();
  const saveIfMoved = () => {
    saving = saving.then(async () => {
      const head = await eventStore.headPosition();
      if (head !== savedAt && (await snapshots.save(docs))) savedAt = head;
    });
    return saving;
  };
  const timer =
    config.READ_SNAPSHOT_SECONDS > 0
      ? setInterval(() => void saveIfMoved().catch(() => {}), config.READ_SNAPSHOT_SECONDS * 1000)
      : null;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await saveIfMoved();
    },
  };
}

/**
 * The indexes of a loaded read store are built after the server listens, not before (issue 12: serving
 * again within seconds of a restart): each collection's indexes wait (`deferIndexes`) and are built
 * one collection per turn of the event loop, the smallest first; a query meanwhile builds the index
 * it needs at once. `stop` leaves the rest unbuilt (the store is being let go).
 */
export function deferLoadedIndexes(docs: EmbeddedDocumentStore, contents: EmbeddedContents) {
  const builds = [...contents]
    .sort((a, b) => a[1].length - b[1].length)
    .map(([name]) => docs.deferIndexes([name]));
  let stopped = false;
  return {
    async build(): Promise<void> {
      for (const build of builds) {
        await nextTurn();
        if (stopped) return;
        build();
      }
    },
    stop() {
      stopped = true;
    },
  };
}
