import type { CsvExport } from '@wine/contracts';
import { type Clock, csvCast, type DocumentStore } from '@wine/platform';
import { stringify } from 'csv-stringify/sync';
import { lotViewsOf } from '../lots/view.ts';
import { WATCHLISTS, type WatchlistDocument } from '../watchlists/project.ts';
import { dollars } from './csv.ts';

/** seeds 001 §7 user/exportWatchlist: the user's watchlist, latest added first, as CSV (UTF-8, BOM). */
export async function watchlistCsv(docs: DocumentStore, clock: Clock, userId: string): Promise<CsvExport> {
  const rows = await docs
    .collection<WatchlistDocument>(WATCHLISTS)
    .find({ user_id: userId }, { sort: { added_at: -1 } });
  const added = new Map(rows.map((r) => [r.lot_id, r.added_at]));
  const lots = await lotViewsOf(
    docs,
    clock,
    rows.map((r) => r.lot_id),
    userId,
  );
  const records = stringify(
    lots.map((lot) => [
      lot.id,
      lot.title,
      lot.market_status,
      dollars(lot.wprice),
      lot.bprice === null ? '' : dollars(lot.bprice),
      lot.date_closed,
      added.get(lot.id) ?? '',
    ]),
    {
      bom: true,
      header: true,
      columns: [
        'lot_id',
        'title',
        'market_status',
        'price_usd',
        'buy_now_price_usd',
        'date_closed',
        'added_at',
      ],
      // A lot titled `=cmd|' /C calc'!A0` is written as text, never as a formula (OWASP).
      cast: csvCast,
    },
  );
  return { filename: `watchlist_${clock.now().toISOString().slice(0, 10)}.csv`, records };
}
