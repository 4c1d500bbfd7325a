import type { WalletEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { walletDecider } from './wallet.ts';

const spec = deciderSpec(walletDecider);
const credited = (entryId: string, amount: number): WalletEvent => ({
  type: 'WalletCredited',
  data: { entryId, amount, source: 'card', reference: 'ch_1' },
});
const debit = (entryId: string, amount: number) =>
  ({ type: 'Debit', entry: { entryId, amount, purpose: 'invoice', reference: 'A-1' } }) as const;

describe('the wallet decider', () => {
  it('spends what the wallet holds, down to zero', () => {
    spec([credited('c1', 5_000)])
      .when(debit('d1', 5_000))
      .then([{ type: 'WalletDebited', data: debit('d1', 5_000).entry }]);
  });

  it('never goes below zero', () => {
    spec([credited('c1', 5_000)])
      .when(debit('d1', 5_001))
      .thenThrows({ code: 'WALLET_INSUFFICIENT', message: 'Your wallet balance is not enough' });
    spec([credited('c1', 5_000), { type: 'WalletDebited', data: debit('d1', 3_000).entry }])
      .when(debit('d2', 3_000))
      .thenThrows({ code: 'WALLET_INSUFFICIENT' });
  });

  it('records an entry once (a retried step)', () => {
    spec([credited('c1', 5_000)])
      .when({ type: 'Credit', entry: { entryId: 'c1', amount: 5_000, source: 'card', reference: 'ch_1' } })
      .then([]);
  });
});
