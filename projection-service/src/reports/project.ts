import { defineProjection, type ProjectedOperation } from '../core/projection.ts';
import { LEDGER, type LedgerEvent, ledgerEventTypes, ledgerRowsOf } from './ledger.ts';

export { LEDGER, type LedgerRow } from './ledger.ts';

/**
 * The ledger read model: one immutable row per money fact. A row's id is its event's position (and
 * its place among that event's rows) and it is only ever inserted, so a redelivered event writes
 * nothing (the position is the guard) and the rows are the log's money, as it was appended.
 */
export const ledgerProjection = defineProjection<LedgerEvent>({
  name: 'ledger',
  collections: [LEDGER],
  handles: [...ledgerEventTypes],
  indexes: {
    [LEDGER]: [
      { key: { kind: 1, _id: 1 }, name: 'kind_position' },
      { key: { invoice_id: 1, _id: 1 }, name: 'invoice_position' },
    ],
  },
  project(event): ProjectedOperation[] {
    return ledgerRowsOf(event).map(({ _id, ...row }) => ({
      collection: LEDGER,
      operation: { updateOne: { filter: { _id }, update: { $setOnInsert: row }, upsert: true } },
    }));
  },
});
