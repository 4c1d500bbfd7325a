import { START, type WalletEvent } from '@wine/event-schemas';
import { guardedPipeline } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const WALLETS = 'wallets';

/** One line of the credit history (seeds 001 "Credit history"), with the balance after it. */
export interface WalletEntryDocument {
  id: string;
  type: 'credit' | 'debit';
  amount: number;
  source: string;
  reference: string;
  balance: number;
  created_at: string;
}

/**
 * A user's wallet (`wallet-<userId>`, DOMAIN.md "Money"): the balance and every entry in log order.
 * The entries live on the wallet so each can carry the balance after it, computed from the wallet's
 * own balance when it is applied.
 */
export interface WalletDocument {
  _id: string;
  [key: string]: unknown;
  user_id: string;
  balance: number;
  entries: WalletEntryDocument[];
  _position: string;
}

type Entry = Omit<WalletEntryDocument, 'balance' | 'created_at'>;

/**
 * How an event moves the balance, as a line of the history: a credit, a debit, a deposit held (a
 * debit) or released (a credit); an applied deposit gives back what it did not spend. Null when the
 * balance does not move.
 */
function entryOf(e: WalletEvent, eventId: string): Entry | null {
  switch (e.type) {
    case 'WalletCredited':
      return {
        id: e.data.entryId,
        type: 'credit',
        amount: e.data.amount,
        source: e.data.source,
        reference: e.data.reference,
      };
    case 'WalletDebited':
      return {
        id: e.data.entryId,
        type: 'debit',
        amount: e.data.amount,
        source: e.data.purpose,
        reference: e.data.reference,
      };
    case 'DepositHeld':
      return {
        id: eventId,
        type: 'debit',
        amount: e.data.amount,
        source: 'deposit',
        reference: e.data.depositId,
      };
    case 'DepositReleased':
      return {
        id: eventId,
        type: 'credit',
        amount: e.data.amount,
        source: 'deposit_release',
        reference: e.data.depositId,
      };
    case 'DepositApplied':
      return e.data.returned > 0
        ? {
            id: eventId,
            type: 'credit',
            amount: e.data.returned,
            source: 'deposit_release',
            reference: e.data.depositId,
          }
        : null;
    default:
      return null;
  }
}

/** The wallets read model: the balance that may be spent, and the history with its running balance. */
export const walletsProjection = defineProjection<WalletEvent>({
  name: 'wallets',
  collections: [WALLETS],
  handles: ['WalletCredited', 'WalletDebited', 'DepositHeld', 'DepositReleased', 'DepositApplied'],
  project(event): ProjectedOperation[] {
    if (!event.streamName.startsWith('wallet-')) return [];
    const userId = event.streamName.slice('wallet-'.length);
    const found = entryOf(event, event.id);
    if (!found) return [];
    const credit = found.type === 'credit';
    const entry = { ...found, created_at: event.metadata.occurredAt };
    const literal = Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, { $literal: v }]));
    return [
      {
        collection: WALLETS,
        operation: {
          updateOne: {
            filter: { _id: userId },
            update: { $setOnInsert: { user_id: userId, balance: 0, entries: [], _position: START } },
            upsert: true,
          },
        },
      },
      guardedPipeline(WALLETS, userId, event, [
        { $set: { balance: { [credit ? '$add' : '$subtract']: ['$balance', entry.amount] } } },
        { $set: { entries: { $concatArrays: ['$entries', [{ ...literal, balance: '$balance' }]] } } },
      ]),
    ];
  },
});
