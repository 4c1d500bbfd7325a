/**
 * Buy-now checkouts in a worker thread, so the load has a core of its own (tests/bench/checkout.ts).
 * Plain JavaScript: tsx does not load TypeScript into worker threads.
 *
 * workerData: { url, checkouts, buyers: [{ token, cardId }], lots: [id] }. One connection per buyer
 * (a buyer's cart is theirs alone); each buys one bottle: addToCart, then cart/checkout with a saved
 * card and pickup, lot k % lots.length for the k-th checkout. Posts back { statuses (of checkouts),
 * latencies (ms, add + checkout), elapsedMs, paid, samples }.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { url, checkouts, buyers, lots } = workerData;
const statuses = {};
const samples = {};
const latencies = [];
let next = 0;
let paid = 0;
// The bench runs this worker more than once on one marketplace with the same buyers: each run's cart
// ids are its own, or a later run's checkout is refused as an order already placed (ORDER_TAKEN).
const run = randomUUID().replaceAll('-', '');

async function post(path, body, token) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function buyer({ token, cardId }, b) {
  for (let k = next++; k < checkouts; k = next++) {
    const lot = lots[k % lots.length];
    const t = performance.now();
    const added = await post('/api/buynow/addToCart', { cart: [{ product_id: lot, qty: 1 }] }, token);
    const answer =
      added.status === 200
        ? await post(
            '/api/cart/checkout',
            {
              type: 'buynow',
              cart_id: `bench-${run}-${b}-${k}`,
              delivery: 'pickup',
              payment: { card_id: cardId },
            },
            token,
          )
        : added;
    latencies.push(performance.now() - t);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    if (answer.status === 200 && answer.text.includes('"status":"paid"')) paid += 1;
    else {
      samples[answer.status] ??= [];
      if (samples[answer.status].length < 3) samples[answer.status].push(answer.text.slice(0, 200));
    }
  }
}

const start = performance.now();
await Promise.all(buyers.map(buyer));
parentPort.postMessage({ statuses, latencies, elapsedMs: performance.now() - start, paid, samples });
