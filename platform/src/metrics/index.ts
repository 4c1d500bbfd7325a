export * from './health.ts';
export * from './metrics.ts';
