export * from './action-route.ts';
export * from './errors.ts';
export * from './app.ts';
