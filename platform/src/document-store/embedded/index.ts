/** The embedded document store's public face; everything else in this folder is its inside (README.md). */
export { defaultIndexName } from './helpers.ts';
export { createEmbeddedDocumentStore, type EmbeddedContents, type EmbeddedDocumentStore } from './store.ts';
