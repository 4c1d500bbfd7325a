import { actions, type StaffInvestor } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { INVESTORS, type InvestorDocument } from './project.ts';

/** Issue 35 §3 "an admin view": the investors, newest first, with their checks, bank and orders. */
export const investorQueries: QueryPlugin = async (app, { docs, auth }) => {
  registerAction(app, actions.adminInvestors, auth.authorize, async () => {
    const rows = await docs
      .collection<InvestorDocument>(INVESTORS)
      .find({}, { sort: { onboarded_at: -1, _id: 1 }, limit: 500 });
    const records = rows.map((row): StaffInvestor => {
      const orders = Object.values(row.orders);
      return {
        user_id: row._id,
        kind: row.kind,
        name: row.name,
        owners: row.owners as StaffInvestor['owners'],
        accreditation: row.accreditation as StaffInvestor['accreditation'],
        bank_last4: row.bank_last4,
        orders: orders.length,
        ordered: orders.filter((o) => o.status !== 'canceled').reduce((sum, o) => sum + o.amount, 0),
        onboarded_at: row.onboarded_at,
      };
    });
    return { records, totalRecords: records.length };
  });
};
