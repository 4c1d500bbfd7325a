/**
 * One autocannon run in a worker thread, so the load generator has a core of its own and the server's
 * event loop serves only the server (tests/bench/bidding.ts). Plain JavaScript: tsx does not load
 * TypeScript into worker threads.
 *
 * workerData: { url, connections, pipelining?, duration?, plan }, where plan is
 *   { kind: 'get', path }   the same GET for `duration` seconds,
 *   { kind: 'gets', paths }   GETs of these paths in turn for `duration` seconds,
 *   { kind: 'posts', path, bodies }   POSTs of these JSON bodies in turn for `duration` seconds, or
 *   { kind: 'bids', bids, shape, lots, tokens, ladder, step }   `bids` bids, then the run stops.
 *     Bid k (in the order they are sent) goes to lots[k % lots.length] ('spread') or lots[0] ('hot');
 *     its round r on that lot is k / lots.length (spread) or k (hot); it bids ladder[r * step] as
 *     bidder tokens[(r + lot index) % tokens.length]. With `live: true` it is the live room's internet
 *     bid (POST /api/live/bid, { lot_id, ask }: the ladder is the lot's asks).
 * Posts back { statuses, errors, latencies (ms, in completion order), elapsedMs (first counted request
 * sent to last counted answer), sent, samples (a few bodies of each non-2xx status), mainCpuMsPerAnswer (CPU
 * time the process's main thread, the server's event loop, used per answer between the first counted
 * answer and the last, read from /proc on Linux in 10 ms ticks: unlike the rate, it does not fall when
 * other processes share the cores) }.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, connections, pipelining = 1, duration = 600, plan } = workerData;

// TCP_NODELAY on the load generator's sockets, as wrk sets it: with Nagle's algorithm a request can
// wait for an acknowledgement, and arrive after requests sent later on other connections.
const connect = net.connect;
net.connect = (...args) => connect(...args).setNoDelay(true);

const bids = plan.kind === 'bids';
const statuses = {};
const latencies = [];
const samples = {};
let first = Number.POSITIVE_INFINITY;
let last = 0;
let counted = 0;
/** The main thread's CPU time in ms (Linux), or NaN where /proc cannot tell. */
function mainCpuMs() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
let cpuFirst = Number.NaN;
let cpuLast = Number.NaN;
/** Answers counted after the first one when cpuLast was read. */
let cpuCounted = 0;
/** Whether the answer autocannon reports next is a bid's (its body comes first, then the event). */
let countNext = !bids;

function onResponse(status, body) {
  // Around the bids go GET /api/health requests, answered {"status":"ok",...}; bids get the envelope.
  countNext = !bids || !body.startsWith('{"status":"ok"');
  if (!countNext || (status >= 200 && status < 300)) return;
  samples[status] ??= [];
  if (samples[status].length < 3) samples[status].push(body.slice(0, 200));
}

/**
 * autocannon builds each connection's first requests (as many as it pipelines) when it creates the
 * connection, before any is open, and sends them once connected, in whatever order the connections
 * open; every later request is built as it is sent. So each connection opens with GET /api/health
 * requests, and bid k is the k-th bid sent. Once every bid is sent, GETs fill the pipelines until
 * the last bid is answered.
 */
let constructing = true;
let built = 0;
const health = (request) => ({
  ...request,
  method: 'GET',
  path: '/api/health',
  headers: {},
  body: undefined,
});

function requestsFor() {
  if (plan.kind === 'get') return [{ method: 'GET', path: plan.path, onResponse }];
  if (plan.kind === 'gets') {
    let k = 0;
    return [
      {
        method: 'GET',
        path: plan.paths[0],
        onResponse,
        setupRequest: (request) => ({ ...request, path: plan.paths[k++ % plan.paths.length] }),
      },
    ];
  }
  if (plan.kind === 'posts') {
    let k = 0;
    return [
      {
        method: 'POST',
        path: plan.path,
        headers: { 'content-type': 'application/json' },
        onResponse,
        setupRequest: (request) => ({ ...request, body: plan.bodies[k++ % plan.bodies.length] }),
      },
    ];
  }
  const { shape, lots, tokens, ladder, step } = plan;
  let k = 0;
  return [
    {
      method: 'POST',
      path: plan.live ? '/api/live/bid' : '/api/bid/confirm',
      onResponse,
      setupRequest(request) {
        if (constructing) {
          built += 1;
          return health(request);
        }
        if (k >= plan.bids) return health(request);
        const n = k++;
        const lotIndex = shape === 'hot' ? 0 : n % lots.length;
        const round = shape === 'hot' ? n : Math.floor(n / lots.length);
        const wsprice = ladder[round * step];
        if (wsprice === undefined) throw new Error(`the bid ladder ends before round ${round}`);
        return {
          ...request,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${tokens[(round + lotIndex) % tokens.length]}`,
          },
          body: JSON.stringify(
            plan.live ? { lot_id: lots[lotIndex], ask: wsprice } : { id: lots[lotIndex], wsprice },
          ),
        };
      },
    },
  ];
}

const instance = autocannon(
  { url, connections, pipelining, duration, requests: requestsFor() },
  (error, result) => {
    if (error) {
      parentPort.postMessage({ error: String(error) });
      return;
    }
    parentPort.postMessage({
      statuses,
      errors: result.errors,
      latencies,
      elapsedMs: last - first,
      sent: counted,
      mainCpuMsPerAnswer: (cpuLast - cpuFirst) / cpuCounted,
      samples,
    });
  },
);
constructing = false;
if (bids && built !== connections * pipelining) {
  throw new Error(`built ${built} first requests for ${connections} × ${pipelining}`);
}
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  if (!countNext) return;
  counted += 1;
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  latencies.push(responseTime);
  const now = performance.now();
  first = Math.min(first, now - responseTime);
  last = now;
  if (counted === 1) cpuFirst = mainCpuMs();
  else if (counted % 64 === 0 || (bids && counted === plan.bids)) {
    cpuLast = mainCpuMs();
    cpuCounted = counted - 1;
  }
  if (bids && counted === plan.bids) instance.stop();
});
