import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** issue 30: on its own, the command-service refuses to start without SESSION_SECRET, as the other two. */
describe('the command-service on its own', () => {
  it('refuses to start without SESSION_SECRET and invents no key', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'wine-command-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
        env: { ...process.env, SESSION_SECRET: '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      // A service that started instead would listen until this kills it.
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      clearTimeout(timer);

      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(output).toContain('SESSION_SECRET is required when the command-service runs on its own');
      expect(existsSync(join(dataDir, 'session.key'))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
