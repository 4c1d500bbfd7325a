import type { InvoiceEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import {
  type Invoice,
  type InvoiceProductStatus,
  type IssuedInvoice,
  isPaid,
  type OwnershipCertificate,
} from './invoice.ts';

/**
 * Issue 38 §2: what staff (and a line's seller) record on the lines of an invoice: a provenance
 * certificate (seeds 001 §7 buynow/updateOwnershipCertificate) and where the line stands in the cellar
 * (seeds 001 §4 "Invoice product status change").
 */
export type InvoiceLineCommand =
  | {
      type: 'AttachCertificate';
      lotId: string;
      certificate: OwnershipCertificate;
      by: string;
      /** A seller acting: only their own lines (another's answers as not there); null for an admin. */
      sellerId: string | null;
    }
  | { type: 'RemoveCertificate'; lotId: string; by: string; sellerId: string | null }
  | { type: 'ChangeProductStatus'; lotId: string; status: InvoiceProductStatus; by: string };

/** The line of the lot, as the caller may see it; any other answers as not on the invoice. */
function lineOf(state: Invoice, lotId: string, sellerId: string | null = null) {
  if (state.status === 'none') throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  const line = state.issued.lines.find((l) => l.lotId === lotId);
  // A seller learns nothing of the lines (or invoices) of other sellers' lots.
  if (sellerId !== null && !state.issued.lines.some((l) => l.sellerId === sellerId)) {
    throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  }
  if (!line || (sellerId !== null && line.sellerId !== sellerId)) throw new AppError('NOT_ON_INVOICE');
  return { invoice: state, line };
}

const sameCertificate = (a: OwnershipCertificate | undefined, b: OwnershipCertificate) =>
  a !== undefined &&
  a.reference === b.reference &&
  a.issuer === b.issuer &&
  a.issuedOn === b.issuedOn &&
  a.note === b.note;

/** Collected is a pickup's end, shipped a delivery's; neither before the invoice is paid in full. */
function statusAllowed(invoice: IssuedInvoice, status: InvoiceProductStatus) {
  if (status === 'processing') return;
  if (!isPaid(invoice)) throw new AppError('INVOICE_NOT_PAID', { field: 'invoice_id' });
  const method = invoice.delivery.method;
  if ((status === 'collected' && method !== 'pickup') || (status === 'shipped' && method !== 'delivery')) {
    throw new AppError('PRODUCT_STATUS_INVALID');
  }
}

export function decideInvoiceLine(command: InvoiceLineCommand, state: Invoice): InvoiceEvent[] {
  switch (command.type) {
    case 'AttachCertificate': {
      const { invoice } = lineOf(state, command.lotId, command.sellerId);
      if (sameCertificate(invoice.certificates[command.lotId], command.certificate)) return [];
      if (invoice.voided) throw new AppError('INVOICE_VOID', { field: 'invoice_id' });
      return [
        {
          type: 'OwnershipCertificateAttached',
          data: { lotId: command.lotId, ...command.certificate, by: command.by },
        },
      ];
    }
    case 'RemoveCertificate': {
      const { invoice } = lineOf(state, command.lotId, command.sellerId);
      if (!invoice.certificates[command.lotId]) return [];
      return [{ type: 'OwnershipCertificateRemoved', data: { lotId: command.lotId, by: command.by } }];
    }
    case 'ChangeProductStatus': {
      const { invoice } = lineOf(state, command.lotId);
      if ((invoice.productStatus[command.lotId] ?? 'processing') === command.status) return [];
      if (invoice.voided) throw new AppError('INVOICE_VOID', { field: 'invoice_id' });
      statusAllowed(invoice, command.status);
      const { lotId, status, by } = command;
      return [{ type: 'InvoiceProductStatusChanged', data: { lotId, status, by } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}
