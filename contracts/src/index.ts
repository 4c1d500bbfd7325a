export * from './actions.ts';
export * from './envelope.ts';
export * from './lot-document.ts';
export * from './lots.ts';
export * from './realtime.ts';
export * from './search-filter.ts';
export * from './users.ts';
