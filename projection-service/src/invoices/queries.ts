import { actions, invoicePdfPath } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { invoiceDetail, invoiceSummary, transactionView } from './detail.ts';
import { renderInvoicePdf } from './pdf.ts';
import {
  INVOICE_TRANSACTIONS,
  INVOICES,
  type InvoiceDocument,
  type InvoiceTransactionDocument,
} from './project.ts';
import { unpaidStatuses } from './status.ts';

/** The roles that may open any buyer's invoice. */
const INVOICE_STAFF: readonly string[] = ['admin', 'finance'];

/** The invoices read model's queries: the caller's own invoices, one in detail or as a PDF, their payments. */
export const invoiceQueries: QueryPlugin = async (app, { docs, auth, settings }) => {
  const { authorize, viewerOf, rolesOf } = auth;
  /**
   * Issue 31: the staff who work on money and returns (finance, admins) open any invoice; a buyer only
   * their own (someone else's answers as not found).
   */
  const ownerFilter = (request: Parameters<typeof viewerOf>[0]) =>
    rolesOf(request).some((role) => INVOICE_STAFF.includes(role)) ? null : (viewerOf(request) as string);
  const invoices = () => docs.collection<InvoiceDocument>(INVOICES);
  const transactions = () => docs.collection<InvoiceTransactionDocument>(INVOICE_TRANSACTIONS);

  // seeds 001 §7 invoice/allinvoices: paid, or still to pay (unpaid and partly paid); newest first.
  registerAction(app, actions.allinvoices, authorize, async ({ status, kind, page, limit }, { request }) => {
    const userId = viewerOf(request) as string;
    const filter = {
      buyer_id: userId,
      status: { $in: status === 'paid' ? ['paid'] : [...unpaidStatuses] },
      ...(kind !== undefined && { kind }),
    };
    const [rows, totalRecords] = await Promise.all([
      invoices().find(filter, { sort: { created_position: -1 }, skip: (page - 1) * limit, limit }),
      invoices().countDocuments(filter),
    ]);
    return { records: rows.map(invoiceSummary), totalRecords };
  });

  // seeds 001 §7 invoice/getInvoiceDetails.
  registerAction(app, actions.invoice, authorize, async ({ id }, { request }) => {
    const { money, merchant } = await settings();
    return invoiceDetail(docs, money, ownerFilter(request), id, merchant.name);
  });

  // seeds 001 §7 invoice/alltransactions: the payments and refunds of all the caller's invoices.
  registerAction(app, actions.alltransactions, authorize, async ({ page, limit }, { request }) => {
    const userId = viewerOf(request) as string;
    const own = await invoices().find({ buyer_id: userId }, { projection: { _id: 1, number: 1 } });
    const numbers = new Map(own.map((i) => [i._id, i.number ?? null]));
    const filter = { invoice_id: { $in: own.map((i) => i._id) } };
    const [rows, totalRecords] = await Promise.all([
      transactions().find(filter, { sort: { created_position: -1 }, skip: (page - 1) * limit, limit }),
      transactions().countDocuments(filter),
    ]);
    return {
      records: rows.map((row) => ({
        ...transactionView(row),
        invoice_number: numbers.get(row.invoice_id) ?? null,
      })),
      totalRecords,
    };
  });

  /** Issue 35 §2: the caller's payments waiting for them or for the provider, on some of their invoices. */
  const pending = async (userId: string, only?: readonly string[]) => {
    const own = await invoices().find(
      { buyer_id: userId, ...(only && { _id: { $in: [...only] } }) },
      { projection: { _id: 1, number: 1 } },
    );
    const numbers = new Map(own.map((i) => [i._id, i.number ?? null]));
    const rows = await transactions().find(
      { invoice_id: { $in: own.map((i) => i._id) }, status: { $in: ['pending', 'action_required'] } },
      { sort: { created_position: 1 }, limit: 100 },
    );
    const records = rows.map((row) => ({
      ...transactionView(row),
      invoice_number: numbers.get(row.invoice_id) ?? null,
    }));
    return { records, totalRecords: records.length };
  };
  registerAction(app, actions.getPendingTransaction, authorize, async (_input, { request }) =>
    pending(viewerOf(request) as string),
  );
  registerAction(app, actions.getPendingOnCartTransaction, authorize, async ({ invoice_ids }, { request }) =>
    pending(viewerOf(request) as string, invoice_ids),
  );

  // The invoice as a PDF: a GET (a link the browser downloads), with the same bearer check as the
  // actions above, made before anything is read; someone else's invoice is not found, as above.
  app.get<{ Params: { id: string } }>(
    `${invoicePdfPath('')}:id`,
    { preHandler: (request) => authorize(request, actions.invoice) },
    async (request, reply) => {
      const id = request.params.id;
      const { money, merchant } = await settings();
      const detail = await invoiceDetail(docs, money, ownerFilter(request), id, merchant.name);
      const pdf = await renderInvoicePdf(detail, merchant);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${id.replace(/[^\w.-]/g, '_')}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
