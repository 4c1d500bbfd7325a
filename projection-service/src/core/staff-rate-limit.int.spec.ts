import { actions, reportCsvPath } from '@wine/contracts';
import {
  createEmbeddedDocumentStore,
  createHttpApp,
  createLogger,
  manualClock,
  sessionTokens,
} from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { queryService } from '../index.ts';

const clock = manualClock('2026-12-01T12:00:00.000Z');

async function readSide() {
  const app = createHttpApp(createLogger('silent'));
  queryService(app, {
    docs: createEmbeddedDocumentStore(),
    clock,
    tokens: sessionTokens('a-session-secret-for-query-specs-only!', clock),
    secrets: { get: async () => null },
  });
  await app.ready();
  const post = (url: string, client: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: {}, remoteAddress: client, headers });
  return { app, post };
}

describe("the staff's read actions", () => {
  it('answer 500 guessed tokens from one client with 429 after 300 a minute, over reports and exports together', async () => {
    const { post } = await readSide();
    const guess = (i: number) => ({ authorization: `Bearer guessed.token.${i}` });
    const paths = [
      actions.getPayments.path,
      actions.exportReport.path,
      reportCsvPath,
      actions.getBalances.path,
    ];
    const answers = [];
    for (let i = 0; i < 500; i++)
      answers.push(await post(paths[i % paths.length] as string, '192.0.2.9', guess(i)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.slice(0, 300).every((s) => s === 403)).toBe(true);
    expect(statuses.slice(300).every((s) => s === 429)).toBe(true);
    expect(answers[499]?.json()).toMatchObject({ status: 'error', data: { code: 'RATE_LIMITED' } });
    // Another client has its own budget; a shopper's query is not a staff action; the next minute opens again.
    expect((await post(actions.getPayments.path, '192.0.2.10', guess(0))).statusCode).toBe(403);
    expect((await post(actions.productSearch.path, '192.0.2.9')).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await post(actions.getPayments.path, '192.0.2.9', guess(0))).statusCode).toBe(403);
  });
});
