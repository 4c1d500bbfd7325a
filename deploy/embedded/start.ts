import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, loadConfig, mailEcho } from '@wine/platform';
import { repoRoot, startEmbedded, uiDist } from './app.ts';
import { stopOnce } from './stop.ts';

/** Where a first start whose output is not a terminal leaves the demo admin's sign-in. */
const FIRST_ADMIN_FILE = 'first-admin.txt';

/** The newest modification time under a folder, to tell whether the built UI is older than its sources. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

// Every file the server makes is its OS user's alone (DATA_DIR is also set 0700/0600 at start).
process.umask(0o077);
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
/** `npm start -- --api-only`: the API without the UI (no build; tests start it this way). */
const apiOnly = process.argv.includes('--api-only');
const built = join(uiDist, 'index.html');
const serverBuild = join(repoRoot, 'ui/dist-server/entry-server.js');
if (
  !apiOnly &&
  (!existsSync(built) ||
    !existsSync(serverBuild) ||
    statSync(built).mtimeMs < newest(join(repoRoot, 'ui/src')))
) {
  logger.info('building the UI');
  const result = spawnSync('npm', ['run', 'build', '-w', 'ui'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Without SMTP_URL every outgoing message is kept in DATA_DIR's outbox; it is also printed here (a
// console mail backend) only to a person at a terminal, or with ECHO_MAIL=1: codes and reset links
// never land in a log file or a service manager's journal that captures this output (issue 30).
const echoMail = !config.SMTP_URL && mailEcho(config.ECHO_MAIL, process.stdout.isTTY === true);
const embedded = await startEmbedded({
  config,
  logger,
  ...(apiOnly && { uiDir: null }),
  ...(echoMail && { printMail: (text: string) => process.stdout.write(text) }),
});
// A stop saves the read store (read-snapshot.ts): seconds for a million documents. Once, however many
// times the signal arrives (stop.ts). Installed before the address is announced: whoever reads it and
// signals at once must find the handlers there, or the default action kills the process unsaved.
stopOnce(() => embedded.close(), { logger, graceMs: 30_000 });
console.log(`\n  Fine-wine marketplace: ${embedded.url}  (data in ${config.dataDir})\n`);
if (!config.SMTP_URL && !echoMail)
  console.log('  Mail is kept in the outbox (not printed here): set ECHO_MAIL=1 to print it.\n');
if (embedded.firstAdmin) {
  const { email, password } = embedded.firstAdmin;
  // Told once, on the first start only: the password is kept nowhere but as a hash. Printed to a
  // person at a terminal; output that something captures gets a file only the server's user reads.
  if (echoMail || process.stdout.isTTY === true)
    console.log(`  Demo admin (shown once): ${email} / ${password}`);
  else {
    const file = join(config.dataDir, FIRST_ADMIN_FILE);
    writeFileSync(file, `${email} / ${password}\n`, { mode: 0o600 });
    console.log(
      `  Demo admin: ${email}, its password is in ${file} (readable by this user only; delete it once read)`,
    );
  }
  console.log('  Grant roles to other accounts with: npm run admin -- grant <email> <role>\n');
}
