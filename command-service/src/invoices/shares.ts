import type { InvoiceEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Invoice } from './invoice.ts';

/**
 * Issue 38 §2 (seeds 001 §7 public_invoice): the buyer shares the invoice by a signed link (for their
 * accountant), or ends the share. One share at a time: sharing again keeps the one there is, so the
 * link already sent keeps working; revoking ends it (a new share is a new link).
 */
export type InvoiceShareCommand =
  | { type: 'ShareInvoice'; buyerId: string; shareId: string; tokenHash: string }
  | { type: 'RevokeShare'; buyerId: string };

export function decideInvoiceShare(command: InvoiceShareCommand, state: Invoice): InvoiceEvent[] {
  // Someone else's invoice answers as an unknown one.
  if (state.status === 'none' || state.issued.buyerId !== command.buyerId) {
    throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  }
  if (command.type === 'RevokeShare') {
    return state.shareId ? [{ type: 'InvoiceShareRevoked', data: { shareId: state.shareId } }] : [];
  }
  if (state.shareId) return [];
  if (state.voided) throw new AppError('INVOICE_VOID', { field: 'invoice_id' });
  return [{ type: 'InvoiceShared', data: { shareId: command.shareId, tokenHash: command.tokenHash } }];
}
