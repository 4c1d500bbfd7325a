import { z } from 'zod';
import { HOUSE_SELLER_ID } from '../lots/lot-inputs.ts';
import type { InvoiceStatus } from '../money/views.ts';
import type { ReturnStatus } from '../returns/views.ts';
import { chargesDue, SellerChargeView } from './charges.ts';
import { PayoutMethod, SellerPayoutPreference } from './payouts.ts';
import type { SellerTerms } from './terms.ts';

const DAY_MS = 86_400_000;

/**
 * Where a sold line stands for its seller: the buyer has not paid in full yet, paid with the payout
 * date still to come, the payout date reached, every bottle returned (nothing is owed), or the house
 * paid the seller its net (a payout finance recorded).
 */
export const StatementLineStatus = z.enum(['awaiting_payment', 'scheduled', 'payable', 'returned', 'paid']);
export type StatementLineStatus = z.infer<typeof StatementLineStatus>;

/**
 * One of the seller's lines on a buyer's invoice, settled (DOMAIN.md "Staff, sellers and the live
 * room": hammer less commission and fees). Money in integer cents. `hammer` is the line's price as
 * invoiced (an auction's hammer, a buy-now line's price: the buyer's premium and tax are the house's);
 * `returned` the part of it refunded for returns; `kept` what is left, which commission and fee are on.
 */
export const StatementLine = z.object({
  invoice_id: z.string(),
  /** Issue 31: the invoice's readable number; null on invoices issued before numbers. */
  invoice_number: z.string().nullable(),
  product_id: z.string(),
  title: z.string(),
  kind: z.enum(['auction', 'buynow', 'offer']),
  qty: z.number().int(),
  returned_qty: z.number().int(),
  hammer: z.number().int(),
  returned: z.number().int(),
  kept: z.number().int(),
  /** The terms this line was settled on: the lot's own (recorded at its approval) or the configured ones. */
  commission_percent: z.number(),
  commission: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  status: StatementLineStatus,
  /** When the buyer paid in full (null until then). */
  paid_at: z.string().nullable(),
  /** When the net is payable to the seller: the buyer's payment plus the payout days (null until paid). */
  payable_on: z.string().nullable(),
  /** The payout that paid this line to the seller (status 'paid'); null until one did. */
  payout: z
    .object({ id: z.string(), paid_at: z.string(), reference: z.string(), method: PayoutMethod })
    .nullable(),
});
export type StatementLine = z.infer<typeof StatementLine>;

/** Why a lot closed unsold: it had bids, so the reserve was not met, or it had none. */
export const UnsoldReason = z.enum(['reserve_not_met', 'no_bids']);
export type UnsoldReason = z.infer<typeof UnsoldReason>;

/** One of the seller's lots that closed unsold, with its highest bid when it had bids. */
export const StatementUnsoldLot = z.object({
  product_id: z.string(),
  title: z.string(),
  closed_at: z.string(),
  reason: UnsoldReason,
  bid_count: z.number().int(),
  /** The highest bid, cents; null when no one bid. */
  high_bid: z.number().int().nullable(),
});
export type StatementUnsoldLot = z.infer<typeof StatementUnsoldLot>;

/**
 * The statement's sums, cents: hammer − returned − commission − fees = net, and the net split by
 * where its lines stand (payable now + scheduled + awaiting payment = net; returned lines net 0).
 */
export const StatementTotals = z.object({
  hammer: z.number().int(),
  returned: z.number().int(),
  commission: z.number().int(),
  fees: z.number().int(),
  net: z.number().int(),
  payable_now: z.number().int(),
  scheduled: z.number().int(),
  awaiting_payment: z.number().int(),
  /** The net the house has paid out to the seller. */
  paid: z.number().int(),
});
export type StatementTotals = z.infer<typeof StatementTotals>;

/** Issue 33 "Sellers": a seller's settlement statement as of the server's clock. */
export const SellerStatement = z.object({
  as_of: z.string(),
  seller: z.object({ id: z.string(), name: z.string() }),
  lines: z.array(StatementLine),
  unsold: z.array(StatementUnsoldLot),
  totals: StatementTotals,
  /** How the seller asked to be paid; null until they said. */
  preference: SellerPayoutPreference.nullable(),
  /** Issue 38 §1: what the house billed the seller (listing fees, photography, storage, buy-backs), newest first. */
  charges: z.array(SellerChargeView),
  /** What is still owed on those charges, cents: the seller pays it from the statement. */
  charges_due: z.number().int(),
});
export type SellerStatement = z.infer<typeof SellerStatement>;

/** A line of a buyer's invoice, with its invoice's standing and the returns asked of it, as the read side holds them. */
export interface StatementSale {
  seller_id: string;
  invoice_id: string;
  invoice_number: string | null;
  kind: 'auction' | 'buynow' | 'offer';
  invoice_status: InvoiceStatus;
  paid_at: string | null;
  product_id: string;
  title: string;
  qty: number;
  amount: number;
  /** Every return of this line, whatever its status (only refunded ones count). */
  returns: readonly { qty: number; status: ReturnStatus }[];
  /** The lot's terms recorded when an admin approved it; the configured terms apply when absent. */
  terms?: SellerTerms | undefined;
}

/** A lot that closed unsold, with what the storefront knows of its bids. */
export interface StatementUnsold {
  seller_id: string;
  product_id: string;
  title: string;
  closed_at: string;
  bid_count: number;
  /** The lot's current price: its highest bid when it had bids. */
  high_price: number;
}

/** A statement line the house paid out, as the read side keeps it (one per invoice and lot). */
export interface StatementPayout {
  invoice_id: string;
  lot_id: string;
  payout_id: string;
  paid_at: string;
  reference: string;
  method: PayoutMethod;
}

export interface StatementFacts {
  seller: { id: string; name: string };
  /** The server's clock (never the browser's): what is payable is judged against it. */
  now: Date;
  /** The configured terms, for lots that recorded none of their own. */
  configured: SellerTerms;
  sales: readonly StatementSale[];
  unsold: readonly StatementUnsold[];
  /** The lines already paid out to the seller (none when absent). */
  payouts?: readonly StatementPayout[];
  /** How the seller asked to be paid. */
  preference?: SellerPayoutPreference | null;
  /** Issue 38 §1: the charges the house billed the seller (none when absent). */
  charges?: readonly SellerChargeView[];
}

/**
 * Bottles of a line given back: only returns whose refund went out count (one still asked, accepted,
 * received or refunding may yet be refused or take time, and the buyer still holds the money's worth).
 */
export function returnedQty(sale: Pick<StatementSale, 'qty' | 'returns'>): number {
  const refunded = sale.returns.filter((r) => r.status === 'refunded').reduce((n, r) => n + r.qty, 0);
  return Math.min(sale.qty, refunded);
}

/**
 * The commission on what the seller kept, to the nearest cent (half a cent up). The percent is taken
 * in basis points first, so a percent such as 12.3 cannot tip a half cent the wrong way in floats.
 */
export function commissionOn(kept: number, percent: number): number {
  return Math.round((kept * Math.round(percent * 100)) / 10_000);
}

/**
 * One line settled: what was kept after returns, commission, fee, net, and where it stands at `now`.
 * The command that records a payout settles each line with this same function, so the net paid is the
 * net the statement shows; a line paid out is 'paid' whatever its dates say.
 */
export function settleLine(
  sale: StatementSale,
  configured: SellerTerms,
  now: Date,
  payout: StatementPayout | null = null,
): StatementLine {
  const terms = sale.terms ?? configured;
  const backQty = returnedQty(sale);
  // A line returned in part keeps its share of the price, the returned share rounded down to the cent.
  const returned = sale.qty > 0 ? Math.floor((sale.amount * backQty) / sale.qty) : 0;
  const kept = sale.amount - returned;
  const commission = commissionOn(kept, terms.commissionPercent);
  // The house never bills a seller through the statement: when the lot fee is more than is left after
  // commission (a very cheap lot), the fee is what is left and the net is 0, never below it.
  const fee = kept > 0 ? Math.min(terms.lotFee, kept - commission) : 0;
  const paid = sale.invoice_status === 'paid' && sale.paid_at !== null;
  const fullyReturned = sale.qty > 0 && backQty >= sale.qty;
  const payableOn =
    paid && !fullyReturned
      ? new Date(Date.parse(sale.paid_at as string) + terms.payoutDays * DAY_MS).toISOString()
      : null;
  const status: StatementLineStatus = payout
    ? 'paid'
    : fullyReturned
      ? 'returned'
      : payableOn === null
        ? 'awaiting_payment'
        : Date.parse(payableOn) <= now.getTime()
          ? 'payable'
          : 'scheduled';
  return {
    invoice_id: sale.invoice_id,
    invoice_number: sale.invoice_number,
    product_id: sale.product_id,
    title: sale.title,
    kind: sale.kind,
    qty: sale.qty,
    returned_qty: backQty,
    hammer: sale.amount,
    returned,
    kept,
    commission_percent: terms.commissionPercent,
    commission,
    fee,
    net: kept - commission - fee,
    status,
    paid_at: sale.paid_at,
    payable_on: payableOn,
    payout: payout
      ? { id: payout.payout_id, paid_at: payout.paid_at, reference: payout.reference, method: payout.method }
      : null,
  };
}

/** An unsold lot: bids and no sale mean the reserve was not met; the high bid is shown only then. */
export function unsoldLot(lot: StatementUnsold): StatementUnsoldLot {
  const hadBids = lot.bid_count > 0;
  return {
    product_id: lot.product_id,
    title: lot.title,
    closed_at: lot.closed_at,
    reason: hadBids ? 'reserve_not_met' : 'no_bids',
    bid_count: lot.bid_count,
    high_bid: hadBids ? lot.high_price : null,
  };
}

const sumOf = (lines: readonly StatementLine[], pick: (line: StatementLine) => number) =>
  lines.reduce((sum, line) => sum + pick(line), 0);
const netWhere = (lines: readonly StatementLine[], status: StatementLineStatus) =>
  sumOf(
    lines.filter((line) => line.status === status),
    (line) => line.net,
  );

/**
 * Issue 33 "Sellers": the seller's settlement statement, the one place its rule lives. Only the
 * seller's own lines and lots (never another seller's, never the house's); a void invoice sold
 * nothing. Lines and lots keep the order they are given in.
 */
export function sellerStatement(facts: StatementFacts): SellerStatement {
  const own = (sellerId: string) => sellerId === facts.seller.id && sellerId !== HOUSE_SELLER_ID;
  const paidOut = new Map((facts.payouts ?? []).map((p) => [`${p.invoice_id}:${p.lot_id}`, p]));
  const lines = facts.sales
    .filter((sale) => own(sale.seller_id) && sale.invoice_status !== 'void')
    .map((sale) =>
      settleLine(
        sale,
        facts.configured,
        facts.now,
        paidOut.get(`${sale.invoice_id}:${sale.product_id}`) ?? null,
      ),
    );
  // A lot that sold by buy now and then closed without a winner is in the sold lines, not unsold.
  const sold = new Set(lines.map((line) => line.product_id));
  return {
    as_of: facts.now.toISOString(),
    seller: facts.seller,
    lines,
    unsold: facts.unsold.filter((lot) => own(lot.seller_id) && !sold.has(lot.product_id)).map(unsoldLot),
    totals: {
      hammer: sumOf(lines, (line) => line.hammer),
      returned: sumOf(lines, (line) => line.returned),
      commission: sumOf(lines, (line) => line.commission),
      fees: sumOf(lines, (line) => line.fee),
      net: sumOf(lines, (line) => line.net),
      payable_now: netWhere(lines, 'payable'),
      scheduled: netWhere(lines, 'scheduled'),
      awaiting_payment: netWhere(lines, 'awaiting_payment'),
      paid: netWhere(lines, 'paid'),
    },
    preference: facts.preference ?? null,
    charges: [...(facts.charges ?? [])],
    charges_due: chargesDue(facts.charges ?? []),
  };
}
