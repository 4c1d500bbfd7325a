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

  it('holds a bid deposit out of the balance, never more than the balance', () => {
    spec([credited('c1', 5_000)])
      .when({ type: 'HoldDeposit', depositId: 'd1', amount: 2_000, lotId: 'lot-1' })
      .then([{ type: 'DepositHeld', data: { depositId: 'd1', amount: 2_000, lotId: 'lot-1' } }]);
    spec([
      credited('c1', 5_000),
      { type: 'DepositHeld', data: { depositId: 'd1', amount: 4_000, lotId: null } },
    ])
      .when(debit('x', 1_001))
      .thenThrows({ code: 'WALLET_INSUFFICIENT' });
    spec([credited('c1', 1_000)])
      .when({ type: 'HoldDeposit', depositId: 'd1', amount: 1_001, lotId: null })
      .thenThrows({ code: 'WALLET_INSUFFICIENT' });
  });

  it('applies a deposit up to what the invoice needs and gives back the rest; releases it once', () => {
    const held = [
      credited('c1', 5_000),
      { type: 'DepositHeld', data: { depositId: 'd1', amount: 3_000, lotId: null } },
    ] as WalletEvent[];
    spec(held)
      .when({ type: 'ApplyDeposit', depositId: 'd1', invoiceId: 'A-1', amount: 2_500 })
      .then([
        {
          type: 'DepositApplied',
          data: { depositId: 'd1', invoiceId: 'A-1', applied: 2_500, returned: 500 },
        },
      ]);
    spec(held)
      .when({ type: 'ReleaseDeposit', depositId: 'd1' })
      .then([{ type: 'DepositReleased', data: { depositId: 'd1', amount: 3_000 } }]);
    spec([...held, { type: 'DepositReleased', data: { depositId: 'd1', amount: 3_000 } }])
      .when({ type: 'ReleaseDeposit', depositId: 'd1' })
      .thenThrows({ code: 'DEPOSIT_NOT_FOUND' });
  });
});
