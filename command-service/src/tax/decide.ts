import type { InvoiceEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { type Invoice, isPaid } from '../invoices/invoice.ts';

/**
 * Issue 35 §5: what the tax recording process writes on the invoice once the tax service answered:
 * the paid invoice recorded as a sale, a refunded return's refund of it, a voided order's void.
 * Never a user's command: the process on the log sends them (tax/recording.ts).
 */
export type TaxCommand =
  | { type: 'RecordTaxSale'; service: string; code: string; tax: number }
  | { type: 'RecordTaxRefund'; returnId: string; service: string; code: string; amount: number; tax: number }
  | { type: 'RecordTaxVoid'; service: string; code: string };

/**
 * Each is written once: recorded again (a replay, a retry, a second instance) it is no change. A sale
 * is recorded for a paid invoice not voided; a refund for a refunded return of a recorded sale; a void
 * for a voided invoice whose sale was recorded.
 */
export function decideTax(command: TaxCommand, state: Invoice): InvoiceEvent[] {
  if (state.status === 'none') throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  switch (command.type) {
    case 'RecordTaxSale': {
      if (state.tax) return [];
      if (state.voided) throw new AppError('INVOICE_VOID', { field: 'invoice_id' });
      if (!isPaid(state)) throw new AppError('INVOICE_NOT_PAID');
      const { service, code, tax } = command;
      return [{ type: 'TaxRecorded', data: { service, code, tax } }];
    }
    case 'RecordTaxRefund': {
      if (!state.tax) throw new AppError('INVOICE_NOT_PAID');
      if (state.tax.refunds[command.returnId] !== undefined) return [];
      if (state.returns[command.returnId]?.status !== 'refunded') throw new AppError('RETURN_NOT_FOUND');
      const { returnId, service, code, amount, tax } = command;
      return [{ type: 'TaxRefunded', data: { returnId, service, code, amount, tax } }];
    }
    case 'RecordTaxVoid': {
      if (!state.tax) throw new AppError('INVOICE_NOT_PAID');
      if (state.tax.voided) return [];
      if (!state.voided) throw new AppError('INVOICE_PAID');
      return [{ type: 'TaxVoided', data: { service: command.service, code: command.code } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}
