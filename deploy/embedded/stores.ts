import { join } from 'node:path';
import {
  type Config,
  createEmbeddedDocumentStore,
  type Logger,
  openBus,
  openDocumentStore,
  openEventStore,
  openMailer,
  openSecretStore,
  privateDir,
  secureDataDir,
} from '@wine/platform';
import { deferLoadedIndexes, readSnapshots } from './read-snapshot.ts';

/**
 * The embedded server's stores: the SQLite log and secrets under DATA_DIR (tightened to its OS user),
 * the read store in memory from its snapshot when it fits (or MongoDB), the bus and the mailer.
 */
export async function openStores(
  config: Config,
  logger: Logger,
  printMail: ((text: string) => void) | undefined,
) {
  // DATA_DIR is this server's OS user's alone (0700, files 0600): what an older start left open is
  // tightened, once, with a log line (issue 30).
  const tightened = secureDataDir(config.dataDir);
  if (tightened.length > 0)
    logger.warn({ dataDir: config.dataDir, tightened }, 'DATA_DIR: tightened to 0700 folders and 0600 files');
  for (const folder of ['uploads/product', 'uploads/templates', 'uploads/banner', 'uploads/files'])
    privateDir(join(config.dataDir, folder));

  const eventStore = openEventStore(config);
  // The embedded read store starts from its snapshot in DATA_DIR, when it fits (read-snapshot.ts).
  const snapshots = config.MONGO_URL ? null : readSnapshots(config.dataDir, eventStore);
  const loaded = snapshots ? await snapshots.load() : null;
  const embeddedDocs = snapshots ? createEmbeddedDocumentStore({ restore: loaded ?? [] }) : null;
  const loadedIndexes = embeddedDocs && loaded ? deferLoadedIndexes(embeddedDocs, loaded) : null;
  const docs = embeddedDocs ?? (await openDocumentStore(config));
  const bus = await openBus(config);
  const secrets = await openSecretStore(config);
  const mailer = await openMailer(
    config,
    printMail ? { echo: (m) => printMail(`\n--- mail to ${m.to}: ${m.subject}\n${m.text}\n---\n`) } : {},
  );
  return { eventStore, snapshots, embeddedDocs, loadedIndexes, docs, bus, secrets, mailer };
}
