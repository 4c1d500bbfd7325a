import { natsReachable, natsUrl } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { lotInput, startMarketplace, type TestMarketplace } from './support/marketplace.ts';

const reachable = await natsReachable();
if (!reachable) {
  if (process.env.CI === 'true') throw new Error(`CI=true but no NATS server at ${natsUrl}`);
  console.log(`NATS slice suite skipped: no NATS server reachable at ${natsUrl}`);
}

/** The first slice with the production bus: projection → NATS JetStream → realtime → socket. */
describe.runIf(reachable)('the first slice over NATS JetStream', () => {
  let market: TestMarketplace;
  beforeAll(async () => {
    market = await startMarketplace({ seed: false, natsUrl });
  });
  afterAll(async () => {
    await market?.stop();
  });

  it('relays a committed lot through NATS to a subscribed socket, with its log position', async () => {
    const socket = new WebSocket(`${market.url.replace('http', 'ws')}/ws`);
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'subscribe', channels: ['lots'] }));
    await expect.poll(() => messages.some((m) => m.type === 'servertime'), { timeout: 5_000 }).toBe(true);

    const input = lotInput({ title: '2005 NATS Relay Vouvray' });
    const { http } = await market.post('/api/admin/product/create', input, market.admin);
    expect(http).toBe(200);
    await expect
      .poll(
        () => messages.find((m) => m.type === 'lotChanged' && (m.lot as { id: string }).id === input.id),
        {
          timeout: 10_000,
        },
      )
      .toMatchObject({ event: 'LotListed', lot: { title: input.title } });
    const notice = messages.find((m) => m.type === 'lotChanged') as { position: string };
    expect(notice.position).toBe(await market.eventStore.headPosition());
    socket.close();
  });
});
