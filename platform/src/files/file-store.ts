import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir.ts';

/**
 * Where uploaded files live (ARCHITECTURE.md: `./data/uploads/` in the embedded default; a volume the
 * gateway serves in compose): one folder per kind, a flat name per file. The names are the caller's
 * to make safe; the store refuses anything but a plain name.
 */
export interface FileStore {
  /** Writes a file whole (a reader never sees half of it); the same name again replaces it. */
  put(folder: string, name: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(folder: string, name: string): Promise<Buffer | null>;
}

const PLAIN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

function pathOf(root: string, folder: string, name: string): string {
  if (!PLAIN.test(folder) || !PLAIN.test(name) || name.includes('..')) {
    throw new Error(`not a plain file name: ${folder}/${name}`);
  }
  return join(root, folder, name);
}

/** Files under `root` (DATA_DIR/uploads): written to a temporary name, then renamed into place. */
export function directoryFileStore(root: string): FileStore {
  return {
    async put(folder, name, data) {
      const file = pathOf(root, folder, name);
      await mkdir(join(root, folder), { recursive: true, mode: PRIVATE_DIR_MODE });
      const temporary = `${file}.${randomUUID()}.tmp`;
      await writeFile(temporary, data, { mode: PRIVATE_FILE_MODE });
      await rename(temporary, file);
    },
    async get(folder, name) {
      try {
        return await readFile(pathOf(root, folder, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
