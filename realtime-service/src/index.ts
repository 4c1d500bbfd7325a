export {
  type RealtimeDeps,
  type RealtimeServer,
  type RealtimeStats,
  realtimeLimits,
} from './realtime-model.ts';
export { createRealtimeServer } from './server.ts';
