import {
  chmodSync,
  closeSync,
  existsSync,
  fchmodSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * DATA_DIR holds the log, the secrets (password hashes, reset codes), the outbox (reset links), the
 * keys and the read store: it is the server's OS user's alone (issue 30 item 5). The folder and
 * every folder in it are 0700, every file 0600, whatever the umask: files are created with that mode
 * and set to it (a umask can only take bits away, never add them), and a start tightens what an
 * older version left open.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A folder made (with its parents) and set 0700. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * A file created empty when missing, and set 0600, before SQLite or anyone else opens it (SQLite
 * gives a database's -wal and -shm the mode of the database file). Its folder is made 0700 when
 * missing.
 */
export function privateFile(file: string): void {
  const dir = dirname(file);
  if (!existsSync(dir)) privateDir(dir);
  if (existsSync(file)) {
    tighten(file, PRIVATE_FILE_MODE);
    return;
  }
  const fd = openSync(file, 'wx', PRIVATE_FILE_MODE);
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE);
  } finally {
    closeSync(fd);
  }
}

/**
 * An existing file set to `mode` when it is more open; one that is not this user's to change (an
 * auditor's read-only copy of a log) is left as it is.
 */
function tighten(path: string, mode: number): void {
  if ((statSync(path).mode & 0o777) === mode) return;
  try {
    chmodSync(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/** A SQLite database's file and its -wal and -shm, created or tightened to 0600. */
export function privateSqliteFile(file: string): void {
  if (file === ':memory:') return;
  privateFile(file);
  for (const side of [`${file}-wal`, `${file}-shm`, `${file}-journal`])
    if (existsSync(side)) tighten(side, PRIVATE_FILE_MODE);
}

/**
 * DATA_DIR made private: created 0700 when missing; else the folder, the folders in it (0700) and
 * the files in it (0600) that were more open are tightened. Answers the paths it tightened (relative
 * to the folder), so the caller logs them once.
 */
export function secureDataDir(dir: string): string[] {
  const tightened: string[] = [];
  if (!existsSync(dir)) {
    privateDir(dir);
    return tightened;
  }
  const fix = (path: string, name: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== wanted) {
      chmodSync(path, wanted);
      tightened.push(name);
    }
    if (stat.isDirectory())
      for (const entry of readdirSync(path))
        fix(join(path, entry), name === '.' ? entry : `${name}/${entry}`);
  };
  fix(dir, '.');
  return tightened;
}
