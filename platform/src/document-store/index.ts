import { createEmbeddedDocumentStore } from './embedded/index.ts';
import { openMongoDocumentStore } from './mongo.ts';
import type { DocumentStore } from './port.ts';

export { findByIds, findIn, IDS_PER_QUERY } from './by-ids.ts';
export {
  createEmbeddedDocumentStore,
  defaultIndexName,
  type EmbeddedContents,
  type EmbeddedDocumentStore,
} from './embedded/index.ts';
export { openMongoDocumentStore } from './mongo.ts';
export * from './port.ts';

/** No MONGO_URL: the embedded in-memory store (ARCHITECTURE.md, "Rules that keep it simple"). */
export async function openDocumentStore(config: {
  MONGO_URL?: string;
  MONGO_DB: string;
}): Promise<DocumentStore> {
  if (config.MONGO_URL) return openMongoDocumentStore(config.MONGO_URL, config.MONGO_DB);
  return createEmbeddedDocumentStore();
}
