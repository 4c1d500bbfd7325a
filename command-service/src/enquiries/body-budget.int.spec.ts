import { connect } from 'node:net';
import { createHttpApp, createLogger } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { enquiryBodyBudget } from './body-budget.ts';

describe('the enquiries’ body budget', () => {
  it('cuts off a body that has not arrived by its deadline and gives its bytes back', async () => {
    const app = createHttpApp(createLogger('silent'));
    const budget = enquiryBodyBudget(1_000_000, 200);
    app.post('/slow', { onRequest: budget.hook(1_000_000) }, async () => ({ status: 'success' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const closed = new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /slow HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 900000\r\n\r\n{"a":"',
          );
        });
        socket.on('error', () => {});
        socket.on('close', () => resolve());
      });
      await expect.poll(() => budget.inFlight()).toBe(900_000);
      // The slow sender is cut off at its deadline; its share is free again.
      await closed;
      await expect.poll(() => budget.inFlight()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
