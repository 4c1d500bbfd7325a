import type { InvoiceEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Invoice } from '../invoices/invoice.ts';

/** Issue 31: staff enter the carrier and tracking number of a delivery invoice's shipment. */
export type ShippingCommand = { type: 'RecordTracking'; carrier: string; trackingNumber: string };

/**
 * A delivery invoice, not voided, takes a tracking number; the same one again records nothing (so a
 * retry mails nothing more), a different one (a correction) replaces it.
 */
export function decideShipping(command: ShippingCommand, state: Invoice): InvoiceEvent[] {
  if (state.status === 'none') throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  if (state.voided) throw new AppError('INVOICE_VOID', { field: 'invoice_id' });
  if (state.delivery.method !== 'delivery') throw new AppError('TRACKING_NOT_DELIVERY');
  const { carrier, trackingNumber } = command;
  if (state.tracking?.carrier === carrier && state.tracking.trackingNumber === trackingNumber) return [];
  return [{ type: 'ShipmentTracked', data: { carrier, trackingNumber } }];
}
