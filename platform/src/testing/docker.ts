import { request } from 'node:http';

/** GET /_ping on the Docker engine (DOCKER_HOST or the default socket), giving up after 1 s. */
export function dockerReachable(): Promise<boolean> {
  const host = process.env.DOCKER_HOST;
  let target: { socketPath: string } | { host: string; port: number };
  if (!host || host.startsWith('unix://')) {
    target = { socketPath: host ? host.slice('unix://'.length) : '/var/run/docker.sock' };
  } else {
    const url = new URL(host.replace(/^tcp:/, 'http:'));
    target = { host: url.hostname, port: Number(url.port || 2375) };
  }
  return new Promise((resolve) => {
    const req = request({ ...target, path: '/_ping', method: 'GET', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}
