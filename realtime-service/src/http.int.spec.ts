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

  it("sends each socket the server's clock once per interval, the sockets in turns rather than all at once", async () => {
    const realtime = await createRealtimeServer({
      bus: createInProcessBus(),
      clock: systemClock,
      logger: createLogger('silent'),
      serverTimeIntervalMs: 300,
    });
    const server = createServer();
    realtime.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
    const sockets = Array.from({ length: 20 }, () => new WebSocket(url));
    closing.push(async () => {
      for (const socket of sockets) socket.close();
      await realtime.close();
      await new Promise((resolve) => server.close(resolve));
    });
    // Each socket's clocks after the one it is sent on connecting.
    const ticks = sockets.map(() => [] as string[]);
    await Promise.all(
      sockets.map(
        (socket, i) =>
          new Promise<void>((resolve) => {
            let first = true;
            socket.on('message', (data) => {
              const message = JSON.parse(String(data)) as { type: string; dTime?: string };
              if (message.type !== 'servertime') return;
              if (first) first = false;
              else ticks[i]?.push(message.dTime ?? '');
            });
            socket.once('open', () => resolve());
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // About three intervals: two to four clocks each (timers may run late on a loaded machine).
    for (const clocks of ticks) {
      expect(clocks.length).toBeGreaterThanOrEqual(2);
      expect(clocks.length).toBeLessThanOrEqual(4);
    }
    // Sent in turns: the first clocks carry many different times, not one shared by all 20 sockets.
    const firstClocks = new Set(ticks.map((clocks) => clocks[0]));
    expect(firstClocks.size).toBeGreaterThanOrEqual(5);
  });
});
