export * from './action-route.ts';
export * from './app.ts';
export * from './errors.ts';
