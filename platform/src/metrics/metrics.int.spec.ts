import { describe, expect, it } from 'vitest';
import { createHttpApp } from '../http/app.ts';
import { createLogger } from '../logging.ts';
import { healthRoutes } from './health.ts';
import {
  bidsAcceptedCounter,
  fromLoopback,
  instrumentHttp,
  metricsRegistry,
  projectionGauges,
  serveMetrics,
} from './metrics.ts';

function app(ready: Record<string, () => boolean | Promise<boolean>>) {
  const http = createHttpApp(createLogger('silent'));
  const registry = metricsRegistry('spec', { processMetrics: false });
  instrumentHttp(http, registry, { countSuccess: { '/api/things/:id': bidsAcceptedCounter(registry) } });
  http.get('/api/things/:id', async (request) => {
    if ((request.params as { id: string }).id === 'bad') throw new Error('boom');
    return { ok: true };
  });
  projectionGauges(registry, async () => [
    { name: 'lots', lagEvents: 3, lagSeconds: 1.5, eventsPerSecond: 40 },
  ]);
  healthRoutes(http, ready);
  serveMetrics(http, registry);
  return http;
}

describe('healthRoutes', () => {
  it('answers /ready 503 naming the check that fails or throws, and 200 when all pass', async () => {
    let caughtUp = false;
    const http = app({
      store: () => true,
      projections: () => caughtUp,
      flaky: () => Promise.reject(new Error('down')),
    });
    const first = await http.inject({ method: 'GET', url: '/ready' });
    expect(first.statusCode).toBe(503);
    expect(first.json()).toEqual({
      status: 'not ready',
      checks: { store: true, projections: false, flaky: false },
    });
    expect((await http.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok' });
    caughtUp = true;
    const ok = app({ projections: () => caughtUp });
    expect((await ok.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
  });
});

describe('/metrics', () => {
  it('records latency per route template (not per URL), counts 2xx answers, and reads gauges at scrape', async () => {
    const http = app({});
    for (const id of ['1', '2', 'bad']) await http.inject({ method: 'GET', url: `/api/things/${id}` });
    await http.inject({ method: 'GET', url: '/nowhere/at/all' });
    const text = (await http.inject({ method: 'GET', url: '/metrics' })).body;
    const count = (labels: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('wine_http_request_duration_seconds_count{'))
        .find((line) => labels.split(',').every((l) => line.includes(l)))
        ?.split(' ')[1];
    expect(count('route="/api/things/:id",status_code="200",method="GET",service="spec"')).toBe('2');
    expect(count('route="/api/things/:id",status_code="500"')).toBe('1');
    expect(count('route="unmatched",status_code="404"')).toBe('1');
    expect(text).not.toContain('/api/things/1');
    expect(text).toContain('wine_bids_accepted_total{service="spec"} 2');
    expect(text).toContain('wine_projection_lag_events{projection="lots",service="spec"} 3');
    expect(text).toContain('wine_projection_lag_seconds{projection="lots",service="spec"} 1.5');
  });
});

describe('/metrics where the port is public', () => {
  it('answers 404 to a client that is not on this machine', async () => {
    const http = createHttpApp(createLogger('silent'));
    const registry = metricsRegistry('spec', { processMetrics: false });
    serveMetrics(http, registry, { allow: fromLoopback });
    const remote = await http.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    const local = await http.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
  });
});
