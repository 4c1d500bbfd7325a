import type { IncomingMessage, ServerResponse } from 'node:http';
import { type MetricsRegistry, type ReadyCheck, readiness } from '@wine/platform';
import type { RealtimeServer } from './realtime-model.ts';

/**
 * The realtime-service's plain HTTP answers beside /ws: `/health` (the process answers), `/ready`
 * (200 when every check passes, else 503) and `/metrics` (Prometheus text: sockets, messages).
 */
export function realtimeHttp(
  realtime: RealtimeServer,
  metrics: MetricsRegistry,
  checks: Record<string, ReadyCheck>,
) {
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const answer = async () => {
      if (request.method !== 'GET') return json(response, 404, { status: 'not found' });
      if (path === '/health') return json(response, 200, { status: 'ok', clients: realtime.clientCount() });
      if (path === '/ready') {
        const { ready, checks: results } = await readiness(checks);
        return json(response, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', checks: results });
      }
      if (path === '/metrics') {
        response.writeHead(200, { 'content-type': metrics.contentType });
        return response.end(await metrics.metrics());
      }
      return json(response, 404, { status: 'not found' });
    };
    answer().catch(() => json(response, 500, { status: 'error' }));
  };
}
