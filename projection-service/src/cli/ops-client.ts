import { request } from 'node:http';
import type { OpsStatus } from '@wine/contracts';

/** Talks to the running embedded server over its local ops socket (projection-service/src/ops/local-socket.ts). */
export function opsClient(socketPath: string) {
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    new Promise<{ status: number; body: T }>((resolve, reject) => {
      const req = request(
        { socketPath, path, method, headers: { 'content-type': 'application/json' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as T });
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  return {
    status: async () => (await call<OpsStatus>('GET', '/status')).body,
    rebuild: (projection: string) => call<OpsStatus | { code: string }>('POST', '/rebuild', { projection }),
  };
}
