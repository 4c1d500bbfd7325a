import {
  formatMoney,
  type MerchantDetails,
  type SellerStatement,
  type StatementLineStatus,
  type UnsoldReason,
} from '@wine/contracts';
import PDFDocument from 'pdfkit';
import { MERCHANT_NAME } from '../invoices/detail.ts';
// The invoice PDF's house style, shared: its letterhead colours, margins, dates and tables.
import {
  ACCENT,
  formatDate,
  heading,
  INK,
  MARGIN,
  MUTED,
  RIGHT,
  room,
  table,
  WIDTH,
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
  doc.font('Helvetica-Bold').fontSize(20).fillColor(ACCENT).text(merchantName, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text('Consignment settlement', MARGIN, doc.y);
  const leftBottom = doc.y;
  const x = RIGHT - 220;
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text('SELLER STATEMENT', x, MARGIN, { width: 220, align: 'right' });
  const facts: [string, string][] = [
    ['Seller', statement.seller.name],
    ['As of', formatDate(statement.as_of)],
  ];
  for (const [label, value] of facts) {
    const y = doc.y + 1;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, x, y, { width: 60 });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(INK)
      .text(value, x + 60, y, { width: 160, align: 'right' });
  }
  doc.y = Math.max(leftBottom, doc.y) + 12;
  doc.moveTo(MARGIN, doc.y).lineTo(RIGHT, doc.y).lineWidth(1).strokeColor(ACCENT).stroke();
  doc.y += 12;
}

function none(doc: PdfDoc, text: string) {
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(text, MARGIN, doc.y);
}

function sold(doc: PdfDoc, statement: SellerStatement) {
  heading(doc, 'Sold');
  if (statement.lines.length === 0) return none(doc, 'No sales yet.');
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
  if (statement.unsold.length === 0) return none(doc, 'No unsold lots.');
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
  const rows: [string, string, boolean][] = [
    ['Hammer', formatMoney(t.hammer), false],
    ...(t.returned > 0
      ? [['Returned', `-${formatMoney(t.returned)}`, false] as [string, string, boolean]]
      : []),
    ['Commission', `-${formatMoney(t.commission)}`, false],
    ['Fees', `-${formatMoney(t.fees)}`, false],
    ['Net', formatMoney(t.net), true],
    ['Paid out', formatMoney(t.paid), false],
    ['Payable now', formatMoney(t.payable_now), true],
    ['Scheduled', formatMoney(t.scheduled), false],
    ['Awaiting buyer payment', formatMoney(t.awaiting_payment), false],
  ];
  heading(doc, 'Totals');
  room(doc, rows.length * 16 + 10);
  const x = RIGHT - 260;
  for (const [label, value, strong] of rows) {
    const y = doc.y;
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 11 : 10)
      .fillColor(INK);
    doc.text(label, x, y, { width: 160 });
    doc.text(value, x + 160, y, { width: 96, align: 'right' });
    doc.y += 3;
  }
  doc.x = MARGIN;
}

/**
 * Issue 33 "Sellers": the seller's settlement statement as a printable PDF, in the invoice's house
 * style (the merchant's letterhead, the same tables): sold lines, unsold lots, totals.
 */
export function renderStatementPdf(statement: SellerStatement, merchant?: MerchantDetails): Promise<Buffer> {
  const merchantName = merchant?.name ?? MERCHANT_NAME;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Seller statement ${statement.seller.name}`, Author: merchantName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, statement, merchantName);
  sold(doc, statement);
  unsold(doc, statement);
  totals(doc, statement);
  room(doc, 40);
  doc.moveDown(1.5).font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(
    'The net of a sale is payable the agreed number of days after the buyer paid in full; bottles returned and refunded are deducted. Amounts in US dollars.',
    MARGIN,
    doc.y,
    { width: WIDTH, align: 'center' },
  );
  doc.end();
  return done;
}
