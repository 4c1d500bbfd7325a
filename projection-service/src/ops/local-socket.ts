import { chmod, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { ProjectionInput, ReplayStreamInput } from '@wine/contracts';
import type { Logger } from '@wine/platform';
import type { Projection } from '../core/projection.ts';
import type { Rebuilds } from './rebuilds.ts';
import { type OpsDeps, replayStream } from './routes.ts';
import { opsStatus } from './status.ts';

export interface OpsSocketDeps extends Omit<OpsDeps, 'auth' | 'claims' | 'rebuilds'> {
  rebuilds: Rebuilds;
  /** A path in the data folder (the embedded default: DATA_DIR/ops.sock). */
  path: string;
  logger: Logger;
}

export interface OpsSocket {
  path: string;
  close(): Promise<void>;
}

const readJson = async (request: IncomingMessage): Promise<unknown> => {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > 10_000) throw new Error('body too large');
  }
  return body ? JSON.parse(body) : {};
};

/**
 * The local operator's door to the running embedded server (`npm run rebuild`): an HTTP endpoint on a
 * Unix socket in the data folder, readable and writable by the server's own OS user only (0600). It
 * needs no session and holds no credential: whoever may open it may already read and write the log
 * beside it. It serves the status, a rebuild and a stream replay, nothing else, and never over TCP.
 */
export async function serveOpsSocket(deps: OpsSocketDeps): Promise<OpsSocket> {
  const named = (name: string): Projection | undefined => deps.projections.find((p) => p.name === name);
  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://ops').pathname;
    if (request.method === 'GET' && path === '/status') return send(response, 200, await opsStatus(deps));
    if (request.method === 'POST' && path === '/rebuild') {
      const input = ProjectionInput.safeParse(await readJson(request));
      const projection = input.success ? named(input.data.projection) : undefined;
      if (!projection) return send(response, 404, { code: 'PROJECTION_NOT_FOUND' });
      if (deps.rebuilds.start(projection) === false) return send(response, 409, { code: 'REBUILD_RUNNING' });
      deps.logger.info(
        { projection: projection.name, by: 'ops socket' },
        'rebuild started by the local operator',
      );
      return send(response, 202, await opsStatus(deps));
    }
    if (request.method === 'POST' && path === '/replayStream') {
      const input = ReplayStreamInput.safeParse(await readJson(request));
      if (!input.success) return send(response, 400, { code: 'VALIDATION' });
      return send(response, 200, {
        stream: input.data.stream,
        events: await replayStream(deps, input.data.stream),
      });
    }
    return send(response, 404, { code: 'NO_ACTION' });
  };
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      deps.logger.error({ err: error }, 'ops socket request failed');
      send(response, 500, { code: 'INTERNAL' });
    });
  });
  // A socket file left by a process that died is in the way; a live server's is not ours to take.
  if (await answers(deps.path)) throw new Error(`another server answers on ${deps.path}`);
  await rm(deps.path, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.path, () => resolve());
  });
  await chmod(deps.path, 0o600);
  return {
    path: deps.path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Whether a server listens on the socket file (a stale file refuses or is missing). */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
