import type { InvoiceStatus } from '@wine/contracts';
import type { InvoiceEvent } from '@wine/event-schemas';
import type { RecordedOf } from '../core/projection.ts';
import { orderLogEntry } from './order-log.ts';

/** What the buyer still owes on: the auction cart and the 'unpaid' list (seeds 001 §7). */
export const unpaidStatuses: readonly InvoiceStatus[] = ['unpaid', 'partial'];

/**
 * The stages that follow every change of an invoice: its status, what is due and when it was paid,
 * from its own fields (invoiceStatus, as an expression), and the order log entry of `event`.
 */
export function settle(event: RecordedOf<InvoiceEvent>): Record<string, unknown>[] {
  return [
    {
      $set: {
        status: {
          $cond: [
            { $eq: ['$voided', true] },
            'void',
            {
              $cond: [
                { $gte: ['$paid', '$amounts.total'] },
                'paid',
                { $cond: [{ $gt: ['$paid', 0] }, 'partial', 'unpaid'] },
              ],
            },
          ],
        },
        due: { $max: [0, { $subtract: ['$amounts.total', '$paid'] }] },
        order_log: { $concatArrays: ['$order_log', [{ $literal: orderLogEntry(event) }]] },
      },
    },
    // Paid at the event that made it paid; an invoice a refund takes below its total is paid no more.
    {
      $set: {
        paid_at: {
          $cond: [
            { $eq: ['$status', 'paid'] },
            { $ifNull: ['$paid_at', { $literal: event.metadata.occurredAt }] },
            null,
          ],
        },
      },
    },
  ];
}
