import { actions } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { WALLETS, type WalletDocument } from './project.ts';

/** The seeds' list caption: 'Showing 1-20 of 45', or nothing for an empty list. */
export function setDisp(page: number, limit: number, shown: number, total: number): string {
  if (shown === 0) return '';
  const from = (page - 1) * limit + 1;
  return `Showing ${from}-${from + shown - 1} of ${total}`;
}

/** The wallets read model's query: the caller's credit history and balance. */
export const walletQueries: QueryPlugin = async (app, { docs, auth }) => {
  const { authorize, viewerOf } = auth;

  // seeds 001 §7 credit/getCreditHistory: newest first, each entry with the balance after it.
  registerAction(app, actions.getCreditHistory, authorize, async ({ page, limit }, { request }) => {
    const userId = viewerOf(request) as string;
    const wallet = await docs.collection<WalletDocument>(WALLETS).findOne({ _id: userId });
    const entries = wallet?.entries ?? [];
    const total = entries.length;
    // The entries are kept oldest first: page p, newest first, is a slice from the end.
    const end = Math.max(0, total - (page - 1) * limit);
    const records = entries
      .slice(Math.max(0, end - limit), end)
      .reverse()
      .map(({ id, type, amount, source, reference, balance, created_at }) => ({
        id,
        type,
        amount,
        source,
        reference,
        balance,
        created_at,
      }));
    return {
      records,
      totalRecords: total,
      setDisp: setDisp(page, limit, records.length, total),
      balance: wallet?.balance ?? 0,
    };
  });
};
