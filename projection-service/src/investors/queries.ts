import { actions, type StaffInvestmentOrder, type StaffInvestor } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { INVESTORS, type InvestorDocument } from './project.ts';
import { offeringTotals, staffOrders } from './totals.ts';

/** How many investors a staff list reads at most (the admin view is a working list, not an export). */
const LIMIT = 500;
/** Who reads the asset total across every investor; anyone else reads their own. */
const ASSET_TOTAL_STAFF: readonly string[] = ['finance', 'admin'];

/**
 * Issue 35 §3 "an admin view": the investors, newest first, with their checks, bank and orders; their
 * orders for finance and admins to settle; and each offering's total (the seeds' getStAssetTotal: the
 * investor's own, or every investor's for finance and admins).
 */
export const investorQueries: QueryPlugin = async (app, { docs, auth }) => {
  const investors = () =>
    docs
      .collection<InvestorDocument>(INVESTORS)
      .find({}, { sort: { onboarded_at: -1, _id: 1 }, limit: LIMIT });

  registerAction(app, actions.adminInvestors, auth.authorize, async () => {
    const rows = await investors();
    const records = rows.map((row): StaffInvestor => {
      const orders = Object.values(row.orders);
      return {
        user_id: row._id,
        kind: row.kind,
        name: row.name,
        owners: row.owners.map((o) => ({
          name: o.name,
          kyc: o.kyc as StaffInvestor['owners'][number]['kyc'],
        })),
        accreditation: row.accreditation as StaffInvestor['accreditation'],
        bank_last4: row.bank_last4,
        orders: orders.length,
        ordered: orders.filter((o) => o.status !== 'canceled').reduce((sum, o) => sum + o.amount, 0),
        onboarded_at: row.onboarded_at,
      };
    });
    return { records, totalRecords: records.length };
  });

  registerAction(app, actions.adminInvestmentOrders, auth.authorize, async () => {
    const records: StaffInvestmentOrder[] = staffOrders(await investors());
    return { records, totalRecords: records.length };
  });

  // seeds 001 §3 "Investor data: ... asset total": an investor reads their own; finance and admins
  // every investor's (a switched session holds none of the staff's roles: the user's own).
  registerAction(app, actions.getStAssetTotal, auth.authorize, async (_input, { request }) => {
    const everyone = auth.rolesOf(request).some((role) => ASSET_TOTAL_STAFF.includes(role));
    const rows = everyone
      ? await investors()
      : await docs.collection<InvestorDocument>(INVESTORS).find({ _id: auth.viewerOf(request) as string });
    const records = offeringTotals(rows);
    return { records, totalRecords: records.length };
  });
};
