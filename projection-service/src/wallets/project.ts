import { type RecordedEvent, START, type WalletEvent } from '@wine/event-schemas';
import { guardedPipeline } from '../core/guarded.ts';
import type { ProjectedOperation, Projection } from '../core/projection.ts';

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

/** The wallets read model: balance = credits - debits, and the history with its running balance. */
export const walletsProjection: Projection = {
  name: 'wallets',
  collections: [WALLETS],
  handles: new Set(['WalletCredited', 'WalletDebited']),
  project(event: RecordedEvent): ProjectedOperation[] {
    if (!event.streamName.startsWith('wallet-')) return [];
    const userId = event.streamName.slice('wallet-'.length);
    const e = { type: event.type, data: event.data } as WalletEvent;
    const credit = e.type === 'WalletCredited';
    const entry = {
      id: e.data.entryId,
      type: credit ? 'credit' : 'debit',
      amount: e.data.amount,
      source: e.type === 'WalletCredited' ? e.data.source : e.data.purpose,
      reference: e.data.reference,
      created_at: event.metadata.occurredAt,
    } satisfies Omit<WalletEntryDocument, 'balance'>;
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
        { $set: { balance: { [credit ? '$add' : '$subtract']: ['$balance', e.data.amount] } } },
        { $set: { entries: { $concatArrays: ['$entries', [{ ...literal, balance: '$balance' }]] } } },
      ]),
    ];
  },
};
