export * from './bus/index.ts';
export * from './clock.ts';
export * from './config.ts';
export * from './document-store/index.ts';
export * from './event-store/index.ts';
export * from './http/index.ts';
export * from './logging.ts';
