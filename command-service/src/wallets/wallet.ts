import type { WalletEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

/** A user's wallet (`wallet-<userId>`): its balance in cents and the entries it holds. */
export interface Wallet {
  /** What may be spent: credits less debits and what deposits hold. */
  balance: number;
  entries: ReadonlySet<string>;
  /** Bid deposits held, by deposit id. */
  held: Readonly<Record<string, number>>;
}

type Credited = Extract<WalletEvent, { type: 'WalletCredited' }>['data'];
type Debited = Extract<WalletEvent, { type: 'WalletDebited' }>['data'];

export type WalletCommand =
  | { type: 'Credit'; entry: Credited }
  | { type: 'Debit'; entry: Debited }
  | { type: 'HoldDeposit'; depositId: string; amount: number; lotId: string | null }
  | { type: 'ReleaseDeposit'; depositId: string }
  | { type: 'ApplyDeposit'; depositId: string; invoiceId: string; amount: number };

const without = (held: Readonly<Record<string, number>>, depositId: string) => {
  const { [depositId]: _gone, ...rest } = held;
  return rest;
};

export function evolveWallet(state: Wallet, event: WalletEvent): Wallet {
  switch (event.type) {
    case 'WalletCredited':
      return {
        ...state,
        balance: state.balance + event.data.amount,
        entries: new Set(state.entries).add(event.data.entryId),
      };
    case 'WalletDebited':
      return {
        ...state,
        balance: state.balance - event.data.amount,
        entries: new Set(state.entries).add(event.data.entryId),
      };
    case 'DepositHeld':
      return {
        ...state,
        balance: state.balance - event.data.amount,
        held: { ...state.held, [event.data.depositId]: event.data.amount },
      };
    case 'DepositReleased':
      return {
        ...state,
        balance: state.balance + event.data.amount,
        held: without(state.held, event.data.depositId),
      };
    case 'DepositApplied':
      return {
        ...state,
        balance: state.balance + event.data.returned,
        held: without(state.held, event.data.depositId),
      };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

/**
 * DOMAIN.md "Money": a wallet never goes below zero. Two tabs spending at once are decided one after
 * the other on the stream's expected revision, so the second sees what the first took.
 */
export function decideWallet(command: WalletCommand, state: Wallet): WalletEvent[] {
  switch (command.type) {
    case 'Credit':
      if (state.entries.has(command.entry.entryId)) return [];
      return [{ type: 'WalletCredited', data: command.entry }];
    case 'Debit':
      if (state.entries.has(command.entry.entryId)) return [];
      if (command.entry.amount > state.balance) throw new AppError('WALLET_INSUFFICIENT');
      return [{ type: 'WalletDebited', data: command.entry }];
    case 'HoldDeposit': {
      const { depositId, amount, lotId } = command;
      if (amount > state.balance) throw new AppError('WALLET_INSUFFICIENT');
      return [{ type: 'DepositHeld', data: { depositId, amount, lotId } }];
    }
    case 'ReleaseDeposit': {
      const amount = state.held[command.depositId];
      if (amount === undefined) throw new AppError('DEPOSIT_NOT_FOUND');
      return [{ type: 'DepositReleased', data: { depositId: command.depositId, amount } }];
    }
    case 'ApplyDeposit': {
      const held = state.held[command.depositId];
      if (held === undefined) throw new AppError('DEPOSIT_NOT_FOUND');
      const applied = Math.min(held, command.amount);
      if (applied < 1) throw new AppError('INVOICE_PAID');
      const { depositId, invoiceId } = command;
      return [{ type: 'DepositApplied', data: { depositId, invoiceId, applied, returned: held - applied } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const walletDecider: Decider<WalletCommand, WalletEvent, Wallet> = {
  decide: decideWallet,
  evolve: evolveWallet,
  initialState: () => ({ balance: 0, entries: new Set(), held: {} }),
};
