import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { type Position, START } from '@wine/event-schemas';
import type { EmbeddedContents, EmbeddedDocumentStore, EventStore } from '@wine/platform';

/**
 * The embedded read store saved to disk (issue 12, "Support": a restart does not replay the whole
 * log). The file holds every collection at one instant, checkpoints included, so a start loads it and
 * the projection runner catches up from those checkpoints. It is used only when it was written by the
 * same read-side code (a hash of its sources: any change to a projector replays the log from the start,
 * as before) and for the same log (its first event, and a head no older than the snapshot).
 */
export const READ_SNAPSHOT_FILE = 'read-store.snapshot';
const FORMAT = 1;

interface SnapshotFile {
  format: number;
  code: string;
  firstEvent: string;
  head: Position;
  contents: EmbeddedContents;
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
      let saved: SnapshotFile;
      try {
        saved = deserialize(readFileSync(file)) as SnapshotFile;
      } catch {
        return null;
      }
      const fits =
        saved.format === FORMAT &&
        saved.code === code &&
        saved.firstEvent === (await firstEventOf(eventStore)) &&
        (await eventStore.headPosition()) >= saved.head;
      if (!fits) rmSync(file, { force: true });
      return fits ? saved.contents : null;
    },
    async save(docs) {
      const firstEvent = await firstEventOf(eventStore);
      // Taken in one synchronous step; the store never changes a document it holds (a write puts a
      // new version in its place), so what the dump refers to stays as it was while the head is read.
      const contents = docs.dump();
      if (!contents) return false;
      // Read after the dump: every checkpoint in it is at or before this head.
      const head = await eventStore.headPosition();
      const bytes = serialize({ format: FORMAT, code, firstEvent, head, contents } satisfies SnapshotFile);
      writeFileSync(`${file}.tmp`, bytes);
      renameSync(`${file}.tmp`, file);
      return true;
    },
  };
}

/**
 * Saves every `READ_SNAPSHOT_SECONDS` when the log moved since the last save, and once more at `stop`
 * (after the projection runner stopped, so the last batches are in it). A save blocks the event loop
 * while it serialises (about a second per few hundred thousand documents), hence minutes between saves.
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
