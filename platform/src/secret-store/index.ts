import { join } from 'node:path';
import { openMongoSecretStore } from './mongo.ts';
import type { SecretStore, SecretStoreOptions } from './port.ts';
import { openSqliteSecretStore } from './sqlite.ts';

export { openMongoSecretStore } from './mongo.ts';
export type { SecretStore, SecretStoreOptions } from './port.ts';
export { openSqliteSecretStore } from './sqlite.ts';

/**
 * No MONGO_URL: the embedded SQLite file at DATA_DIR/secrets.sqlite, beside (never inside) the
 * event log, so deleting ./data resets secrets with the demo (ARCHITECTURE.md).
 */
export async function openSecretStore(
  config: { MONGO_URL?: string | undefined; MONGO_DB: string; dataDir: string },
  options: SecretStoreOptions = {},
): Promise<SecretStore> {
  if (config.MONGO_URL) return openMongoSecretStore(config.MONGO_URL, config.MONGO_DB, options);
  return openSqliteSecretStore(join(config.dataDir, 'secrets.sqlite'), options);
}
