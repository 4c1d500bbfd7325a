export { type RealtimeDeps, type RealtimeServer, realtimeLimits } from './realtime-model.ts';
export { createRealtimeServer } from './server.ts';
