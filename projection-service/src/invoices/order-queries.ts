import { createHash } from 'node:crypto';
import { actions, type CartValues, type InvoiceDetail, type PublicInvoiceView } from '@wine/contracts';
import { AppError, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { DEPOSITS, type DepositDocument } from '../wallets/deposits.ts';
import { invoiceDetail, invoiceSummary, itemView, lotsOfLines } from './detail.ts';
import {
  INVOICE_TRANSACTIONS,
  INVOICES,
  type InvoiceDocument,
  type InvoiceTransactionDocument,
} from './project.ts';

/** The roles that may open any buyer's invoice (as invoice/getInvoiceDetails). */
const INVOICE_STAFF: readonly string[] = ['admin', 'finance'];

/** Several invoices' money summed, as the auction cart sums its invoices' (the rates are the first's). */
export function summedValues(records: readonly InvoiceDetail[]): CartValues {
  const sum = (pick: (v: CartValues) => number | undefined) =>
    records.reduce((s, r) => s + (pick(r.cartValues) ?? 0), 0);
  const first = records[0]?.cartValues;
  const adminFee = sum((v) => v.admin_fee);
  return {
    ...(adminFee > 0 ? { admin_fee: adminFee } : {}),
    count: sum((v) => v.count),
    subtotal: sum((v) => v.subtotal),
    premium_percent: first?.premium_percent ?? 0,
    premium: sum((v) => v.premium),
    tax_rate: first?.tax_rate ?? 0,
    tax: sum((v) => v.tax),
    shipping: sum((v) => v.shipping),
    total: sum((v) => v.total),
    paid: sum((v) => v.paid),
    due: sum((v) => v.due),
  };
}

/**
 * seeds 001 §7 public_invoice (issue 38 §2): the shared invoice with nothing private of its buyer (no
 * name, e-mail, address, card, appointment, order log) nor of its sellers; its payments by way, amount
 * and date only.
 */
export function publicInvoiceView(
  invoice: InvoiceDocument,
  transactions: readonly InvoiceTransactionDocument[],
  lots: Awaited<ReturnType<typeof lotsOfLines>>,
  pickup: PublicInvoiceView['locationDetail'],
): PublicInvoiceView {
  const { amounts } = invoice;
  return {
    number: invoice.number ?? null,
    kind: invoice.kind,
    status: invoice.status,
    created_at: invoice.created_at,
    due_at: invoice.due_at,
    paid_at: invoice.paid_at,
    delivery_method: invoice.delivery.method,
    items: invoice.items.map((line) => {
      const item = itemView(line, lots.get(line.product_id));
      return {
        title: item.title,
        image: item.image,
        qty: item.qty,
        unit_price: item.unit_price,
        amount: item.amount,
        certificate: item.certificate ?? null,
      };
    }),
    cartValues: {
      ...(amounts.admin_fee ? { admin_fee: amounts.admin_fee } : {}),
      count: invoice.items.length,
      subtotal: amounts.subtotal,
      premium_percent: amounts.premium_percent,
      premium: amounts.premium,
      tax_rate: invoice.delivery.taxRate,
      tax: amounts.tax,
      shipping: amounts.shipping ?? 0,
      total: amounts.total,
      paid: invoice.paid,
      due: invoice.due,
    },
    payments: transactions
      .filter((t) => t.status === 'succeeded')
      .map((t) => ({ type: t.type, method: t.method, amount: t.amount, created_at: t.created_at })),
    returned: invoice.returned ?? 0,
    locationDetail: pickup,
  };
}

/**
 * Issue 38 §2 "Cart and invoice variants", the read side: several invoices at once (multipleInvoice),
 * a shared invoice without a session (public_invoice), one bid deposit with the lines it paid (deposit).
 */
export const orderQueries: QueryPlugin = async (app, { docs, auth, settings }) => {
  const { authorize, viewerOf, rolesOf } = auth;
  const invoices = () => docs.collection<InvoiceDocument>(INVOICES);

  // seeds 001 §7 multipleInvoice: each named invoice in detail (one that is not the caller's answers
  // as unknown, and so the whole request: nothing is told of whose it is), and their money summed.
  registerAction(app, actions.multipleInvoice, authorize, async ({ ids }, { request }) => {
    const { money, merchant } = await settings();
    const staff = rolesOf(request).some((role) => INVOICE_STAFF.includes(role));
    const owner = staff ? null : (viewerOf(request) as string);
    const records: InvoiceDetail[] = [];
    for (const id of ids) records.push(await invoiceDetail(docs, money, owner, id, merchant.name));
    return { records, totalRecords: records.length, cartValues: summedValues(records) };
  });

  // seeds 001 §7 public_invoice: found by its link's token's hash while the owner shares it. A token
  // never made here, or of a share ended, answers the same: the link does not work.
  registerAction(app, actions.publicInvoice, authorize, async ({ token }) => {
    const hash = createHash('sha256').update(token).digest('hex');
    const invoice = await invoices().findOne({ share_token_hash: hash });
    if (!invoice) throw new AppError('INVOICE_LINK_INVALID');
    const [transactions, lots, { money }] = await Promise.all([
      docs
        .collection<InvoiceTransactionDocument>(INVOICE_TRANSACTIONS)
        .find({ invoice_id: invoice.id }, { sort: { created_position: 1 } }),
      lotsOfLines(docs, [invoice]),
      settings(),
    ]);
    return publicInvoiceView(invoice, transactions, lots, money.pickup);
  });

  // seeds 001 §7 deposit/deposit (§3 "Deposits: invoiceItems"): one of the caller's deposits, and the
  // lines of the invoice it was spent on (none while held or once released).
  registerAction(app, actions.deposit, authorize, async ({ id }, { request }) => {
    const userId = viewerOf(request) as string;
    const deposit = await docs.collection<DepositDocument>(DEPOSITS).findOne({ _id: `${userId}:${id}` });
    if (!deposit) throw new AppError('DEPOSIT_NOT_FOUND', { field: 'id' });
    const invoice = deposit.invoice_id
      ? await invoices().findOne({ _id: deposit.invoice_id, buyer_id: userId })
      : null;
    const lots = invoice ? await lotsOfLines(docs, [invoice]) : new Map();
    return {
      record: {
        id: deposit.deposit_id,
        amount: deposit.amount,
        lot_id: deposit.lot_id,
        status: deposit.status,
        invoice_id: deposit.invoice_id,
        applied: deposit.applied,
        created_at: deposit.created_at,
        decided_at: deposit.decided_at,
      },
      invoice: invoice ? invoiceSummary(invoice) : null,
      invoiceItems: invoice ? invoice.items.map((line) => itemView(line, lots.get(line.product_id))) : [],
    };
  });
};
