import {
  HOUSE_SELLER_ID,
  type LotDocument,
  type SellerPayable,
  type SellerPayoutPreference,
  type SellerStatement,
  type SellerTerms,
  type StatementSale,
  type StatementUnsold,
  sellerStatement,
  settleLine,
  USERS,
  type UserDocument,
} from '@wine/contracts';
import { type Clock, type DocumentStore, findByIds, findIn } from '@wine/platform';
import { INVOICES, type InvoiceDocument } from '../invoices/project.ts';
import { LOTS } from '../lots/project.ts';
import { RETURNS, type ReturnDocument } from '../returns/project.ts';
import { loadCharges } from '../seller-charges/queries.ts';
import {
  SELLER_PAYOUT_PREFERENCES,
  SELLER_PAYOUTS,
  type SellerPayoutDocument,
  type SellerPayoutPreferenceDocument,
} from '../seller-payouts/project.ts';
import { STAFF_LOTS, type StaffLotDocument } from '../staff-lots/project.ts';

/** One of a seller's lines on a buyer's invoice, with its returns and its lot's terms, as the rule takes it. */
const saleOf = (
  invoice: InvoiceDocument,
  item: InvoiceDocument['items'][number],
  returns: StatementSale['returns'],
  terms: SellerTerms | undefined,
): StatementSale => ({
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
  returns,
  terms,
});

/**
 * The returns asked of these invoices' lines (every status: the rule counts the refunded ones), by the
 * line: the invoice's id and the lot's.
 */
async function lineReturns(docs: DocumentStore, invoiceIds: Iterable<string>) {
  const returns = await findIn(
    docs.collection<ReturnDocument>(RETURNS),
    'invoice_id',
    invoiceIds,
    {},
    {
      projection: { invoice_id: 1, product_id: 1, qty: 1, status: 1 },
    },
  );
  const byLine = new Map<string, ReturnDocument[]>();
  for (const r of returns) {
    const key = `${r.invoice_id}:${r.product_id}`;
    const line = byLine.get(key);
    if (line) line.push(r);
    else byLine.set(key, [r]);
  }
  return (invoiceId: string, lotId: string): StatementSale['returns'] =>
    byLine.get(`${invoiceId}:${lotId}`) ?? [];
}

/** The seller as a statement names them: their full name, or their id when they have none. */
function sellerOf(sellerId: string, user: Pick<UserDocument, 'first_name' | 'last_name'> | null) {
  const name = user ? `${user.first_name} ${user.last_name}`.trim() : '';
  return { id: sellerId, name: name || sellerId };
}

/** How the seller asked to be paid, as the statement shows it; null until they said. */
const preferenceOf = (preference: SellerPayoutPreferenceDocument | null): SellerPayoutPreference | null =>
  preference
    ? { payee: preference.payee, method: preference.method, note: preference.note, set_at: preference.set_at }
    : null;

/**
 * Issue 33 "Sellers": the seller's settlement statement, as of the server's clock, from the read models
 * the events keep live: their lines on buyers' invoices (invoices), the returns of those lines
 * (returns), their lots' recorded terms and closes unsold (staff_lots), those lots' bids (lots), the
 * lines the house paid out and how the seller asked to be paid (seller_payouts), the charges the house
 * billed them (seller_charges, issue 38 §1).
 * The rule itself is contracts' `sellerStatement`; this only gathers its facts.
 */
export async function loadStatement(
  docs: DocumentStore,
  clock: Clock,
  configured: SellerTerms,
  sellerId: string,
): Promise<SellerStatement> {
  const [user, invoices, staffLots, payouts, preference, charges] = await Promise.all([
    docs.collection<UserDocument>(USERS).findOne({ _id: sellerId }),
    docs
      .collection<InvoiceDocument>(INVOICES)
      .find({ 'items.seller_id': sellerId }, { sort: { created_position: -1 } }),
    docs.collection<StaffLotDocument>(STAFF_LOTS).find({ seller_id: sellerId }, { sort: { closesAt: -1 } }),
    docs.collection<SellerPayoutDocument>(SELLER_PAYOUTS).find({ seller_id: sellerId }),
    docs.collection<SellerPayoutPreferenceDocument>(SELLER_PAYOUT_PREFERENCES).findOne({ _id: sellerId }),
    loadCharges(docs, sellerId),
  ]);
  const unsoldLots = staffLots.filter((lot) => lot.status === 'unsold');
  const [returnsOf, storefront] = await Promise.all([
    lineReturns(
      docs,
      invoices.map((invoice) => invoice._id),
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

  const sales: StatementSale[] = invoices.flatMap((invoice) =>
    invoice.items
      .filter((item) => item.seller_id === sellerId)
      .map((item) =>
        // Recorded at the admin's approval; a lot listed before approvals existed has none.
        saleOf(invoice, item, returnsOf(invoice.id, item.product_id), lotsById.get(item.product_id)?.terms),
      ),
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
  return sellerStatement({
    seller: sellerOf(sellerId, user),
    now: clock.now(),
    configured,
    sales,
    unsold,
    payouts,
    preference: preferenceOf(preference),
    charges,
  });
}

/**
 * Issue 33 "Sellers": what finance may pay out now. Only a paid invoice has lines payable, so only the
 * paid invoices' lines of sellers (never the house's) are read, with their returns, their lots' terms
 * and whether they were paid out, and each is settled by the statement's own rule (`settleLine`, as the
 * seller's statement and the payout command settle it), so finance sees the nets the seller sees. The
 * sellers with lines payable now are listed with those lines, newest invoice first as on their
 * statement, by name; only their names and preferences are read.
 */
export async function loadPayables(
  docs: DocumentStore,
  clock: Clock,
  configured: SellerTerms,
): Promise<SellerPayable[]> {
  const now = clock.now();
  const paid = await docs.collection<InvoiceDocument>(INVOICES).find(
    { status: 'paid' },
    {
      projection: {
        id: 1,
        number: 1,
        kind: 1,
        status: 1,
        paid_at: 1,
        created_position: 1,
        'items.seller_id': 1,
        'items.product_id': 1,
        'items.title': 1,
        'items.qty': 1,
        'items.amount': 1,
      },
    },
  );
  const sold = paid.flatMap((invoice) =>
    invoice.items.filter((item) => item.seller_id !== HOUSE_SELLER_ID).map((item) => ({ invoice, item })),
  );
  const [returnsOf, lots, payouts] = await Promise.all([
    lineReturns(
      docs,
      sold.map(({ invoice }) => invoice._id),
    ),
    findByIds(
      docs.collection<StaffLotDocument>(STAFF_LOTS),
      sold.map(({ item }) => item.product_id),
      { projection: { seller_id: 1, terms: 1 } },
    ),
    findByIds(
      docs.collection<SellerPayoutDocument>(SELLER_PAYOUTS),
      sold.map(({ invoice, item }) => `${invoice.id}:${item.product_id}`),
      { projection: { seller_id: 1, invoice_id: 1, lot_id: 1 } },
    ),
  ]);
  const lotsById = new Map(lots.map((lot) => [lot._id, lot]));
  const paidOut = new Set(payouts.map((p) => `${p.seller_id}:${p.invoice_id}:${p.lot_id}`));

  // The sellers in the order their paid invoices came (as when each seller's statement was drawn up),
  // each with their lines payable now, newest invoice first (created_position has no tie).
  const linesBySeller = new Map<string, SellerPayable['lines']>(sold.map(({ item }) => [item.seller_id, []]));
  const newestFirst = [...sold].sort((a, b) => {
    const [x, y] = [a.invoice.created_position, b.invoice.created_position];
    return x < y ? 1 : x > y ? -1 : 0;
  });
  for (const { invoice, item } of newestFirst) {
    if (paidOut.has(`${item.seller_id}:${invoice.id}:${item.product_id}`)) continue;
    const lot = lotsById.get(item.product_id);
    // A lot's terms are its seller's (recorded at the admin's approval); the configured ones otherwise.
    const terms = lot?.seller_id === item.seller_id ? lot.terms : undefined;
    const line = settleLine(
      saleOf(invoice, item, returnsOf(invoice.id, item.product_id), terms),
      configured,
      now,
    );
    if (line.status !== 'payable') continue;
    linesBySeller.get(item.seller_id)?.push({
      invoice_id: line.invoice_id,
      invoice_number: line.invoice_number,
      product_id: line.product_id,
      title: line.title,
      net: line.net,
      payable_on: line.payable_on,
    });
  }
  const owed = [...linesBySeller].filter(([, lines]) => lines.length > 0);
  const sellerIds = owed.map(([sellerId]) => sellerId);
  const [users, preferences] = await Promise.all([
    findByIds(docs.collection<UserDocument>(USERS), sellerIds, {
      projection: { first_name: 1, last_name: 1 },
    }),
    findByIds(docs.collection<SellerPayoutPreferenceDocument>(SELLER_PAYOUT_PREFERENCES), sellerIds),
  ]);
  const usersById = new Map(users.map((user) => [user._id, user]));
  const preferencesById = new Map(preferences.map((preference) => [preference._id, preference]));
  const sellers: SellerPayable[] = owed.map(([sellerId, lines]) => ({
    seller: sellerOf(sellerId, usersById.get(sellerId) ?? null),
    lines,
    total: lines.reduce((sum, line) => sum + line.net, 0),
    preference: preferenceOf(preferencesById.get(sellerId) ?? null),
  }));
  return sellers.sort((a, b) => a.seller.name.localeCompare(b.seller.name));
}
