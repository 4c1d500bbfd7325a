import { withAdminFee } from '@wine/contracts';
import type { InvoiceEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { type Invoice, pendingPayments } from './invoice.ts';

/**
 * Issue 38 §2 (seeds 001 §7 buynow/updateAdminFee): finance or an admin sets the order's admin fee, in
 * whole cents (0 takes it off), saying why. The route has refused a member of staff who is a party to
 * the invoice (separation of duties) before this runs.
 */
export interface SetAdminFee {
  type: 'SetAdminFee';
  fee: number;
  note: string;
  /** The member of staff who sets it. */
  by: string;
}

/**
 * The fee changes what is owed, so only while nothing is paid or being paid: a fee changed under a
 * payment on its way would leave the payment short of the total (StartPayment also checks the total
 * it read, so a payment that read the old total is refused rather than taken short). The same fee
 * again records nothing.
 */
export function decideAdminFee(command: SetAdminFee, state: Invoice): InvoiceEvent[] {
  if (state.status === 'none') throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  if ((state.amounts.adminFee ?? 0) === command.fee) return [];
  if (state.voided) throw new AppError('INVOICE_VOID', { field: 'invoice_id' });
  if (state.paid > 0 || pendingPayments(state).length > 0) throw new AppError('ADMIN_FEE_LOCKED');
  return [
    {
      type: 'InvoiceAdminFeeSet',
      data: {
        fee: command.fee,
        note: command.note,
        by: command.by,
        amounts: withAdminFee(state.amounts, command.fee),
        delivery: state.delivery,
      },
    },
  ];
}
