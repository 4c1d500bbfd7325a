import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { DEPOSITS, type DepositDocument, depositsProjection } from './deposits.ts';
import { WALLETS, type WalletDocument, walletsProjection } from './project.ts';

function history() {
  const record = eventRecorder();
  return [
    record('wallet-ann', 'WalletCredited', {
      entryId: 'w-1',
      amount: 10_000,
      source: 'card',
      reference: 'ch_1',
    }),
    record('wallet-ann', 'DepositHeld', { depositId: 'd-1', amount: 6_000, lotId: 'lot-1' }),
    record('wallet-ann', 'DepositHeld', { depositId: 'd-2', amount: 3_000, lotId: null }),
    record('wallet-ann', 'DepositApplied', {
      depositId: 'd-1',
      invoiceId: 'B-1',
      applied: 4_410,
      returned: 1_590,
    }),
    record('wallet-ann', 'DepositReleased', { depositId: 'd-2', amount: 3_000 }),
  ];
}

describe('deposits on the wallet', () => {
  it('take a held deposit out of the balance and give back what it did not pay', async () => {
    const docs = await applyEvents([walletsProjection, depositsProjection], history());
    const wallet = await docs.collection<WalletDocument>(WALLETS).findOne({ _id: 'ann' });
    expect(wallet?.balance).toBe(10_000 - 6_000 - 3_000 + 1_590 + 3_000);
    expect(wallet?.entries.map((e) => [e.type, e.source, e.amount, e.balance])).toEqual([
      ['credit', 'card', 10_000, 10_000],
      ['debit', 'deposit', 6_000, 4_000],
      ['debit', 'deposit', 3_000, 1_000],
      ['credit', 'deposit_release', 1_590, 2_590],
      ['credit', 'deposit_release', 3_000, 5_590],
    ]);
  });

  it('list each deposit with how it ended, the same when every event is applied twice', async () => {
    const events = history();
    const docs = await applyEvents([depositsProjection], [...events, ...events]);
    const rows = await docs.collection<DepositDocument>(DEPOSITS).find({}, { sort: { _id: 1 } });
    expect(rows.map((d) => [d.deposit_id, d.status, d.invoice_id, d.applied])).toEqual([
      ['d-1', 'applied', 'B-1', 4_410],
      ['d-2', 'released', null, 0],
    ]);
  });
});
