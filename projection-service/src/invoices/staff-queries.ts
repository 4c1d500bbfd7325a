import { actions, USERS, type UserDocument } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { invoiceSummary, shipmentView } from './detail.ts';
import { INVOICES, type InvoiceDocument } from './project.ts';
import { unpaidStatuses } from './status.ts';

/** Finance and admins: every buyer's invoices, to record offline payments against. */
export const staffInvoiceQueries: QueryPlugin = async (app, { docs, auth }) => {
  registerAction(app, actions.staffInvoices, auth.authorize, async ({ status, page, limit }) => {
    const filter = { status: { $in: status === 'paid' ? ['paid'] : [...unpaidStatuses] } };
    const invoices = docs.collection<InvoiceDocument>(INVOICES);
    const [rows, totalRecords] = await Promise.all([
      invoices.find(filter, { sort: { created_position: -1 }, skip: (page - 1) * limit, limit }),
      invoices.countDocuments(filter),
    ]);
    const buyers = await docs
      .collection<UserDocument>(USERS)
      .find({ _id: { $in: [...new Set(rows.map((r) => r.buyer_id))] } });
    const byId = new Map(buyers.map((b) => [b._id, b]));
    return {
      records: rows.map((row) => {
        const buyer = byId.get(row.buyer_id);
        return {
          ...invoiceSummary(row),
          buyer_id: row.buyer_id,
          buyer_name: `${buyer?.first_name ?? ''} ${buyer?.last_name ?? ''}`.trim(),
          buyer_email: buyer?.email ?? '',
          shipment: shipmentView(row),
        };
      }),
      totalRecords,
    };
  });
};
