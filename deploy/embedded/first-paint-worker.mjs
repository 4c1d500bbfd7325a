/**
 * The server's first paint in a thread of its own (first-paint.ts): rendering a page takes 25-130 ms
 * of CPU, which the server's event loop (bids, sockets) must not wait for. Plain JavaScript: tsx does
 * not load TypeScript into worker threads.
 *
 * workerData: { entry (file URL of ui/dist-server/entry-server.js), origin (the server's own, for the
 * API's calls) }. Messages in: { id, url }; out: { id, html, state, status } or { id, error }.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { entry, origin } = workerData;
const { render } = await import(entry);

/** The API asked over the loopback, as a visitor's browser would (no token: nothing of a user's). */
const fetchApi = (input, init) => fetch(new URL(String(input), origin), init);

parentPort.on('message', async ({ id, url }) => {
  try {
    const { html, state, status } = await render(url, fetchApi);
    parentPort.postMessage({ id, html, state, status });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort.postMessage({ ready: true });
