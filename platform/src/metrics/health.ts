import type { FastifyInstance } from 'fastify';

/** A readiness check: true when what it checks is usable (a store answers, projections caught up once). */
export type ReadyCheck = () => boolean | Promise<boolean>;

/** Runs the checks; a check that throws counts as not ready. */
export async function readiness(checks: Record<string, ReadyCheck>) {
  const results: Record<string, boolean> = {};
  await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        results[name] = (await check()) === true;
      } catch {
        results[name] = false;
      }
    }),
  );
  return { ready: Object.values(results).every(Boolean), checks: results };
}

/**
 * `GET /health`: the process answers (liveness). `GET /ready`: 200 when every check passes, else 503
 * naming the failing ones (a load balancer sends traffic only when ready).
 */
export function healthRoutes(app: FastifyInstance, checks: Record<string, ReadyCheck>, prefix = ''): void {
  app.get(`${prefix}/health`, async () => ({ status: 'ok' }));
  app.get(`${prefix}/ready`, async (_request, reply) => {
    const { ready, checks: results } = await readiness(checks);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
  });
}
