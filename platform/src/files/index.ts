export * from './file-store.ts';
