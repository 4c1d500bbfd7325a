import { manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { walletsProjection } from './project.ts';
import { setDisp, walletQueries } from './queries.ts';

const clock = manualClock('2026-11-23T12:00:00.000Z');

/** ann: 45 entries, $10 credited each time and $4 spent after every fourth; bob: one gift card. */
async function wallets() {
  const record = eventRecorder();
  const events = [];
  for (let i = 1; i <= 45; i += 1) {
    events.push(
      i % 5 === 0
        ? record('wallet-ann', 'WalletDebited', {
            entryId: `w-${i}`,
            amount: 400,
            purpose: 'invoice',
            reference: `inv-${i}`,
          })
        : record('wallet-ann', 'WalletCredited', {
            entryId: `w-${i}`,
            amount: 1_000,
            source: 'card',
            reference: `ch_${i}`,
          }),
    );
  }
  events.push(
    record('wallet-bob', 'WalletCredited', {
      entryId: 'g-1',
      amount: 2_500,
      source: 'giftcard',
      reference: '4321',
    }),
  );
  return queryApp(walletQueries, await applyEvents([walletsProjection], events), clock);
}

describe('credit history (/api/credit/getCreditHistory)', () => {
  it('refuses a caller without a token with 403', async () => {
    const { app, post } = await wallets();
    expect((await post('/api/credit/getCreditHistory', {})).statusCode).toBe(403);
    await app.close();
  });

  it("answers the caller's entries newest first, each with the balance after it, and the balance", async () => {
    const { app, post, signIn } = await wallets();
    const history = (await post('/api/credit/getCreditHistory', {}, await signIn('ann'))).json().data
      .responseData;
    // 36 credits of $10 less 9 debits of $4.
    expect(history.balance).toBe(32_400);
    expect(history.totalRecords).toBe(45);
    expect(history.setDisp).toBe('Showing 1-20 of 45');
    expect(history.records).toHaveLength(20);
    expect(history.records[0]).toEqual({
      id: 'w-45',
      type: 'debit',
      amount: 400,
      source: 'invoice',
      reference: 'inv-45',
      balance: 32_400,
      created_at: expect.any(String),
    });
    expect(history.records[1]).toMatchObject({ id: 'w-44', type: 'credit', source: 'card', balance: 32_800 });
    await app.close();
  });

  it('pages from the newest: the last page holds the oldest entries', async () => {
    const { app, post, signIn } = await wallets();
    const ann = await signIn('ann');
    const last = (await post('/api/credit/getCreditHistory', { page: 3, limit: 20 }, ann)).json().data
      .responseData;
    expect(last.records.map((r: { id: string }) => r.id)).toEqual(['w-5', 'w-4', 'w-3', 'w-2', 'w-1']);
    expect(last.records.at(-1)).toMatchObject({ balance: 1_000 });
    expect(last.setDisp).toBe('Showing 41-45 of 45');
    const beyond = (await post('/api/credit/getCreditHistory', { page: 4, limit: 20 }, ann)).json().data
      .responseData;
    expect(beyond).toMatchObject({ records: [], totalRecords: 45, setDisp: '', balance: 32_400 });
    await app.close();
  });

  it('shows each user their own wallet only, and an empty one to a user with none', async () => {
    const { app, post, signIn } = await wallets();
    const bob = (await post('/api/credit/getCreditHistory', {}, await signIn('bob'))).json().data
      .responseData;
    expect(bob).toMatchObject({ balance: 2_500, totalRecords: 1, setDisp: 'Showing 1-1 of 1' });
    expect(bob.records.map((r: { id: string }) => r.id)).toEqual(['g-1']);
    const cat = (await post('/api/credit/getCreditHistory', {}, await signIn('cat'))).json().data
      .responseData;
    expect(cat).toEqual({ records: [], totalRecords: 0, setDisp: '', balance: 0 });
    await app.close();
  });
});

describe('setDisp', () => {
  it('says which entries a page shows', () => {
    expect(setDisp(2, 20, 20, 45)).toBe('Showing 21-40 of 45');
    expect(setDisp(1, 20, 0, 0)).toBe('');
  });
});
