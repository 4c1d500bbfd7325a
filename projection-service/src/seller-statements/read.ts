import {
  type LotDocument,
  type SellerStatement,
  type SellerTerms,
  type StatementSale,
  type StatementUnsold,
  sellerStatement,
  USERS,
  type UserDocument,
} from '@wine/contracts';
import type { Clock, DocumentStore } from '@wine/platform';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';
import { LOTS } from '../lots/project.ts';
import { RETURNS, type ReturnDocument } from '../returns/project.ts';
import {
  SELLER_PAYOUT_PREFERENCES,
  SELLER_PAYOUTS,
  type SellerPayoutDocument,
  type SellerPayoutPreferenceDocument,
} from '../seller-payouts/project.ts';
import { STAFF_LOTS, type StaffLotDocument } from '../staff-lots/project.ts';

/**
 * Issue 33 "Sellers": the seller's settlement statement, as of the server's clock, from the read models
 * the events keep live: their lines on buyers' invoices (invoices), the returns of those lines
 * (returns), their lots' recorded terms and closes unsold (staff_lots), those lots' bids (lots), the
 * lines the house paid out and how the seller asked to be paid (seller_payouts).
 * The rule itself is contracts' `sellerStatement`; this only gathers its facts.
 */
export async function loadStatement(
  docs: DocumentStore,
  clock: Clock,
  configured: SellerTerms,
  sellerId: string,
): Promise<SellerStatement> {
  const [user, invoices, staffLots, payouts, preference] = await Promise.all([
    docs.collection<UserDocument>(USERS).findOne({ _id: sellerId }),
    docs
      .collection<InvoiceDocument>(INVOICES)
      .find({ 'items.seller_id': sellerId }, { sort: { created_position: -1 } }),
    docs.collection<StaffLotDocument>(STAFF_LOTS).find({ seller_id: sellerId }, { sort: { closesAt: -1 } }),
    docs.collection<SellerPayoutDocument>(SELLER_PAYOUTS).find({ seller_id: sellerId }),
    docs.collection<SellerPayoutPreferenceDocument>(SELLER_PAYOUT_PREFERENCES).findOne({ _id: sellerId }),
  ]);
  const unsoldLots = staffLots.filter((lot) => lot.status === 'unsold');
  const [returns, storefront] = await Promise.all([
    docs
      .collection<ReturnDocument>(RETURNS)
      .find(
        { invoice_id: { $in: invoices.map((invoice) => invoice._id) } },
        { projection: { invoice_id: 1, product_id: 1, qty: 1, status: 1 } },
      ),
    docs
      .collection<LotDocument>(LOTS)
      .find(
        { _id: { $in: unsoldLots.map((lot) => lot._id) } },
        { projection: { bid_count: 1, wprice: 1, date_closed: 1 } },
      ),
  ]);
  const lotsById = new Map(staffLots.map((lot) => [lot._id, lot]));
  const storefrontById = new Map(storefront.map((lot) => [lot._id, lot]));
  const returnsOf = (invoiceId: string, lotId: string) =>
    returns.filter((r) => r.invoice_id === invoiceId && r.product_id === lotId);

  const sales: StatementSale[] = invoices.flatMap((invoice) =>
    invoice.items
      .filter((item) => item.seller_id === sellerId)
      .map((item) => ({
        seller_id: item.seller_id,
        invoice_id: invoice.id,
        invoice_number: invoice.number ?? null,
        kind: invoice.kind,
        invoice_status: invoice.status,
        paid_at: invoice.paid_at,
        product_id: item.product_id,
        title: item.title,
        qty: item.qty,
        amount: item.amount,
        returns: returnsOf(invoice.id, item.product_id),
        // Recorded at the admin's approval; a lot listed before approvals existed has none.
        terms: lotsById.get(item.product_id)?.terms,
      })),
  );
  const unsold: StatementUnsold[] = unsoldLots.map((lot) => {
    const shown = storefrontById.get(lot._id);
    return {
      seller_id: lot.seller_id,
      product_id: lot._id,
      title: lot.title,
      // The storefront's close is the extended one; the listing's is the one first announced.
      closed_at: shown?.date_closed ?? lot.closesAt,
      bid_count: shown?.bid_count ?? 0,
      high_price: shown?.wprice ?? 0,
    };
  });
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return sellerStatement({
    seller: { id: sellerId, name: name || sellerId },
    now: clock.now(),
    configured,
    sales,
    unsold,
    payouts,
    preference: preference
      ? {
          payee: preference.payee,
          method: preference.method,
          note: preference.note,
          set_at: preference.set_at,
        }
      : null,
  });
}
