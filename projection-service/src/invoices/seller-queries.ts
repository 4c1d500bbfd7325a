import { actions, USERS, type UserDocument } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { INVOICES, type InvoiceDocument } from './project.ts';

/** A seller's sales orders: each of their lots on a buyer's invoice, newest first (void orders left out). */
export const sellerInvoiceQueries: QueryPlugin = async (app, { docs, auth }) => {
  registerAction(app, actions.salesOrders, auth.authorize, async ({ page, limit }, { request }) => {
    const sellerId = auth.viewerOf(request) as string;
    const invoices = await docs
      .collection<InvoiceDocument>(INVOICES)
      .find({ 'items.seller_id': sellerId, status: { $ne: 'void' } }, { sort: { created_position: -1 } });
    const lines = invoices.flatMap((invoice) =>
      invoice.items.filter((item) => item.seller_id === sellerId).map((item) => ({ invoice, item })),
    );
    const shown = lines.slice((page - 1) * limit, page * limit);
    const buyers = await docs
      .collection<UserDocument>(USERS)
      .find(
        { _id: { $in: [...new Set(shown.map((l) => l.invoice.buyer_id))] } },
        { projection: { first_name: 1 } },
      );
    const firstName = new Map(buyers.map((b) => [b._id, b.first_name]));
    return {
      records: shown.map(({ invoice, item }) => ({
        invoice_id: invoice.id,
        invoice_number: invoice.number ?? null,
        product_id: item.product_id,
        title: item.title,
        qty: item.qty,
        amount: item.amount,
        kind: invoice.kind,
        status: invoice.status,
        created_at: invoice.created_at,
        paid_at: invoice.paid_at,
        buyer: firstName.get(invoice.buyer_id) ?? '',
        // Issue 38 §2: the provenance certificate the seller attached to the line, if any.
        certificate: item.certificate ?? null,
      })),
      totalRecords: lines.length,
    };
  });
};
