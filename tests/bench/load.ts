/**
 * autocannon in a worker thread (load-worker.mjs): the load generator has a core of its own and the
 * server's event loop serves only the server. Used by the bids and the search benches.
 */
import { Worker } from 'node:worker_threads';

export interface LoadResult {
  statuses: Record<string, number>;
  errors: number;
  /** Response times in ms, in completion order. */
  latencies: number[];
  elapsedMs: number;
  sent: number;
  samples: Record<string, string[]>;
  /** CPU ms of the main thread (the server's event loop) per answer, first counted to last (Linux). */
  mainCpuMsPerAnswer?: number;
}

export type Plan =
  | { kind: 'get'; path: string }
  /** GETs of these paths in turn (the k-th request asks for paths[k % paths.length]). */
  | { kind: 'gets'; paths: string[] }
  /** POSTs of these JSON bodies in turn (the k-th request sends bodies[k % bodies.length]). */
  | { kind: 'posts'; path: string; bodies: string[] }
  | {
      kind: 'bids';
      bids: number;
      shape: 'spread' | 'hot';
      lots: string[];
      tokens: string[];
      ladder: number[];
      step: number;
      /** The live room's internet bids (POST /api/live/bid at each ask of the ladder). */
      live?: boolean;
    };

export function load(options: {
  url: string;
  connections: number;
  pipelining?: number;
  duration?: number;
  plan: Plan;
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: options });
    worker.once('message', (message: LoadResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(message.error));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}

/** The answers of a run with a 2xx status. */
export const answeredOk = (r: LoadResult) =>
  Object.entries(r.statuses).reduce((n, [status, c]) => (/^2/.test(status) ? n + c : n), 0);
