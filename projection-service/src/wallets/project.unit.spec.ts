import type { DocumentStore } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { WALLETS, type WalletDocument, walletsProjection } from './project.ts';

const walletOf = async (docs: DocumentStore, userId = 'ann') =>
  docs.collection<WalletDocument>(WALLETS).findOne({ _id: userId });

function history() {
  const record = eventRecorder();
  return [
    record('wallet-ann', 'WalletCredited', {
      entryId: 'w-1',
      amount: 10_000,
      source: 'card',
      reference: 'ch_1',
    }),
    record('wallet-ann', 'WalletDebited', {
      entryId: 'w-2',
      amount: 2_500,
      purpose: 'invoice',
      reference: 'inv-1',
    }),
    record('wallet-bob', 'WalletCredited', {
      entryId: 'w-1',
      amount: 700,
      source: 'giftcard',
      reference: '1234',
    }),
    record('wallet-ann', 'WalletCredited', {
      entryId: 'w-3',
      amount: 1_000,
      source: 'refund',
      reference: 'inv-1',
    }),
  ];
}

describe('wallets projection', () => {
  it('keeps credits less debits as the balance, and each entry with the balance after it', async () => {
    const events = history();
    const wallet = await walletOf(await applyEvents([walletsProjection], events));
    expect(wallet?.balance).toBe(8_500);
    expect(wallet?.entries).toEqual([
      {
        id: 'w-1',
        type: 'credit',
        amount: 10_000,
        source: 'card',
        reference: 'ch_1',
        balance: 10_000,
        created_at: events[0]?.metadata.occurredAt,
      },
      {
        id: 'w-2',
        type: 'debit',
        amount: 2_500,
        source: 'invoice',
        reference: 'inv-1',
        balance: 7_500,
        created_at: events[1]?.metadata.occurredAt,
      },
      {
        id: 'w-3',
        type: 'credit',
        amount: 1_000,
        source: 'refund',
        reference: 'inv-1',
        balance: 8_500,
        created_at: events[3]?.metadata.occurredAt,
      },
    ]);
  });

  it("keeps each user's wallet apart", async () => {
    const docs = await applyEvents([walletsProjection], history());
    expect(await walletOf(docs, 'bob')).toMatchObject({
      user_id: 'bob',
      balance: 700,
      entries: [{ balance: 700 }],
    });
  });

  it('is idempotent when the events are delivered twice', async () => {
    const events = history();
    const once = await applyEvents([walletsProjection], events);
    const twice = await applyEvents([walletsProjection], [...events, ...events]);
    expect(await walletOf(twice)).toEqual(await walletOf(once));
  });
});
