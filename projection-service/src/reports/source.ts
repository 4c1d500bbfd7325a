import { type ReportName, type ReportRecord, USERS, type UserDocument } from '@wine/contracts';
import type { Collection, DocumentStore, Filter } from '@wine/platform';
import { MERCHANT_NAME } from '../invoices/detail.ts';
import { cutoffOf, type Names, type ReportWindow, refundFilter, reportFold, reportSource } from './books.ts';
import { LEDGER, type LedgerRow } from './ledger.ts';

/** The seller id of the merchant's own lots (the demo catalogue's, and lots an admin lists for the house). */
const HOUSE = 'house';

/** Rows read per piece: enough to be quick, few enough that an export of any size stays small in memory. */
export const PIECE = 500;

/** Keyset pages of the ledger in log order (`_id` is the position): a cursor over the read store. */
async function* pages(ledger: Collection<LedgerRow>, filter: Filter): AsyncGenerator<LedgerRow[]> {
  let after = '';
  for (;;) {
    const rows = await ledger.find(
      { ...filter, _id: { $gt: after } },
      { sort: { _id: 1 }, limit: PIECE, readonly: true },
    );
    if (rows.length > 0) yield rows;
    if (rows.length < PIECE) return;
    after = (rows.at(-1) as LedgerRow)._id;
  }
}

/** The rows of whole invoices issued in the window, some invoices at a time, each with every later row about it. */
async function* invoicePieces(ledger: Collection<LedgerRow>, w: ReportWindow): AsyncGenerator<LedgerRow[]> {
  const issued = { kind: 'invoice', occurred_at: { $gte: w.fromAt, $lte: cutoffOf(w) } };
  for await (const invoices of pages(ledger, issued)) {
    const related = await ledger.find(
      {
        invoice_id: { $in: invoices.map((i) => i.invoice_id) },
        kind: { $ne: 'invoice' },
        occurred_at: { $lte: w.asOf },
      },
      { sort: { _id: 1 }, readonly: true },
    );
    yield [...invoices, ...related];
  }
}

/** Issue 36: the offers made in the window, some at a time, each with every later row about it. */
async function* offerPieces(ledger: Collection<LedgerRow>, w: ReportWindow): AsyncGenerator<LedgerRow[]> {
  const made = { kind: 'offer_made', occurred_at: { $gte: w.fromAt, $lte: cutoffOf(w) } };
  for await (const offers of pages(ledger, made)) {
    const related = await ledger.find(
      {
        offer_id: { $in: offers.map((o) => o.offer_id) },
        kind: { $in: ['offer_accepted', 'offer_declined', 'offer_withdrawn', 'offer_expired'] },
        occurred_at: { $lte: w.asOf },
      },
      { sort: { _id: 1 }, readonly: true },
    );
    yield [...offers, ...related];
  }
}

const sourceFilters = {
  payments: (w: ReportWindow) => ({
    kind: { $in: ['payment', 'refund'] },
    occurred_at: { $gte: w.fromAt, $lte: cutoffOf(w) },
  }),
  balances: (w: ReportWindow) => ({
    kind: { $in: ['wallet_credit', 'wallet_debit', 'giftcard_issued', 'giftcard_redeemed'] },
    occurred_at: { $lte: cutoffOf(w) },
  }),
};

/** The people a piece of rows names, read from the users read model (names are not money facts). */
function nameBook(docs: DocumentStore) {
  const known = new Map<string, string>();
  const lookup: Names = (id) => known.get(id) ?? '';
  return {
    lookup,
    async load(rows: readonly LedgerRow[]): Promise<void> {
      // Bounded: a long export forgets the names of pieces already written.
      if (known.size > 5_000) known.clear();
      const ids = new Set<string>();
      for (const r of rows)
        for (const id of [r.buyer_id, r.seller_id, r.user_id]) if (id && !known.has(id)) ids.add(id);
      if (ids.size === 0) return;
      const users = await docs
        .collection<UserDocument>(USERS)
        .find({ _id: { $in: [...ids] } }, { projection: { first_name: 1, last_name: 1, email: 1 } });
      for (const u of users) {
        known.set(u._id, `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() || String(u.email ?? ''));
      }
      // Issue 31: the house's own lots are the merchant's (no user behind 'house'): a name, never empty.
      for (const id of ids) if (!known.has(id)) known.set(id, id === HOUSE ? MERCHANT_NAME : '');
    },
  };
}

/**
 * A report's records read from the ledger read model piece by piece, as they are made: the queries
 * page them, the export streams them (memory stays that of one piece, whatever the report's size).
 */
export async function* reportRecords(
  docs: DocumentStore,
  report: ReportName,
  w: ReportWindow,
): AsyncGenerator<ReportRecord[]> {
  const ledger = docs.collection<LedgerRow>(LEDGER);
  const names = nameBook(docs);
  const fold = reportFold(report, w, names.lookup);
  const source = reportSource[report];
  const pieces =
    source === 'invoices'
      ? invoicePieces(ledger, w)
      : source === 'offers'
        ? offerPieces(ledger, w)
        : pages(ledger, sourceFilters[source](w));
  for await (const rows of pieces) {
    await names.load(rows);
    const records = fold.push(rows);
    if (records.length > 0) yield records;
  }
  if (fold.refunds) {
    for await (const rows of pages(ledger, refundFilter(w))) {
      const records = fold.refunds(rows);
      if (records.length > 0) yield records;
    }
  }
  const rest = fold.finish();
  if (rest.length > 0) yield rest;
}
