import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

/** A vendor's double listening on 127.0.0.1. */
export interface DoubleServer {
  /** http://127.0.0.1:<port>, or https:// with a certificate. */
  url: string;
  /** 127.0.0.1:<port>, as a request's Host names it. */
  host: string;
  /** Stops listening and drops the connections still open (a keep-alive client's). */
  close(): Promise<void>;
}

/**
 * Starts a local double of a vendor's HTTP API on a free port of 127.0.0.1 (issue 35: every vendor's
 * double is started by the suite itself). `serve` answers each request; one it throws on is answered
 * 500 with `serverError(error)` as the body, in the vendor's words for its own failure (JSON), or
 * with no body when that is null. With `tls` (a key and certificate, PEM) it speaks HTTPS only, as a
 * vendor whose SDK builds https:// URLs.
 */
export async function listenDouble(
  serve: (request: IncomingMessage, response: ServerResponse) => unknown,
  serverError: (error: unknown) => unknown = () => null,
  tls?: { key: string; cert: string },
): Promise<DoubleServer> {
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    Promise.resolve()
      .then(() => serve(request, response))
      .catch((error: unknown) => {
        const body = serverError(error);
        if (body === null) {
          response.writeHead(500);
          return response.end();
        }
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
  };
  const server = tls ? createHttpsServer(tls, handler) : createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${tls ? 'https' : 'http'}://${host}`,
    host,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
