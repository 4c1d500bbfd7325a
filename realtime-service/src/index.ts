export { ReplayBuffer } from './replay-buffer.ts';
export { createRealtimeServer, type RealtimeDeps, type RealtimeServer, realtimeLimits } from './server.ts';
