/**
 * One autocannon run in a worker thread, so the load generator has a core of its own and the server's
 * event loop serves only the server (tests/bench/bidding.ts). Plain JavaScript: tsx does not load
 * TypeScript into worker threads.
 *
 * workerData: { url, connections, duration?, amount?, plan }, where plan is
 *   { kind: 'get', path }                      the same GET again and again, or
 *   { kind: 'bids', shape, lots, tokens, ladder, step }
 *     request k (in the order they are sent) bids on lots[k % lots.length] ('spread') or lots[0]
 *     ('hot'); its round r on that lot is k / lots.length (spread) or k (hot); it bids ladder[r * step]
 *     as bidder tokens[(r + lot index) % tokens.length].
 * Posts back { statuses, errors, latencies (ms, in completion order), elapsedMs, sent, samples }
 * (a few bodies of each non-2xx status).
 */
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, connections, duration, amount, plan } = workerData;

/** A few answers of each refused kind, to say why. */
const samples = {};
function onResponse(status, body) {
  if (status >= 200 && status < 300) return;
  samples[status] ??= [];
  if (samples[status].length < 3) samples[status].push(body.slice(0, 200));
}

function requestsFor(plan) {
  if (plan.kind === 'get') return [{ method: 'GET', path: plan.path, onResponse }];
  const { shape, lots, tokens, ladder, step } = plan;
  let k = 0;
  return [
    {
      method: 'POST',
      path: '/api/bid/confirm',
      onResponse,
      setupRequest(request) {
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
          body: JSON.stringify({ id: lots[lotIndex], wsprice }),
        };
      },
    },
  ];
}

const statuses = {};
const latencies = [];
const started = performance.now();
const instance = autocannon(
  {
    url,
    connections,
    ...(amount !== undefined ? { amount } : { duration }),
    requests: requestsFor(plan),
  },
  (error, result) => {
    const elapsedMs = performance.now() - started;
    if (error) {
      parentPort.postMessage({ error: String(error) });
      return;
    }
    parentPort.postMessage({
      statuses,
      errors: result.errors,
      latencies,
      elapsedMs,
      sent: latencies.length,
      samples,
    });
  },
);
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  latencies.push(responseTime);
});
