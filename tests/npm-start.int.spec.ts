import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { READ_SNAPSHOT_FILE, readSnapshotFile } from '@wine/deploy/embedded';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * issue 30: `npm start` as a person or a service manager runs it, in a process group of its own
 * (a terminal's foreground job; a unit's control group), signalled as a whole: npm, tsx and the
 * product all receive the signal, and npm and tsx relay it to their child again.
 */
const root = join(import.meta.dirname, '..');
interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  printed: (pattern: RegExp) => Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

let dataDir = '';
const children: ChildProcess[] = [];
afterEach(async () => {
  // A test that failed half-way leaves no server behind.
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null)
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {}
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = '';
});

async function npmStart(env: Record<string, string> = {}): Promise<Started> {
  dataDir = await mkdtemp(join(tmpdir(), 'wine-npm-start-'));
  const child = spawn('npm', ['start', '--', '--api-only'], {
    cwd: root,
    // Its own process group, as a terminal's job: a kill of -pid reaches npm, tsx and the product.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ECHO_MAIL: '',
      ...env,
    },
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close': npm has exited and every process that held its output (the product too) has let go.
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  /** Resolves the moment `pattern` is printed (not on a later poll), with its first group. */
  const printed = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${pattern} not printed:\n${output}`)), 60_000);
      const look = () => {
        const match = output.match(pattern);
        if (!match) return;
        clearTimeout(timer);
        child.stdout?.off('data', look);
        resolve(match[1] ?? match[0]);
      };
      child.stdout?.on('data', look);
      child.once('exit', () => {
        clearTimeout(timer);
        reject(new Error(`npm start exited before printing ${pattern}:\n${output}`));
      });
      look();
    });
  // Signalled the moment the address is printed: the stop handlers must be there before it is.
  const url = await printed(/Fine-wine marketplace: (http:\/\/localhost:\d+)/);
  return { child, url, output: () => output, printed, exited };
}

const logLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string });

async function register(url: string, email: string) {
  const response = await fetch(`${url}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Echo',
      last_name: 'Test',
      email,
      password: 'cellar-door-1982',
      confirm_password: 'cellar-door-1982',
      terms: true,
    }),
  });
  expect(response.status).toBe(200);
}

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops once on a %s to its whole process group, saves its read store, and exits cleanly',
    async (signal) => {
      const started = await npmStart();
      process.kill(-(started.child.pid as number), signal);
      const { code, signal: killedBy } = await started.exited;

      expect({ code, killedBy }).toEqual({ code: 0, killedBy: null });
      const messages = logLines(started.output()).map((line) => line.msg);
      expect(messages.filter((msg) => msg === 'stopping')).toHaveLength(1);
      expect(messages).toContain('stopped');
      expect(started.output()).not.toMatch(/second SIG|exiting without finishing/);
      const saved = readSnapshotFile(join(dataDir, READ_SNAPSHOT_FILE));
      expect(saved).not.toBeNull();
      expect(existsSync(join(dataDir, `${READ_SNAPSHOT_FILE}.tmp`))).toBe(false);
    },
    120_000,
  );

  it('prints no mailed code or first password into captured output; ECHO_MAIL=1 prints the mail', async () => {
    const quiet = await npmStart({ SEED_DEMO: 'true' });
    // The demo admin's password goes to a file only the server's user reads, not to the output.
    const adminFile = join(dataDir, 'first-admin.txt');
    await quiet.printed(/ECHO_MAIL=1/);
    await quiet.printed(/Grant roles/);
    expect(quiet.output()).toContain(`Demo admin: admin@example.com, its password is in ${adminFile}`);
    const [, password] = readFileSync(adminFile, 'utf8').trim().split(' / ');
    expect(password?.length).toBeGreaterThan(8);
    expect(quiet.output()).not.toContain(password);
    expect(statSync(adminFile).mode & 0o777).toBe(0o600);
    await register(quiet.url, 'quiet@example.com');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(quiet.output()).not.toMatch(/code is \d{6}/);
    expect(quiet.output()).toContain('ECHO_MAIL=1');
    process.kill(-(quiet.child.pid as number), 'SIGTERM');
    expect((await quiet.exited).code).toBe(0);
    await rm(dataDir, { recursive: true, force: true });

    const echoing = await npmStart({ ECHO_MAIL: '1' });
    await register(echoing.url, 'echo@example.com');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(echoing.output()).toMatch(/mail to echo@example\.com[\s\S]*code is \d{6}/);
    process.kill(-(echoing.child.pid as number), 'SIGTERM');
    expect((await echoing.exited).code).toBe(0);
  }, 180_000);
});
