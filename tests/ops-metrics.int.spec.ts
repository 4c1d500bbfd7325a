import type { OpsStatus } from '@wine/contracts';
import { eventually } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotInput, startMarketplace, type TestMarketplace } from './support/marketplace.ts';
import { openSocket, type TestSocket } from './support/socket.ts';

/** The Prometheus text format, parsed: one sample per line, `name{labels} value`. */
function samples(text: string) {
  const out: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key as string] = value as string;
    out.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return out;
}

let market: TestMarketplace;
let socket: TestSocket;
beforeAll(async () => {
  market = await startMarketplace({ seed: false });
});
afterAll(async () => {
  socket?.socket.close();
  await market?.stop();
});

describe('health, readiness and metrics of the embedded server (issue 12 "Support")', () => {
  it('answers /health and /ready once the stores answer and the projections have caught up', async () => {
    expect(await (await fetch(`${market.url}/health`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${market.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { eventStore: true, readStore: true, projections: true },
    });
  });

  it('tells anyone only that the shop is up at /api/health; the projections are for support and admins', async () => {
    expect(await (await fetch(`${market.url}/api/health`)).json()).toEqual({ status: 'ok' });
    const anonymous = await market.post('/api/ops/status', {});
    expect(anonymous.http).toBe(403);
    const detail = await market.ok<OpsStatus>('/api/ops/status', {}, market.admin);
    expect(detail.projections.length).toBeGreaterThan(0);
  });

  it('limits /api/ops per client as every staff action, guessed tokens included', async () => {
    const shop = await startMarketplace({ seed: false, staffRateLimit: 5 });
    try {
      const answers: number[] = [];
      for (let i = 0; i < 7; i++) {
        const guess = { authorization: `Bearer guessed.token.${i}` };
        answers.push((await shop.post('/api/ops/status', {}, guess)).http);
      }
      expect(answers).toEqual([403, 403, 403, 403, 403, 429, 429]);
    } finally {
      await shop.stop();
    }
  });

  it('serves /metrics in the Prometheus format: latencies per route, bids accepted, projection lag, sockets', async () => {
    const id = (await market.ok<{ id: string }>('/api/admin/product/create', lotInput(), market.admin)).id;
    const bidder = await market.bidder();
    for (const amount of [25_000, 30_000])
      await market.ok('/api/bid/confirm', { id, wsprice: amount, bidding_type: 'proxy' }, bidder.auth);
    // A refused bid is not counted.
    expect((await market.post('/api/bid/confirm', { id, wsprice: 100 }, bidder.auth)).http).toBe(400);
    socket = await openSocket(market.url);
    socket.send({ type: 'subscribe', channels: ['lots'] });
    await eventually(() => socket.of('servertime').length > 0, Boolean, 'the server clock');
    await market.caughtUp();

    const response = await fetch(`${market.url}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0.0.4/);
    const all = samples(await response.text());
    const one = (name: string, labels: Record<string, string> = {}) =>
      all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

    expect(one('wine_bids_accepted_total')[0]?.value).toBe(2);
    const bidLatency = one('wine_http_request_duration_seconds_count', {
      route: '/api/bid/confirm',
      method: 'POST',
    });
    expect(bidLatency.map((s) => [s.labels.status_code, s.value]).sort()).toEqual([
      ['200', 2],
      ['400', 1],
    ]);
    expect(
      one('wine_http_request_duration_seconds_bucket', { route: '/api/bid/confirm', le: '+Inf' }).length,
    ).toBe(2);
    const lag = one('wine_projection_lag_events');
    expect(lag.map((s) => s.labels.projection)).toContain('lots');
    expect(lag.every((s) => s.value === 0)).toBe(true);
    expect(one('wine_projection_lag_seconds', { projection: 'bids' })[0]?.value).toBe(0);
    expect(one('wine_sockets_connected')[0]?.value).toBe(1);
    expect(one('wine_socket_messages_sent_total')[0]?.value).toBeGreaterThan(0);
    expect(one('wine_socket_messages_per_second')).toHaveLength(1);
    expect(all.every((s) => s.labels.service === 'embedded')).toBe(true);
  });

  it('shows the same figures to support in /api/ops/status, and refuses it to a bidder', async () => {
    const support = await market.staff('support');
    await market.caughtUp();
    const status = await market.ok<OpsStatus>('/api/ops/status', {}, support.auth);
    expect(status.head.position).toBe(await market.eventStore.headPosition());
    expect(status.head.at).not.toBeNull();
    expect(status.projections.map((p) => p.name)).toContain('lots');
    expect(status.projections.every((p) => p.state === 'live' && p.failure === null)).toBe(true);
    expect(status.realtime?.socketsConnected).toBe(1);
    const bidder = await market.bidder({ card: false });
    expect((await market.post('/api/ops/status', {}, bidder.auth)).http).toBe(403);
  });
});
