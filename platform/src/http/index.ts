export * from './action-route.ts';
export * from './app.ts';
export * from './audience.ts';
export * from './command-ids.ts';
export * from './errors.ts';
export * from './language.ts';
export * from './security-headers.ts';
export * from './staff-rate-limit.ts';
