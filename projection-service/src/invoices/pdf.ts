import {
  type BankTransferInstructions,
  formatMoney,
  type InvoiceDetail,
  type MerchantDetails,
} from '@wine/contracts';
import PDFDocument from 'pdfkit';
import { MERCHANT_NAME } from './detail.ts';
import { formatRate, methodLabel } from './order-log.ts';

type Doc = PDFKit.PDFDocument;
type Address = { address1: string; address2?: string; city: string; state: string; zip: string } | null;

export const MARGIN = 50;
const PAGE_WIDTH = 612; // US Letter
export const RIGHT = PAGE_WIDTH - MARGIN;
export const WIDTH = RIGHT - MARGIN;
export const INK = '#1f1f1f';
export const MUTED = '#6b6b6b';
export const ACCENT = '#6d1a36'; // a claret
const RULE = '#d6d6d6';

// The merchant's dates are Chicago's (DOMAIN.md: a Chicago-area merchant).
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/Chicago' });
export const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '-');

const statusLabel: Record<InvoiceDetail['status'], string> = {
  unpaid: 'UNPAID',
  partial: 'PARTLY PAID',
  paid: 'PAID',
  void: 'VOID',
};

const transactionStatus: Record<InvoiceDetail['allTransactions'][number]['status'], string> = {
  pending: 'Pending',
  action_required: 'Awaiting issuer',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

const addressLines = (a: Address) =>
  a ? [a.address1, ...(a.address2 ? [a.address2] : []), `${a.city}, ${a.state} ${a.zip}`] : [];

export interface Column {
  label: string;
  width: number;
  align?: 'left' | 'right';
}

/** A US Letter document in the house's margins, and its bytes once it is ended. */
export function pdfDocument(info: { Title: string; Author: string }): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'LETTER', margin: MARGIN, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A small centred line at the foot of the document (how to ask, the currency). */
export function footer(doc: Doc, text: string) {
  room(doc, 40);
  doc.moveDown(1.5).font('Helvetica').fontSize(8).fillColor(MUTED);
  doc.text(text, MARGIN, doc.y, { width: WIDTH, align: 'center' });
}

/** A muted line where a section has nothing to list. */
export function emptyNote(doc: Doc, text: string) {
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(text, MARGIN, doc.y);
}

/** Starts a new page when fewer than `needed` points are left above the bottom margin. */
export function room(doc: Doc, needed: number) {
  if (doc.y + needed > doc.page.height - MARGIN) doc.addPage();
}

export function heading(doc: Doc, text: string) {
  room(doc, 40);
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text(text, MARGIN, doc.y);
  doc.moveDown(0.3);
}

/** A table: a shaded header row, then rows whose height follows their tallest (wrapped) cell. */
export function table(doc: Doc, columns: readonly Column[], rows: readonly string[][]) {
  const labels = columns.map((c) => c.label);
  const drawRow = (cells: readonly string[], header: boolean): void => {
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: (columns[i]?.width ?? 0) - 8 }));
    const height = Math.max(...heights) + 8;
    if (doc.y + height > doc.page.height - MARGIN) {
      doc.addPage();
      // A table that runs on to the next page starts it with its header again.
      if (!header) drawRow(labels, true);
      doc.font('Helvetica').fontSize(9);
    }
    const top = doc.y;
    if (header) doc.rect(MARGIN, top, WIDTH, height).fill('#f1ece6');
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = columns[i] ?? { label: '', width: 0 };
      doc
        .fillColor(INK)
        .text(cell, x + 4, top + 4, { width: column.width - 8, align: column.align ?? 'left' });
      x += column.width;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(RIGHT, top + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  };
  drawRow(labels, true);
  for (const row of rows) drawRow(row, false);
}

/** A total's line: its label, its amount, and whether it stands out (bold, larger). */
export type Figure = readonly [label: string, value: string, strong: boolean];

/**
 * Totals on the right: a column of labels `labelWidth` wide and their amounts, the strong ones bold and
 * larger, kept on one page, `gap` points below what came before.
 */
export function figures(
  doc: Doc,
  rows: readonly Figure[],
  { labelWidth, gap }: { labelWidth: number; gap: number },
) {
  room(doc, rows.length * 16 + 10);
  doc.y += gap;
  const x = RIGHT - labelWidth - 100;
  for (const [label, value, strong] of rows) {
    const y = doc.y;
    doc
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 11 : 10)
      .fillColor(INK);
    doc.text(label, x, y, { width: labelWidth });
    doc.text(value, x + labelWidth, y, { width: 96, align: 'right' });
    doc.y += 3;
  }
  doc.x = MARGIN;
}

/** Label and value lines in a block at (x, y); answers the y below it. */
function block(doc: Doc, x: number, y: number, width: number, title: string, lines: readonly string[]) {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(title.toUpperCase(), x, y, { width });
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const line of lines) doc.text(line, x, doc.y, { width });
  return doc.y;
}

export interface Letterhead {
  merchantName: string;
  /** Muted lines under the merchant's name (its address, what the document is). */
  lines: readonly string[];
  /** The document's title, on the right (INVOICE). */
  title: string;
  /** Label and value pairs under the title. */
  facts: readonly (readonly [string, string])[];
  /** The labels' width in the facts' 220 points; the values take the rest. */
  labelWidth: number;
  /** A word in colour under the facts (the invoice's status). */
  status?: { text: string; colour: string };
}

/** The house's letterhead: the merchant's name and lines, the title and its facts, a rule under both. */
export function letterhead(doc: Doc, { merchantName, lines, title, facts, labelWidth, status }: Letterhead) {
  doc.font('Helvetica-Bold').fontSize(20).fillColor(ACCENT).text(merchantName, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of lines) doc.text(line, MARGIN, doc.y);
  const leftBottom = doc.y;

  const x = RIGHT - 220;
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(INK)
    .text(title, x, MARGIN, { width: 220, align: 'right' });
  for (const [label, value] of facts) {
    const y = doc.y + 1;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, x, y, { width: labelWidth });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(INK)
      .text(value, x + labelWidth, y, { width: 220 - labelWidth, align: 'right' });
  }
  if (status) {
    const y = doc.y + 4;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(status.colour)
      .text(status.text, x, y, { width: 220, align: 'right' });
  }
  doc.y = Math.max(leftBottom, doc.y) + 12;
  doc.moveTo(MARGIN, doc.y).lineTo(RIGHT, doc.y).lineWidth(1).strokeColor(ACCENT).stroke();
  doc.y += 12;
}

function header(doc: Doc, detail: InvoiceDetail, merchantName: string) {
  const location = detail.locationDetail;
  letterhead(doc, {
    merchantName,
    lines: [location.address1, `${location.city}, ${location.state} ${location.zip}`, location.phone],
    title: 'INVOICE',
    facts: [
      // Issue 31: the readable number, and the internal id beside it (older invoices have only the id).
      ['Invoice', detail.number ?? detail.id],
      ...(detail.number ? [['Reference', detail.id] as const] : []),
      ['Type', detail.kind === 'auction' ? 'Auction' : 'Buy now'],
      ['Issued', formatDate(detail.created_at)],
      ['Due', formatDate(detail.due_at)],
      ['Paid', formatDate(detail.paid_at)],
    ],
    labelWidth: 80,
    status: {
      text: statusLabel[detail.status],
      colour: detail.status === 'paid' ? '#2e7d32' : detail.status === 'void' ? MUTED : '#b23b3b',
    },
  });
}

function parties(doc: Doc, detail: InvoiceDetail) {
  const top = doc.y;
  const third = WIDTH / 3;
  const user = detail.invoiceUser;
  const name = `${user.first_name} ${user.last_name}`.trim() || user.id;
  const bottoms = [
    block(doc, MARGIN, top, third - 10, 'Bill to', [
      name,
      user.email,
      ...addressLines(detail.billingAddress),
    ]),
    block(
      doc,
      MARGIN + third,
      top,
      third - 10,
      detail.delivery_method === 'pickup' ? 'Pickup at' : 'Deliver to',
      detail.delivery_method === 'pickup'
        ? [detail.locationDetail.name, ...addressLines(detail.locationDetail), detail.locationDetail.hours]
        : [...addressLines(detail.invoiceAddress), ...shipmentLines(detail)],
    ),
    block(
      doc,
      MARGIN + 2 * third,
      top,
      third,
      'Sold by',
      detail.invoiceSeller.map((s) => s.name),
    ),
  ];
  doc.x = MARGIN;
  doc.y = Math.max(...bottoms) + 6;
}

function totals(doc: Doc, detail: InvoiceDetail) {
  const v = detail.cartValues;
  const rows: Figure[] = [
    ['Subtotal', formatMoney(v.subtotal), false],
    // Buy now has no premium (DOMAIN.md "Money"): no line for it.
    ...(detail.kind === 'auction'
      ? [[`Buyer's premium (${v.premium_percent}%)`, formatMoney(v.premium), false] as Figure]
      : []),
    // Issue 31: a delivery's shipping charge, its own line.
    ...(detail.delivery_method === 'delivery'
      ? [['Shipping', v.shipping ? formatMoney(v.shipping) : 'Free', false] as Figure]
      : []),
    [`Tax (${formatRate(v.tax_rate)})`, formatMoney(v.tax), false],
    // Issue 38 §2: the admin fee staff set on the order (not taxed), its own line.
    ...(v.admin_fee ? [['Admin fee', formatMoney(v.admin_fee), false] as Figure] : []),
    ['Total', formatMoney(v.total), true],
    ['Paid', formatMoney(v.paid), false],
    ['Balance due', formatMoney(v.due), true],
    // Refunds for returns leave the invoice paid: they are shown apart, under what was paid.
    ...(detail.returned > 0
      ? [['Refunded for returns', `-${formatMoney(detail.returned)}`, false] as Figure]
      : []),
  ];
  figures(doc, rows, { labelWidth: 140, gap: 8 });
}

/** Issue 31: how to pay by bank transfer, with the invoice's number as the reference. */
function bankTransfer(doc: Doc, detail: InvoiceDetail, bank: BankTransferInstructions) {
  heading(doc, 'Pay by bank transfer');
  const rows: [string, string][] = [
    ['Bank', bank.bankName],
    ['Account name', bank.accountName],
    ['Routing number (ABA)', bank.routingNumber],
    ['Account number', bank.accountNumber],
    ['SWIFT / BIC', bank.swift],
    ['Reference', detail.number ?? detail.id],
    ['Amount', formatMoney(detail.cartValues.due)],
  ];
  room(doc, rows.length * 14 + 30);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(label, MARGIN, y, { width: 130 });
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(value, MARGIN + 130, y, { width: WIDTH - 130 });
    doc.y += 2;
  }
  const notes = [
    bank.demo ? 'DEMO bank details: not a real account, do not send money.' : '',
    bank.note,
  ].filter(Boolean);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(bank.demo ? '#b23b3b' : MUTED);
  for (const note of notes) doc.text(note, MARGIN, doc.y, { width: WIDTH });
  doc.x = MARGIN;
}

function transactions(doc: Doc, detail: InvoiceDetail) {
  heading(doc, 'Payments and refunds');
  if (detail.allTransactions.length === 0) {
    emptyNote(doc, 'No payments yet.');
    return;
  }
  table(
    doc,
    [
      { label: 'Date', width: 75 },
      { label: 'Type', width: 55 },
      { label: 'Method', width: 110 },
      { label: 'Status', width: 70 },
      { label: 'Reference', width: 122 },
      { label: 'Amount', width: 80, align: 'right' },
    ],
    detail.allTransactions.map((t) => [
      formatDate(t.created_at),
      t.type === 'refund' ? 'Refund' : 'Payment',
      t.card_brand
        ? `${methodLabel[t.method]} (${t.card_brand} ${t.card_last4 ?? ''})`
        : methodLabel[t.method],
      transactionStatus[t.status],
      t.reference ?? t.reason ?? '',
      `${t.type === 'refund' ? '-' : ''}${formatMoney(t.amount)}`,
    ]),
  );
}

/** The invoice as a printable PDF (seeds 001 §7 "Invoices": download), from its detail. */

const shipMethodNames = {
  ground: 'Ground',
  temperature: 'Temperature-controlled',
  hold: 'Seasonal hold',
} as const;

/** Issue 31: how a delivery ships, the hold's date and its tracking, under the address it goes to. */
function shipmentLines(detail: InvoiceDetail): string[] {
  const shipment = detail.shipment;
  if (!shipment) return [];
  return [
    `Shipping: ${shipMethodNames[shipment.method]}`,
    ...(shipment.ship_date ? [`Ships on: ${formatDate(`${shipment.ship_date}T12:00:00.000Z`)}`] : []),
    ...(shipment.tracking_number
      ? [`Tracking: ${shipment.carrier ?? ''} ${shipment.tracking_number}`.trim()]
      : []),
  ];
}

export function renderInvoicePdf(detail: InvoiceDetail, merchant?: MerchantDetails): Promise<Buffer> {
  const { doc, done } = pdfDocument({
    Title: `Invoice ${detail.number ?? detail.id}`,
    Author: merchant?.name ?? MERCHANT_NAME,
  });
  header(doc, detail, merchant?.name ?? MERCHANT_NAME);
  parties(doc, detail);
  heading(doc, 'Items');
  table(
    doc,
    [
      { label: 'Lot', width: 70 },
      { label: 'Description', width: 232 },
      { label: 'Qty', width: 40, align: 'right' },
      { label: 'Unit price', width: 85, align: 'right' },
      { label: 'Amount', width: 85, align: 'right' },
    ],
    detail.invoiceItems.map((item) => [
      item.product_id,
      // Issue 38 §2: a line's provenance certificate, under its title.
      item.certificate
        ? `${item.title}\nOwnership certificate ${item.certificate.reference}, ${item.certificate.issuer}, ${item.certificate.issued_on}`
        : item.title,
      String(item.qty),
      formatMoney(item.unit_price),
      formatMoney(item.amount),
    ]),
  );
  totals(doc, detail);
  if (merchant?.bankTransfer && detail.cartValues.due > 0 && detail.status !== 'void')
    bankTransfer(doc, detail, merchant.bankTransfer);
  transactions(doc, detail);
  if (detail.invoice_notes_public.length > 0) {
    heading(doc, 'Notes');
    doc.font('Helvetica').fontSize(9).fillColor(INK);
    for (const note of detail.invoice_notes_public)
      doc.text(`${formatDate(note.at)}: ${note.note}`, MARGIN, doc.y);
  }
  footer(
    doc,
    `${
      detail.delivery_method === 'pickup'
        ? `Pickup by appointment at ${detail.locationDetail.name}, ${detail.locationDetail.hours}. `
        : ''
    }Questions: ${detail.locationDetail.phone}. Amounts in US dollars.`,
  );
  doc.end();
  return done;
}
