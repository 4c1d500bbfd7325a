import { action, LoginInput } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logging.ts';
import { registerAction } from './action-route.ts';
import { createHttpApp, type HttpApp } from './app.ts';
import { AppError } from './errors.ts';

// A route served as the services serve theirs, tried through app.inject (no port, no product).
const signIn = action({
  path: '/api/test/signIn',
  side: 'command',
  auth: 'public',
  input: LoginInput,
  output: z.object({ id: z.string() }),
});
const adminOnly = action({
  path: '/api/test/adminOnly',
  side: 'command',
  auth: 'admin',
  input: z.strictObject({ id: z.string() }),
  output: z.null(),
});

/** A list of the seeds' shape (records, totalRecords) that leaves its caption to the route. */
const listPage = action({
  path: '/api/test/listPage',
  side: 'query',
  auth: 'public',
  input: z.strictObject({ page: z.number().int().default(1), limit: z.number().int().default(20) }),
  output: z.object({ records: z.array(z.object({ id: z.string() })), totalRecords: z.number() }),
});

/** A list answered whole (as getAllCountries): no count of its own. */
const wholeList = action({
  path: '/api/test/wholeList',
  side: 'query',
  auth: 'public',
  input: z.strictObject({}),
  output: z.object({ records: z.array(z.string()) }),
});

let app: HttpApp;
let handled = 0;

beforeAll(async () => {
  app = createHttpApp(createLogger('silent'));
  registerAction(
    app,
    signIn,
    () => {},
    async (input) => {
      handled += 1;
      if (input.email === 'closed@example.com') throw new AppError('DEACTIVATED');
      if (input.email === 'min@example.com') throw new AppError('MIN_BID', { params: { amount: '$25.00' } });
      // More than the contract declares: the answer keeps only `id`.
      return { id: 'u-1', password_hash: 'secret' } as { id: string };
    },
  );
  registerAction(
    app,
    adminOnly,
    () => {
      throw new AppError('ROLE_REQUIRED', { message: 'role.admin' });
    },
    async () => {
      handled += 1;
      return null;
    },
  );
  registerAction(
    app,
    listPage,
    () => {},
    async ({ page, limit }) => {
      const all = Array.from({ length: 45 }, (_, i) => ({ id: `r-${i + 1}` }));
      return { records: all.slice((page - 1) * limit, page * limit), totalRecords: all.length };
    },
  );
  registerAction(
    app,
    wholeList,
    () => {},
    async () => ({ records: ['US', 'MX'] }),
  );
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('an action route', () => {
  it('names the field at fault with the catalogue code VALIDATION, in English by default', async () => {
    const answer = await post(signIn.path, { password: 'x' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().data).toMatchObject({
      code: 'VALIDATION',
      message: 'email: Required!',
      responseType: 400,
    });
  });

  it('answers in the language the request asks for', async () => {
    const answer = await post(signIn.path, { password: 'x' }, { 'accept-language': 'es-MX,es;q=0.9' });
    expect(answer.json().data).toMatchObject({ code: 'VALIDATION', message: 'email: ¡Obligatorio!' });
    const refused = await post(
      signIn.path,
      { email: 'closed@example.com', password: 'x' },
      { 'accept-language': 'es' },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toMatchObject({
      code: 'DEACTIVATED',
      message: 'Esta cuenta está desactivada',
    });
  });

  it('fills a refusal text from its parameters and keeps its field', async () => {
    const answer = await post(signIn.path, { email: 'min@example.com', password: 'x' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().data).toMatchObject({
      code: 'MIN_BID',
      message: 'Min. Bid $25.00',
      responseData: { field: 'wsprice' },
    });
  });

  it('answers only what the output schema declares', async () => {
    const answer = await post(signIn.path, { email: 'ann@example.com', password: 'x' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      status: 'success',
      data: { message: 'ok', responseType: 200, responseData: { id: 'u-1' } },
    });
  });

  it("adds setDisp to a list answer that leaves it out (seeds 000 §3.2), in the caller's language", async () => {
    const second = (await post(listPage.path, { page: 2, limit: 20 })).json().data.responseData;
    expect(second).toMatchObject({ totalRecords: 45, setDisp: 'Showing 21-40 of 45' });
    expect(second.records).toHaveLength(20);
    const last = (await post(listPage.path, { page: 3, limit: 20 }, { 'accept-language': 'es' })).json();
    expect(last.data.responseData.setDisp).toBe('Mostrando 41-45 de 45');
    const beyond = (await post(listPage.path, { page: 9, limit: 20 })).json().data.responseData;
    expect(beyond).toEqual({ records: [], totalRecords: 45, setDisp: '' });
    const whole = (await post(wholeList.path, {})).json().data.responseData;
    expect(whole).toEqual({ records: ['US', 'MX'], totalRecords: 2, setDisp: 'Showing 1-2 of 2' });
  });

  it('refuses a caller without the role before reading the body', async () => {
    const before = handled;
    const answer = await app.inject({
      method: 'POST',
      url: adminOnly.path,
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().data).toMatchObject({ code: 'ROLE_REQUIRED', message: 'Only an admin can do this' });
    expect(handled).toBe(before);
  });

  it('answers a path with no action with NO_ACTION', async () => {
    const answer = await post('/api/test/nothing', {});
    expect(answer.statusCode).toBe(404);
    expect(answer.json().data).toMatchObject({
      code: 'NO_ACTION',
      message: 'No action at POST /api/test/nothing',
    });
  });
});
