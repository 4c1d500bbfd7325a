import {
  defaultMerchant,
  type InvoiceDetail,
  type InvoiceSummary,
  type LotDocument,
  type MoneySettings,
  type ShipmentView,
  type Transaction,
  USERS,
  type UserDocument,
} from '@wine/contracts';
import { AppError, type DocumentStore } from '@wine/platform';
import { appointmentDetailOf } from '../appointments/view.ts';
import { LOTS } from '../lots/project.ts';
import { lotImage } from '../lots/view.ts';
import {
  INVOICE_TRANSACTIONS,
  INVOICES,
  type InvoiceDocument,
  type InvoiceLineDocument,
  type InvoiceTransactionDocument,
} from './project.ts';

const DAY_MS = 24 * 3600_000;

/** Returned: every cent paid went back for returns; partly returned: some of it. */
export function returnStatus(
  doc: Pick<InvoiceDocument, 'paid' | 'returned'>,
): InvoiceDetail['return_status'] {
  const returned = doc.returned ?? 0;
  if (returned <= 0) return 'none';
  return returned >= doc.paid ? 'returned' : 'partly_returned';
}

/** Who sells a lot the users read model does not name: the house (the merchant's name when none is configured). */
export const MERCHANT_NAME = defaultMerchant.name;

/** One line of the invoice lists (seeds 001 §7 allinvoices). */
/** Issue 31: a delivery's method, ship date and tracking; null for pickup. */
export function shipmentView(doc: InvoiceDocument): ShipmentView | null {
  const shipping = doc.delivery.shipping;
  if (doc.delivery.method !== 'delivery' || !shipping) return null;
  return {
    method: shipping.method,
    ship_date: shipping.shipDate,
    carrier: doc.tracking?.carrier ?? null,
    tracking_number: doc.tracking?.tracking_number ?? null,
    tracked_at: doc.tracking?.at ?? null,
  };
}

export function invoiceSummary(doc: InvoiceDocument): InvoiceSummary {
  const [first] = doc.items;
  const more = doc.items.length - 1;
  return {
    id: doc.id,
    number: doc.number ?? null,
    kind: doc.kind,
    status: doc.status,
    created_at: doc.created_at,
    due_at: doc.due_at,
    paid_at: doc.paid_at,
    title: `${first?.title ?? ''}${more > 0 ? ` and ${more} more` : ''}`,
    items: doc.items.length,
    total: doc.amounts.total,
    paid: doc.paid,
    due: doc.due,
  };
}

/** A transaction as the buyer sees it: the contract's fields, nothing the read side keeps for itself. */
export function transactionView(doc: InvoiceTransactionDocument): Transaction {
  return {
    id: doc.id,
    invoice_id: doc.invoice_id,
    type: doc.type,
    method: doc.method,
    status: doc.status,
    amount: doc.amount,
    card_brand: doc.card_brand,
    card_last4: doc.card_last4,
    reference: doc.reference,
    reason: doc.reason,
    created_at: doc.created_at,
  };
}

/** A line of an invoice as the buyer sees it, with its lot's picture. */
export function itemView(
  line: InvoiceLineDocument,
  lot: Pick<LotDocument, 'allattachmentlist' | 'auctionid'> | undefined,
): InvoiceDetail['invoiceItems'][number] {
  return {
    product_id: line.product_id,
    title: line.title,
    image: lotImage(lot),
    seller_id: line.seller_id,
    qty: line.qty,
    unit_price: line.unit_price,
    amount: line.amount,
    // Issue 38 §2: its certificate, where it stands in the cellar, the auction it was sold in.
    certificate: line.certificate ?? null,
    product_status: line.product_status ?? 'processing',
    auction_id: lot?.auctionid ?? null,
  };
}

/** The lots of invoices' lines, for their pictures and auctions. */
export async function lotsOfLines(docs: DocumentStore, invoices: readonly Pick<InvoiceDocument, 'items'>[]) {
  const ids = [...new Set(invoices.flatMap((invoice) => invoice.items.map((line) => line.product_id)))];
  const lots = await docs
    .collection<LotDocument>(LOTS)
    .find({ _id: { $in: ids } }, { projection: { allattachmentlist: 1, auctionid: 1 } });
  return new Map(lots.map((l) => [l._id, l]));
}

const fullName = (user: UserDocument | undefined) =>
  `${user?.first_name ?? ''} ${user?.last_name ?? ''}`.trim();

/**
 * Who acted on an invoice, as people read it (issue 31: never `user:e3050f…`): a user's name (or
 * e-mail), 'System' for the system's processes (the closing, the checkout's expiry).
 */
export function actorName(by: string, users: ReadonlyMap<string, UserDocument>): string {
  if (!by.startsWith('user:')) return 'System';
  const user = users.get(by.slice('user:'.length));
  return fullName(user) || String(user?.email ?? '') || 'Staff';
}

/**
 * The caller's invoice with every block of seeds 001 §3 "Invoice detail". Another user's invoice is
 * answered as an unknown one (INVOICE_NOT_FOUND), so an id tells nothing of whose it is.
 */
export async function invoiceDetail(
  docs: DocumentStore,
  money: MoneySettings,
  /** The buyer whose invoice it must be; null for staff, who open any. */
  userId: string | null,
  id: string,
  /** Who sells the house's own lots: the configured merchant's name. */
  houseName = MERCHANT_NAME,
): Promise<InvoiceDetail> {
  const invoice = await docs
    .collection<InvoiceDocument>(INVOICES)
    .findOne(userId === null ? { _id: id } : { _id: id, buyer_id: userId });
  if (!invoice) throw new AppError('INVOICE_NOT_FOUND');
  const sellerIds = [...new Set(invoice.items.map((line) => line.seller_id))];
  // Issue 31: the order log names people, never raw ids: whoever acted, read from the users model.
  const actorIds = invoice.order_log.flatMap((entry) =>
    entry.by.startsWith('user:') ? [entry.by.slice('user:'.length)] : [],
  );
  const [transactions, users, lots] = await Promise.all([
    docs
      .collection<InvoiceTransactionDocument>(INVOICE_TRANSACTIONS)
      .find({ invoice_id: invoice.id }, { sort: { created_position: -1 } }),
    docs
      .collection<UserDocument>(USERS)
      .find({ _id: { $in: [...new Set([invoice.buyer_id, ...sellerIds, ...actorIds])] } }),
    docs
      .collection<LotDocument>(LOTS)
      .find(
        { _id: { $in: invoice.items.map((line) => line.product_id) } },
        { projection: { allattachmentlist: 1, auctionid: 1 } },
      ),
  ]);
  const userById = new Map(users.map((u) => [u._id, u]));
  const lotById = new Map(lots.map((l) => [l._id, l]));
  const buyer = userById.get(invoice.buyer_id);
  const all = transactions.map(transactionView);
  const { amounts, delivery } = invoice;
  return {
    ...invoiceSummary(invoice),
    delivery_method: delivery.method,
    shipment: shipmentView(invoice),
    invoiceItems: invoice.items.map((line) => itemView(line, lotById.get(line.product_id))),
    allTransactions: all,
    appointmentDetail: await appointmentDetailOf(docs, invoice.id),
    locationDetail: money.pickup,
    cartValues: {
      ...(amounts.admin_fee ? { admin_fee: amounts.admin_fee } : {}),
      count: invoice.items.length,
      subtotal: amounts.subtotal,
      premium_percent: amounts.premium_percent,
      premium: amounts.premium,
      tax_rate: delivery.taxRate,
      tax: amounts.tax,
      shipping: amounts.shipping ?? 0,
      total: amounts.total,
      paid: invoice.paid,
      due: invoice.due,
    },
    invoiceUser: {
      id: invoice.buyer_id,
      first_name: buyer?.first_name ?? '',
      last_name: buyer?.last_name ?? '',
      email: buyer?.email ?? '',
    },
    invoiceAddress: delivery.address,
    invoiceSeller: sellerIds.map((sellerId) => ({
      id: sellerId,
      name: fullName(userById.get(sellerId)) || houseName,
    })),
    billingAddress: delivery.billingAddress ?? delivery.address,
    invoice_notes_public: invoice.notes_public,
    returnTransactions: all.filter((t) => t.type === 'refund'),
    orderControlLogs: invoice.order_log.map((entry) => ({ ...entry, by: actorName(entry.by, userById) })),
    returned: invoice.returned ?? 0,
    return_status: returnStatus(invoice),
    return_until: invoice.paid_at
      ? new Date(Date.parse(invoice.paid_at) + money.returnDays * DAY_MS).toISOString()
      : null,
    shared: typeof invoice.share_token_hash === 'string',
  };
}
