import type { WalletEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

/** A user's wallet (`wallet-<userId>`): its balance in cents and the entries it holds. */
export interface Wallet {
  balance: number;
  entries: ReadonlySet<string>;
}

type Credited = Extract<WalletEvent, { type: 'WalletCredited' }>['data'];
type Debited = Extract<WalletEvent, { type: 'WalletDebited' }>['data'];

export type WalletCommand = { type: 'Credit'; entry: Credited } | { type: 'Debit'; entry: Debited };

export function evolveWallet(state: Wallet, event: WalletEvent): Wallet {
  const entries = new Set(state.entries).add(event.data.entryId);
  switch (event.type) {
    case 'WalletCredited':
      return { balance: state.balance + event.data.amount, entries };
    case 'WalletDebited':
      return { balance: state.balance - event.data.amount, entries };
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
  if (state.entries.has(command.entry.entryId)) return [];
  switch (command.type) {
    case 'Credit':
      return [{ type: 'WalletCredited', data: command.entry }];
    case 'Debit':
      if (command.entry.amount > state.balance) throw new AppError('WALLET_INSUFFICIENT');
      return [{ type: 'WalletDebited', data: command.entry }];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const walletDecider: Decider<WalletCommand, WalletEvent, Wallet> = {
  decide: decideWallet,
  evolve: evolveWallet,
  initialState: () => ({ balance: 0, entries: new Set() }),
};
