import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { sessionAtom } from '../state/session.ts';
import { aUser } from '../test-utils/fixtures.ts';
import { ApiError } from './client.ts';
import { actionKey, invalidateAction } from './queries.ts';
import { bindQueriesToSession, createQueryClient } from './query-client.ts';

describe('the query cache', () => {
  it("forgets the last session's answers when another begins, and keeps the public ones", () => {
    const store = createStore();
    store.set(sessionAtom, { status: 'authenticated', token: 'tok-1', user: aUser() });
    const queryClient = createQueryClient();
    queryClient.setQueryData(actionKey('getCards', {}), { data: [], has_more: false });
    queryClient.setQueryData(actionKey('getDefault', {}), { marker: 'bundle' });
    const unbind = bindQueriesToSession(store, queryClient);

    store.set(sessionAtom, { status: 'authenticated', token: 'tok-7', user: aUser({ id: 'user-7' }) });

    expect(queryClient.getQueryData(actionKey('getCards', {}))).toBeUndefined();
    expect(queryClient.getQueryData(actionKey('getDefault', {}))).toEqual({ marker: 'bundle' });
    unbind();
    queryClient.clear();
  });

  it('tries a read again only when nothing answered it', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    if (typeof retry !== 'function') return expect.fail('retry is a policy');
    expect(retry(0, new ApiError('', 0))).toBe(true);
    expect(retry(0, new ApiError('', 503))).toBe(true);
    expect(retry(2, new ApiError('', 0))).toBe(false);
    expect(retry(0, new ApiError('Lot not found', 404, null, 'NOT_FOUND'))).toBe(false);
    expect(retry(0, new ApiError('Session expired', 403, null, 'SESSION_INVALID'))).toBe(false);
  });

  it('marks stale the queries of one action, or only those whose input includes what is given', async () => {
    const queryClient = createQueryClient();
    const page = (id: string, n: number) => actionKey('bidHistory', { id, page: n, limit: 10 });
    for (const key of [page('lot-1', 1), page('lot-1', 2), page('lot-2', 1)]) {
      queryClient.setQueryData(key, { records: [], totalRecords: 0 });
    }
    await invalidateAction(queryClient, 'bidHistory', { id: 'lot-1' });
    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect([stale(page('lot-1', 1)), stale(page('lot-1', 2)), stale(page('lot-2', 1))]).toEqual([
      true,
      true,
      false,
    ]);
    await invalidateAction(queryClient, 'bidHistory');
    expect(stale(page('lot-2', 1))).toBe(true);
    queryClient.clear();
  });
});
