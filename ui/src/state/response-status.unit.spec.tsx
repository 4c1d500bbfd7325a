import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, call, callForStatus, configureApi, statusOfError } from '../api/client.ts';
import { Failure, fakeApi, withMessage } from '../test-utils/fake-api.ts';
import { alertOfStatus, alertsAtom, showStatusAtom } from './alerts.ts';

/**
 * seeds 000 §3.2 / §4.9, 001 §4 (issue 38 §6): every call ends in a response status (status, message,
 * type, data, from, noAlert); one place (showStatusAtom) shows it as an alert unless its call said
 * noAlert, and keeps nothing after.
 */
let restore = () => {};
afterEach(() => restore());

const api = () => {
  const served = fakeApi({
    addWatchlist: () => withMessage('Added to watchlist', { watchlistid: 1 as const }),
    removeWatchlist: () => ({ watchlistid: 0 as const }),
    productLot: () => {
      throw new Failure('Lot not found', 404);
    },
  });
  restore = configureApi({ fetch: served.fetch, getToken: () => 'tok' });
  return served;
};
const alerts = (store: ReturnType<typeof createStore>) =>
  store.get(alertsAtom).map(({ msg, type }) => ({ msg, type }));

describe('response status objects', () => {
  it("answers a call's status with its message, type, data, action and noAlert", async () => {
    api();
    expect(await callForStatus('addWatchlist', { project_id: 'lot-1' })).toEqual({
      status: 'success',
      message: 'Added to watchlist',
      type: 200,
      data: { watchlistid: 1 },
      from: 'addWatchlist',
      noAlert: false,
    });
    expect(await callForStatus('addWatchlist', { project_id: 'lot-1' }, { noAlert: true })).toMatchObject({
      noAlert: true,
    });
  });

  it("reads a failure's status from its error: the action, the server's message and the call's noAlert", async () => {
    api();
    const loud = await call('productLot', { id: 'x' }).catch((e: unknown) => e);
    expect(statusOfError(loud)).toEqual({
      status: 'error',
      message: 'Lot not found',
      type: 404,
      data: null,
      from: 'productLot',
      noAlert: false,
    });
    const quiet = await call('productLot', { id: 'x' }, { noAlert: true }).catch((e: unknown) => e);
    expect(statusOfError(quiet)).toMatchObject({ from: 'productLot', noAlert: true });
    // Nothing answered at all: the generic text, type 0, and still the call's noAlert.
    restore = configureApi({
      fetch: async () => {
        throw new TypeError('offline');
      },
    });
    const offline = await call('productLot', { id: 'x' }, { noAlert: true }).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(ApiError);
    expect(statusOfError(offline)).toMatchObject({
      message: 'Something went wrong!',
      type: 0,
      from: 'productLot',
      noAlert: true,
    });
    expect(statusOfError(new Error(''))).toMatchObject({ message: 'Something went wrong!', from: null });
  });
});

describe('showStatusAtom, the one place a status becomes a toast', () => {
  it('shows a status as an alert unless its call said noAlert', async () => {
    api();
    const store = createStore();
    store.set(showStatusAtom, await callForStatus('addWatchlist', { project_id: 'l' }, { noAlert: true }));
    store.set(showStatusAtom, {
      error: await call('productLot', { id: 'x' }, { noAlert: true }).catch((e) => e),
    });
    expect(store.get(alertsAtom)).toEqual([]);
    store.set(showStatusAtom, await callForStatus('addWatchlist', { project_id: 'l' }));
    store.set(showStatusAtom, { error: await call('productLot', { id: 'x' }).catch((e) => e) });
    expect(alerts(store)).toEqual([
      { msg: 'Added to watchlist', type: 'success' },
      { msg: 'Lot not found', type: 'error' },
    ]);
  });

  it("says the screen's own words when the server said only 'ok', and nothing without them", async () => {
    api();
    const store = createStore();
    const ok = await callForStatus('removeWatchlist', { project_id: 'l' });
    expect(ok.message).toBe('ok');
    store.set(showStatusAtom, ok);
    expect(store.get(alertsAtom)).toEqual([]);
    store.set(showStatusAtom, ok, 'Removed from watchlist');
    expect(alerts(store)).toEqual([{ msg: 'Removed from watchlist', type: 'success' }]);
  });

  it('decides by the status alone (alertOfStatus)', () => {
    expect(alertOfStatus({ status: 'error', message: '', noAlert: false })).toEqual({
      msg: 'Something went wrong!',
      type: 'error',
    });
    expect(alertOfStatus({ status: 'error', message: 'Refused', noAlert: true })).toBeNull();
    expect(alertOfStatus({ status: 'success', message: 'Saved', noAlert: false }, 'Done')).toEqual({
      msg: 'Saved',
      type: 'success',
    });
  });
});
