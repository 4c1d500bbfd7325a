import type { FastifyInstance } from 'fastify';

/** What is read (and dropped) of a body after it was refused as too large, before the connection is cut. */
export const DRAIN_AFTER_413_BYTES = 16 * 1024 * 1024;
export const DRAIN_AFTER_413_MS = 10_000;

/**
 * A body over the cap is answered 413 while the client is still sending it (issue 30). Closing at
 * once would make a client that sends its whole body before reading (most HTTP clients) see EPIPE or
 * a reset instead of the answer; reading on without end would let one client stream gigabytes into a
 * refused request. So the rest of the body is read and dropped, up to `DRAIN_AFTER_413_BYTES` or
 * `DRAIN_AFTER_413_MS`, whichever comes first, then the connection is cut; the answer says
 * `connection: close`.
 */
export function installBodyLimitDrain(
  app: FastifyInstance,
  bound: { bytes: number; ms: number } = { bytes: DRAIN_AFTER_413_BYTES, ms: DRAIN_AFTER_413_MS },
): void {
  // A callback hook: every answer passes it, and an async one costs each of them a promise.
  app.addHook('onSend', (request, reply, payload, next) => {
    if (reply.statusCode !== 413) return next(null, payload);
    const raw = request.raw;
    reply.header('connection', 'close');
    if (raw.complete || raw.destroyed) return next(null, payload);
    // The answer waits for the body's end (or the bound): Node cuts the connection once a
    // `connection: close` answer is written, and a cut with unread bytes resets the client.
    new Promise<void>((resolve) => {
      let read = 0;
      const done = () => {
        clearTimeout(timer);
        raw.removeListener('data', onData);
        raw.removeListener('end', done);
        raw.removeListener('close', done);
        raw.removeListener('error', done);
        resolve();
      };
      const onData = (chunk: Buffer) => {
        read += chunk.length;
        if (read > bound.bytes) done();
      };
      const timer = setTimeout(done, bound.ms);
      raw.on('data', onData);
      raw.once('end', done);
      raw.once('close', done);
      raw.once('error', done);
      raw.resume();
    }).then(() => next(null, payload));
  });
}
