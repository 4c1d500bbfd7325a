/**
 * Bid-to-socket delivery (issue 4): 1,000 WebSockets subscribed to one lot; bids are sent one at a
 * time over HTTP and each socket's receipt of the bid's `bidAddtime` is timed from the moment the
 * bid was sent (HTTP, command, append, projection, bus, relay, the socket). Beside it: a bare `ws`
 * server in the same process sending a message of the same size to 1,000 sockets, timed the same way.
 */
import { performance } from 'node:perf_hooks';
import { defaultBidIncrements, nextBid } from '@wine/contracts';
import { WebSocket, WebSocketServer } from 'ws';
import { lotInput, startMarketplace } from '../support/marketplace.ts';
import { fmt, percentile, progress, progressDone, row } from './table.ts';

const CLIENTS = 1000;
const ROUNDS = 300;

export const open = (url: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const s = new WebSocket(url);
    s.once('open', () => resolve(s));
    s.once('error', reject);
  });

export async function openMany(url: string, n: number) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < n; i += 100) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, n - i) }, () => open(url)))));
  }
  return sockets;
}

/**
 * Times rounds of one message to every socket: `send` starts a round, and a socket's first message
 * that `matches` after it is its receipt. Resolves with every receipt's delay in ms.
 */
export function timer(sockets: WebSocket[], matches: (data: string) => boolean) {
  let started = 0;
  let round = -1;
  let waiting = 0;
  let done: () => void = () => {};
  const seen = new Int32Array(sockets.length).fill(-1);
  const delays: number[] = [];
  sockets.forEach((s, i) => {
    s.on('message', (data: Buffer) => {
      if (seen[i] === round || !matches(String(data))) return;
      seen[i] = round;
      delays.push(performance.now() - started);
      if (--waiting === 0) done();
    });
  });
  return {
    delays,
    async round(send: () => Promise<void>) {
      round += 1;
      waiting = sockets.length;
      const arrived = new Promise<void>((resolve) => {
        done = resolve;
      });
      started = performance.now();
      await send();
      await arrived;
    },
  };
}

export const summary = (delays: number[]) => {
  const sorted = [...delays].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

/**
 * The physical limit beside a relay: a bare `ws` server in this process and `clients` sockets on it;
 * each `round` sends `sample` to every socket, and each socket's receipt is timed from the send.
 */
export async function bareServer(clients: number) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const port = (wss.address() as { port: number }).port;
  const bare = await openMany(`ws://127.0.0.1:${port}`, clients);
  const times = timer(bare, () => true);
  return {
    delays: times.delays,
    round: (sample: string) =>
      times.round(async () => {
        for (const c of wss.clients) c.send(sample);
      }),
    async close() {
      for (const s of bare) s.close();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}

/**
 * The bare broadcast on its own: `rounds` rounds one after another, after one not counted (it proves
 * every socket is open).
 */
export async function bareBroadcast(sample: string, clients: number, rounds: number) {
  const bare = await bareServer(clients);
  for (let n = 0; n <= rounds; n++) {
    await bare.round(sample);
    if (n === 0) bare.delays.length = 0;
  }
  await bare.close();
  return summary(bare.delays);
}

export async function bidSockets() {
  const market = await startMarketplace({ seed: false, staffRateLimit: 1_000_000 });
  let sample = '';
  let product: { p50: number; p99: number };
  try {
    const opening = 100;
    const { id } = await market.ok<{ id: string }>(
      '/api/admin/product/create',
      lotInput({ openingBid: opening }),
      market.admin,
    );
    const bidders = [await market.bidder(), await market.bidder()];
    progress(`sockets: opening ${fmt(CLIENTS)} sockets`);
    const sockets = await openMany(`${market.url.replace('http', 'ws')}/ws`, CLIENTS);
    for (const s of sockets) s.send(JSON.stringify({ type: 'subscribe', channels: [`lot:${id}`] }));
    sockets[0]?.on('message', (data: Buffer) => {
      const text = String(data);
      if (text.includes('"type":"bidAddtime"')) sample = text;
    });
    const times = timer(sockets, (data) => data.includes('"type":"bidAddtime"'));
    let price = opening;
    const bid = async (n: number) => {
      const bidder = bidders[n % bidders.length] as (typeof bidders)[number];
      const answer = await market.post('/api/bid/confirm', { id, wsprice: price }, bidder.auth);
      if (answer.http !== 200) throw new Error(`bid ${n} refused: ${answer.body.data.message}`);
      price = nextBid(defaultBidIncrements, { openingBid: opening, price, hasBids: true });
    };
    // The first round proves every subscription is live; it is not counted.
    await times.round(() => bid(0));
    times.delays.length = 0;
    for (let n = 1; n <= ROUNDS; n++) {
      if (n % 50 === 0) progress(`sockets: bid ${n}/${ROUNDS}`);
      await times.round(() => bid(n));
    }
    product = summary(times.delays);
    for (const s of sockets) s.close();
  } finally {
    await market.stop();
  }

  progress('sockets: bare ws broadcast');
  const limit = await bareBroadcast(sample, CLIENTS, ROUNDS);
  progressDone();
  row(
    `Bid → bidAddtime on ${fmt(CLIENTS)} sockets watching the lot, ${ROUNDS} bids one at a time (p50/p99 ms)`,
    `${fmt(product.p50, 1)}/${fmt(product.p99, 1)} ms (HTTP, append, projection, bus, relay)`,
    `${fmt(limit.p50, 1)}/${fmt(limit.p99, 1)} ms (bare ws broadcast of the same ${fmt(sample.length)} bytes)`,
    `p99 ${fmt(product.p99 / limit.p99, 1)}× the broadcast alone`,
  );
}
