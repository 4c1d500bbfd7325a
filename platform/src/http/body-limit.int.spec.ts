import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging.ts';
import { createHttpApp, type HttpApp } from './app.ts';
import { DRAIN_AFTER_413_BYTES } from './body-limit.ts';

/**
 * issue 30: a body over the 1 MB cap is answered 413 while the client is still sending; the server
 * reads (and drops) the rest, up to a bound, so a Node client reads the answer instead of EPIPE.
 */
let app: HttpApp;
let port: number;
beforeAll(async () => {
  app = createHttpApp(createLogger('silent'));
  app.post('/api/echo', async (req) => ({
    status: 'success',
    data: { bytes: JSON.stringify(req.body).length },
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

/** Posts `bytes` of JSON in 64 KB writes, as a Node client streams a large body. */
function post(bytes: number, chunked = false) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const body = Buffer.from(`{"x":"${'a'.repeat(bytes - 8)}"}`);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/echo',
        headers: {
          'content-type': 'application/json',
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': body.length }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // As a client on a slower link sends: a piece every few milliseconds, still sending when the
    // server has answered.
    let at = 0;
    const writeMore = () => {
      if (at >= body.length) {
        req.end();
        return;
      }
      const chunk = body.subarray(at, at + 64 * 1024);
      at += chunk.length;
      req.write(chunk, () => setTimeout(writeMore, 5));
    };
    writeMore();
  });
}

/**
 * A client that sends its whole body before it reads the answer (as many HTTP clients do), in pieces
 * over time; answers the write error it met, if any, and what it read.
 */
function sendAllThenRead(bytes: number) {
  return new Promise<{ writeError: string | null; sent: number; answer: string }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let writeError: string | null = null;
    let sent = 0;
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      writeError ??= error.code ?? error.message;
    });
    socket.on('close', () => resolve({ writeError, sent, answer }));
    socket.write(
      `POST /api/echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${bytes}\r\n\r\n`,
    );
    const piece = Buffer.alloc(64 * 1024, 'a');
    const writeMore = () => {
      if (socket.destroyed) return;
      if (sent >= bytes) return;
      const chunk = piece.subarray(0, Math.min(piece.length, bytes - sent));
      sent += chunk.length;
      socket.write(chunk, () => setTimeout(writeMore, 10));
    };
    writeMore();
  });
}

describe('a body over the cap', () => {
  it('is read and dropped only up to a bound: a client streaming on is cut off', async () => {
    const sent = await new Promise<number>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let accepted = 0;
      socket.on('error', () => {});
      socket.on('close', () => resolve(accepted));
      socket.write(
        `POST /api/echo HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${1024 ** 3}\r\n\r\n`,
      );
      const piece = Buffer.alloc(256 * 1024, 'a');
      const writeMore = () => {
        if (socket.destroyed || accepted > 512 * 1024 * 1024) {
          socket.destroy();
          return;
        }
        socket.write(piece, (error) => {
          if (error) return;
          accepted += piece.length;
          setImmediate(writeMore);
        });
      };
      writeMore();
    });
    // The bound (16 MB) and what the two sockets' buffers hold; never the 1 GB it announced.
    expect(sent).toBeLessThan(DRAIN_AFTER_413_BYTES + 48 * 1024 * 1024);
  });

  it('of 2 MB is read to its end before the 413 closes the connection: the client sends it all, then reads the answer', async () => {
    const { writeError, sent, answer } = await sendAllThenRead(2 * 1024 * 1024);
    expect(writeError).toBeNull();
    expect(sent).toBe(2 * 1024 * 1024);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"code":"BAD_REQUEST"');
  });

  it('of 2 MB sent by fetch is answered 413 in the envelope', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`,
      });
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ status: 'error', data: { code: 'BAD_REQUEST' } });
    }
  });

  it.each([
    ['with a content-length', false],
    ['chunked', true],
  ])(
    'of 2 MB %s is answered 413 in the envelope, which a Node client reads (no EPIPE)',
    async (_, chunked) => {
      for (let i = 0; i < 5; i++) {
        const answer = await post(2 * 1024 * 1024, chunked);
        expect(answer.status).toBe(413);
        expect(JSON.parse(answer.body)).toMatchObject({ status: 'error', data: { code: 'BAD_REQUEST' } });
      }
      // Under the cap still answers.
      expect((await post(512 * 1024, chunked)).status).toBe(200);
    },
  );
});
