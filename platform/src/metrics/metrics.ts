import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus side of a service (issue 12 "Support": /metrics through a maintained client,
 * prom-client). One registry per service instance, so several apps in one process (the embedded
 * default, the specs) never share or double-register metrics; every series carries `service`.
 */
export function metricsRegistry(service: string, options: { processMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'wine_' });
  return registry;
}

export interface HttpMetricsOptions {
  /** Counters incremented by a 2xx answer of the route path given (`/api/bid/confirm` -> bids accepted). */
  countSuccess?: Record<string, Counter>;
}

/**
 * Request latencies, one histogram series per route (its template, never the raw URL, so the number
 * of series stays bounded; requests no route matched share `unmatched`), method and status.
 */
export function instrumentHttp(app: FastifyInstance, registry: Registry, options: HttpMetricsOptions = {}) {
  const duration = new Histogram({
    name: 'wine_http_request_duration_seconds',
    help: 'HTTP request latency by route, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const counted = options.countSuccess ?? {};
  // A callback hook: an async one costs every answer a promise.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { route, method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode < 300) counted[route]?.inc();
    done();
  });
  return duration;
}

/** A client on this machine (a Prometheus beside the server, or an SSH tunnel to it). */
export const fromLoopback = (request: FastifyRequest) =>
  request.socket.remoteAddress === '127.0.0.1' ||
  request.socket.remoteAddress === '::1' ||
  request.socket.remoteAddress === '::ffff:127.0.0.1';

/**
 * `GET /metrics` in the Prometheus text format. `allow` limits who may read it where the port is
 * public (the embedded default serves the shop on it): others are answered 404, as for no route.
 */
export function serveMetrics(
  app: FastifyInstance,
  registry: Registry,
  options: { allow?: (request: FastifyRequest) => boolean } = {},
): void {
  app.get('/metrics', async (request, reply) => {
    if (options.allow && !options.allow(request)) return reply.callNotFound();
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}

export const bidsAcceptedCounter = (registry: Registry) =>
  new Counter({
    name: 'wine_bids_accepted_total',
    help: 'Bids accepted (answered 2xx)',
    registers: [registry],
  });

export interface ProjectionFigures {
  name: string;
  lagEvents: number;
  lagSeconds: number;
  eventsPerSecond: number;
}

/** Per projection: lag in events and seconds and its rate, read from `figures` at each scrape. */
export function projectionGauges(registry: Registry, figures: () => Promise<readonly ProjectionFigures[]>) {
  let last: Promise<readonly ProjectionFigures[]> | null = null;
  // One read of the figures per scrape, shared by the three gauges.
  const read = () => {
    last ??= figures().finally(() => {
      setImmediate(() => {
        last = null;
      });
    });
    return last;
  };
  const gauge = (name: string, help: string, pick: (f: ProjectionFigures) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['projection'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const f of await read()) this.set({ projection: f.name }, pick(f));
      },
    });
  gauge('wine_projection_lag_events', 'Events in the log after the projection position', (f) => f.lagEvents);
  gauge(
    'wine_projection_lag_seconds',
    'Age of the oldest event the projection has not applied',
    (f) => f.lagSeconds,
  );
  gauge(
    'wine_projection_events_per_second',
    'Events applied per second (last ten seconds)',
    (f) => f.eventsPerSecond,
  );
}

export interface SocketFigures {
  socketsConnected: number;
  messagesSent: number;
  messagesPerSecond: number;
}

/** The realtime server's sockets and the messages it sends (a counter for rate(), and the recent rate). */
export function socketGauges(registry: Registry, figures: () => SocketFigures) {
  new Gauge({
    name: 'wine_sockets_connected',
    help: 'WebSockets connected',
    registers: [registry],
    collect() {
      this.set(figures().socketsConnected);
    },
  });
  new Counter({
    name: 'wine_socket_messages_sent_total',
    help: 'Messages sent to sockets',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(figures().messagesSent);
    },
  });
  new Gauge({
    name: 'wine_socket_messages_per_second',
    help: 'Messages sent to sockets per second (last ten seconds)',
    registers: [registry],
    collect() {
      this.set(figures().messagesPerSecond);
    },
  });
}
export type { Registry as MetricsRegistry } from 'prom-client';
