import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInProcessBus, createLogger, metricsRegistry, socketGauges, systemClock } from '@wine/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { realtimeHttp } from './http.ts';
import { createRealtimeServer } from './server.ts';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

describe('the realtime-service HTTP beside /ws', () => {
  it('answers /health, /ready and /metrics with the sockets connected and the messages sent', async () => {
    const realtime = await createRealtimeServer({
      bus: createInProcessBus(),
      clock: systemClock,
      logger: createLogger('silent'),
      serverTimeIntervalMs: 20,
    });
    const metrics = metricsRegistry('realtime-service', { processMetrics: false });
    socketGauges(metrics, () => realtime.stats());
    let busUp = false;
    const server = createServer(realtimeHttp(realtime, metrics, { bus: () => busUp }));
    realtime.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    let received = 0;
    socket.on('message', () => {
      received += 1;
    });
    closing.push(async () => {
      socket.close();
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    });
    await expect.poll(() => received, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);

    expect((await fetch(`${url}/health`)).status).toBe(200);
    expect((await fetch(`${url}/ready`)).status).toBe(503);
    busUp = true;
    expect(await (await fetch(`${url}/ready`)).json()).toEqual({ status: 'ready', checks: { bus: true } });
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toContain('wine_sockets_connected{service="realtime-service"} 1');
    const sent = Number(
      text.match(/wine_socket_messages_sent_total\{service="realtime-service"\} (\d+)/)?.[1],
    );
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(/wine_socket_messages_per_second\{service="realtime-service"\} [\d.]+/);
  });
});
