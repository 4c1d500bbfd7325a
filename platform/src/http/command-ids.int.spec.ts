import { action } from '@wine/contracts';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { manualClock } from '../clock.ts';
import { createLogger } from '../logging.ts';
import { openSqliteSecretStore } from '../secret-store/sqlite.ts';
import { registerAction } from './action-route.ts';
import { createHttpApp, type HttpApp } from './app.ts';
import { COMMAND_ID_LEASE_MS, commandIdClaims } from './command-ids.ts';
import { AppError } from './errors.ts';

// An action that must run once per key (as a card charge), served as the services serve theirs,
// with the claims kept in a real secret store.
const pay = action({
  path: '/api/test/pay',
  side: 'command',
  auth: 'public',
  once: true,
  input: z.strictObject({ amount: z.number(), outcome: z.enum(['ok', 'refused', 'crash']) }),
  output: z.object({ run: z.number() }),
});

const clock = manualClock('2026-11-28T00:00:00Z');
const secrets = openSqliteSecretStore(':memory:', { clock });
const claims = commandIdClaims(secrets, clock);
let app: HttpApp;
let runs = 0;
let crashes = 0;

beforeAll(async () => {
  app = createHttpApp(createLogger('silent'));
  registerAction(
    app,
    pay,
    {
      authorize: () => {},
      claimCommandId: (request: FastifyRequest, a, commandId, input) =>
        claims(String(request.headers['x-caller'] ?? 'visitor'), a.path, commandId, input),
    },
    async (input) => {
      runs += 1;
      const run = runs;
      // A card network that takes a moment: the repeats arrive while the first is running.
      await new Promise((r) => setTimeout(r, 40));
      if (input.outcome === 'refused') throw new AppError('PAYMENT_DECLINED', { params: { reason: 'no' } });
      if (input.outcome === 'crash' && crashes++ === 0) throw new Error('the store went away');
      return { run };
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await secrets.close();
});

const post = (payload: unknown, commandId: string, caller = 'ann') =>
  app.inject({
    method: 'POST',
    url: pay.path,
    payload: payload as object,
    headers: { 'x-command-id': commandId, 'x-caller': caller },
  });

describe('an action that runs once per x-command-id', () => {
  it('runs once for three requests in flight with one key, and answers each the first answer', async () => {
    const before = runs;
    const answers = await Promise.all(
      [1, 2, 3].map(() => post({ amount: 5, outcome: 'ok' }, 'key-concurrent-1')),
    );
    expect(runs - before).toBe(1);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const later = await post({ amount: 5, outcome: 'ok' }, 'key-concurrent-1');
    expect(later.body).toBe(answers[0]?.body);
    expect(runs - before).toBe(1);
  });

  it('answers a refusal again for its key without running again', async () => {
    const before = runs;
    const first = await post({ amount: 5, outcome: 'refused' }, 'key-refused-1');
    const again = await post({ amount: 5, outcome: 'refused' }, 'key-refused-1');
    expect([first.statusCode, again.statusCode]).toEqual([402, 402]);
    expect(again.json().data.code).toBe('PAYMENT_DECLINED');
    expect(runs - before).toBe(1);
  });

  it('lets the key go after an unexpected failure, so one retry runs it again', async () => {
    const before = runs;
    const first = await post({ amount: 5, outcome: 'crash' }, 'key-crash-1');
    expect(first.statusCode).toBe(500);
    const retries = await Promise.all([1, 2].map(() => post({ amount: 5, outcome: 'crash' }, 'key-crash-1')));
    expect(retries.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(runs - before).toBe(2);
  });

  it('refuses the key with another caller or another input, running nothing', async () => {
    await post({ amount: 5, outcome: 'ok' }, 'key-owned-1');
    const before = runs;
    expect((await post({ amount: 5, outcome: 'ok' }, 'key-owned-1', 'mallory')).statusCode).toBe(409);
    expect((await post({ amount: 6, outcome: 'ok' }, 'key-owned-1')).statusCode).toBe(422);
    expect(runs).toBe(before);
  });

  it('gives a key whose holder died without an answer to one repeat once its lease ran out', async () => {
    const holder = await claims('bob', pay.path, 'key-lapsed-1', { amount: 1 });
    expect(holder.mine).toBe(true);
    // The holder never answers (its process died). Before the lease ends, a repeat waits.
    expect((await claims('bob', pay.path, 'key-lapsed-1', { amount: 1 })).mine).toBe(false);
    clock.advance(COMMAND_ID_LEASE_MS + 1);
    const repeats = await Promise.all(
      [1, 2, 3].map(() => claims('bob', pay.path, 'key-lapsed-1', { amount: 1 })),
    );
    expect(repeats.filter((c) => c.mine)).toHaveLength(1);
    // A key answered is never taken over, however old.
    await repeats.find((c) => c.mine)?.keep({ status: 200, body: { ok: true } });
    clock.advance(COMMAND_ID_LEASE_MS + 1);
    const late = await claims('bob', pay.path, 'key-lapsed-1', { amount: 1 });
    expect(late.mine).toBe(false);
    expect(await late.answer()).toEqual({ status: 200, body: { ok: true } });
  });
});
