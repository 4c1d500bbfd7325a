import { actions } from '@wine/contracts';
import { AppError, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { invoiceSummary, transactionView } from '../invoices/detail.ts';
import {
  INVOICE_TRANSACTIONS,
  INVOICES,
  type InvoiceDocument,
  type InvoiceTransactionDocument,
} from '../invoices/project.ts';
import { RETURNS, type ReturnDocument } from './project.ts';
import { invoicesOf, returnView, staffReturns } from './views.ts';

/** Waiting for the staff: a decision, the wine, or the refund (issue 31). */
const open = ['requested', 'accepted', 'received', 'refunding'];

/** The returns read model's queries: the caller's returns, one in detail, and the staff's list. */
export const returnQueries: QueryPlugin = async (app, { docs, auth }) => {
  const { authorize, viewerOf } = auth;
  const returns = () => docs.collection<ReturnDocument>(RETURNS);
  const invoices = () => docs.collection<InvoiceDocument>(INVOICES);

  // seeds 001 §7 product/allreturns: the caller's returns, newest first; those of one invoice if named.
  registerAction(app, actions.allreturns, authorize, async ({ page, limit, invoice_id }, { request }) => {
    const userId = viewerOf(request) as string;
    const own = await invoices().find(
      { buyer_id: userId, ...(invoice_id !== undefined && { _id: invoice_id }) },
      { projection: { _id: 1 } },
    );
    const filter = { invoice_id: { $in: own.map((i) => i._id) } };
    const [rows, totalRecords] = await Promise.all([
      returns().find(filter, { sort: { requested_position: -1 }, skip: (page - 1) * limit, limit }),
      returns().countDocuments(filter),
    ]);
    const byId = await invoicesOf(docs, rows);
    return { records: rows.map((row) => returnView(row, byId.get(row.invoice_id))), totalRecords };
  });

  // seeds 001 §7 product/returninvoice: one return with its invoice and the refund that settled it.
  // Someone else's return is answered as an unknown one.
  registerAction(app, actions.returninvoice, authorize, async ({ id }, { request }) => {
    const userId = viewerOf(request) as string;
    const row = await returns().findOne({ _id: id });
    const invoice = row ? await invoices().findOne({ _id: row.invoice_id, buyer_id: userId }) : null;
    if (!row || !invoice) throw new AppError('RETURN_NOT_FOUND', { field: 'id' });
    // Every part of its refund (card and wallet), by the return it names.
    const refunds = await docs
      .collection<InvoiceTransactionDocument>(INVOICE_TRANSACTIONS)
      .find({ invoice_id: row.invoice_id, type: 'refund', return_id: row.id });
    return {
      ...returnView(row, invoice),
      invoice: invoiceSummary(invoice),
      returnTransactions: refunds.map(transactionView),
    };
  });

  // Finance and admins: the returns waiting for a decision (oldest first, as they are to be worked
  // through), or those decided (newest first), or all.
  registerAction(app, actions.staffReturns, authorize, async ({ page, limit, status }) => {
    const filter =
      status === 'open' ? { status: { $in: open } } : status === 'decided' ? { status: { $nin: open } } : {};
    const sort = { requested_position: status === 'open' ? 1 : -1 } as const;
    const [rows, totalRecords] = await Promise.all([
      returns().find(filter, { sort, skip: (page - 1) * limit, limit }),
      returns().countDocuments(filter),
    ]);
    return { records: await staffReturns(docs, rows), totalRecords };
  });
};
