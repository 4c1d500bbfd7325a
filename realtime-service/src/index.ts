export { ReplayBuffer } from './replay-buffer.ts';
export { createRealtimeServer, type RealtimeServer } from './server.ts';
