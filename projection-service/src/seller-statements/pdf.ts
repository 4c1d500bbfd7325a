import {
  formatMoney,
  type MerchantDetails,
  type SellerStatement,
  type StatementLineStatus,
  type UnsoldReason,
} from '@wine/contracts';
import { MERCHANT_NAME } from '../invoices/detail.ts';
// The invoice PDF's house style, shared: its letterhead, dates, tables, totals and foot.
import {
  emptyNote,
  type Figure,
  figures,
  footer,
  formatDate,
  heading,
  letterhead,
  pdfDocument,
  table,
} from '../invoices/pdf.ts';

type PdfDoc = PDFKit.PDFDocument;

const statusLabel: Record<StatementLineStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  scheduled: 'Scheduled',
  payable: 'Payable',
  returned: 'Returned',
  paid: 'Paid out',
};

const reasonLabel: Record<UnsoldReason, string> = {
  reserve_not_met: 'Reserve not met',
  no_bids: 'No bids',
};

function header(doc: PdfDoc, statement: SellerStatement, merchantName: string) {
  letterhead(doc, {
    merchantName,
    lines: ['Consignment settlement'],
    title: 'SELLER STATEMENT',
    facts: [
      ['Seller', statement.seller.name],
      ['As of', formatDate(statement.as_of)],
    ],
    labelWidth: 60,
  });
}

function sold(doc: PdfDoc, statement: SellerStatement) {
  heading(doc, 'Sold');
  if (statement.lines.length === 0) return emptyNote(doc, 'No sales yet.');
  table(
    doc,
    [
      { label: 'Wine', width: 118 },
      { label: 'Invoice', width: 66 },
      { label: 'Hammer', width: 56, align: 'right' },
      { label: 'Commission', width: 56, align: 'right' },
      { label: 'Fee', width: 44, align: 'right' },
      { label: 'Net', width: 56, align: 'right' },
      { label: 'Status', width: 58 },
      { label: 'Payable on', width: 58 },
    ],
    statement.lines.map((line) => [
      // A line returned in part says how many bottles went back; its hammer is what was invoiced.
      line.returned_qty > 0 && line.status !== 'returned'
        ? `${line.title} (${line.returned_qty} of ${line.qty} returned: -${formatMoney(line.returned)})`
        : line.title,
      line.invoice_number ?? line.invoice_id,
      formatMoney(line.hammer),
      `${formatMoney(line.commission)} (${line.commission_percent}%)`,
      formatMoney(line.fee),
      formatMoney(line.net),
      statusLabel[line.status],
      line.payable_on ? formatDate(line.payable_on) : '-',
    ]),
  );
}

function unsold(doc: PdfDoc, statement: SellerStatement) {
  heading(doc, 'Unsold');
  if (statement.unsold.length === 0) return emptyNote(doc, 'No unsold lots.');
  table(
    doc,
    [
      { label: 'Wine', width: 222 },
      { label: 'Closed', width: 90 },
      { label: 'Result', width: 110 },
      { label: 'High bid', width: 90, align: 'right' },
    ],
    statement.unsold.map((lot) => [
      lot.title,
      formatDate(lot.closed_at),
      reasonLabel[lot.reason],
      lot.high_bid === null ? '-' : formatMoney(lot.high_bid),
    ]),
  );
}

function totals(doc: PdfDoc, statement: SellerStatement) {
  const t = statement.totals;
  const rows: Figure[] = [
    ['Hammer', formatMoney(t.hammer), false],
    ...(t.returned > 0 ? [['Returned', `-${formatMoney(t.returned)}`, false] as Figure] : []),
    ['Commission', `-${formatMoney(t.commission)}`, false],
    ['Fees', `-${formatMoney(t.fees)}`, false],
    ['Net', formatMoney(t.net), true],
    ['Paid out', formatMoney(t.paid), false],
    ['Payable now', formatMoney(t.payable_now), true],
    ['Scheduled', formatMoney(t.scheduled), false],
    ['Awaiting buyer payment', formatMoney(t.awaiting_payment), false],
  ];
  heading(doc, 'Totals');
  figures(doc, rows, { labelWidth: 160, gap: 0 });
}

/**
 * Issue 33 "Sellers": the seller's settlement statement as a printable PDF, in the invoice's house
 * style (the merchant's letterhead, the same tables): sold lines, unsold lots, totals.
 */
export function renderStatementPdf(statement: SellerStatement, merchant?: MerchantDetails): Promise<Buffer> {
  const merchantName = merchant?.name ?? MERCHANT_NAME;
  const { doc, done } = pdfDocument({
    Title: `Seller statement ${statement.seller.name}`,
    Author: merchantName,
  });
  header(doc, statement, merchantName);
  sold(doc, statement);
  unsold(doc, statement);
  totals(doc, statement);
  footer(
    doc,
    'The net of a sale is payable the agreed number of days after the buyer paid in full; bottles returned and refunded are deducted. Amounts in US dollars.',
  );
  doc.end();
  return done;
}
