import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, loadConfig } from '@wine/platform';
import closeWithGrace from 'close-with-grace';
import { repoRoot, startEmbedded, uiDist } from './app.ts';

/** The newest modification time under a folder, to tell whether the built UI is older than its sources. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const built = join(uiDist, 'index.html');
const serverBuild = join(repoRoot, 'ui/dist-server/entry-server.js');
if (
  !existsSync(built) ||
  !existsSync(serverBuild) ||
  statSync(built).mtimeMs < newest(join(repoRoot, 'ui/src'))
) {
  logger.info('building the UI');
  const result = spawnSync('npm', ['run', 'build', '-w', 'ui'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Without SMTP_URL every outgoing message is also printed here (a console mail backend), not logged.
const embedded = await startEmbedded({
  config,
  logger,
  ...(!config.SMTP_URL && { printMail: (text: string) => process.stdout.write(text) }),
});
console.log(`\n  Fine-wine marketplace: ${embedded.url}  (data in ${config.dataDir})\n`);
if (embedded.firstAdmin) {
  // Told once, on the first start only: the password is kept nowhere but as a hash.
  console.log(
    `  Demo admin (shown once): ${embedded.firstAdmin.email} / ${embedded.firstAdmin.password}\n` +
      '  Grant roles to other accounts with: npm run admin -- grant <email> <role>\n',
  );
}

// A stop saves the read store (read-snapshot.ts): seconds for a million documents.
closeWithGrace({ delay: 30_000 }, async ({ err }) => {
  if (err) logger.error({ err }, 'shutting down after an error');
  await embedded.close();
});
