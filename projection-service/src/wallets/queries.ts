import { actions, USERS, type UserDocument } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { itemView, lotsOfLines } from '../invoices/detail.ts';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';
import { DEPOSITS, type DepositDocument } from './deposits.ts';
import { WALLETS, type WalletDocument } from './project.ts';

/** The seeds' list caption: 'Showing 1-20 of 45', or nothing for an empty list. */
/** The deposits held the staff's list shows at most (the newest). */
const STAFF_DEPOSITS_SHOWN = 500;

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

  // seeds 001 §7 deposit/alldeposits: the caller's bid deposits, newest first, and what they hold.
  registerAction(app, actions.deposits, authorize, async ({ page, limit }, { request }) => {
    const userId = viewerOf(request) as string;
    const deposits = docs.collection<DepositDocument>(DEPOSITS);
    const filter = { user_id: userId };
    const [rows, totalRecords, held] = await Promise.all([
      deposits.find(filter, { sort: { created_at: -1, _id: 1 }, skip: (page - 1) * limit, limit }),
      deposits.countDocuments(filter),
      deposits.find({ user_id: userId, status: 'held' }, { projection: { amount: 1 } }),
    ]);
    // Issue 38 §2 (seeds 001 §3 "Deposits: invoiceItems"): the lines of the invoices this page's
    // deposits paid.
    const paidWith = new Map(
      rows.flatMap((d) => (d.invoice_id ? [[d.invoice_id, d.deposit_id] as const] : [])),
    );
    const paid = paidWith.size
      ? await docs
          .collection<InvoiceDocument>(INVOICES)
          .find({ _id: { $in: [...paidWith.keys()] }, buyer_id: userId })
      : [];
    const lots = await lotsOfLines(docs, paid);
    const invoiceItems = paid.flatMap((invoice) =>
      invoice.items.map((line) => ({
        ...itemView(line, lots.get(line.product_id)),
        deposit_id: paidWith.get(invoice._id) as string,
        invoice_id: invoice._id,
      })),
    );
    return {
      invoiceItems,
      records: rows.map((d) => ({
        id: d.deposit_id,
        amount: d.amount,
        lot_id: d.lot_id,
        status: d.status,
        invoice_id: d.invoice_id,
        applied: d.applied,
        created_at: d.created_at,
        decided_at: d.decided_at,
      })),
      totalRecords,
      setDisp: setDisp(page, limit, rows.length, totalRecords),
      held: held.reduce((sum, d) => sum + d.amount, 0),
    };
  });

  // Issue 34 "The day's work": every deposit held now, newest first (a merchant holds tens), with
  // whose it is, for finance to release.
  registerAction(app, actions.staffDeposits, authorize, async () => {
    const held = await docs
      .collection<DepositDocument>(DEPOSITS)
      .find({ status: 'held' }, { sort: { created_at: -1 }, limit: STAFF_DEPOSITS_SHOWN });
    const users = await docs
      .collection<UserDocument>(USERS)
      .find({ _id: { $in: [...new Set(held.map((d) => d.user_id))] } });
    const nameOf = new Map(users.map((u) => [u._id, `${u.first_name} ${u.last_name}`.trim() || u.email]));
    return {
      records: held.map((d) => ({
        id: d.deposit_id,
        user_id: d.user_id,
        buyer_name: nameOf.get(d.user_id) ?? d.user_id,
        amount: d.amount,
        lot_id: d.lot_id,
        created_at: d.created_at,
      })),
      totalRecords: held.length,
    };
  });
};
