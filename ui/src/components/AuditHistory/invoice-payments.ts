/** An invoice's payment as the history's state shows it, with the transaction its money moved in. */
export interface InvoicePaymentRow {
  paymentId: string;
  method: string;
  amount: number;
  status: string;
  /** The `payment-<id>` stream: the payment's transactionId, else the payment id itself (issue 35 §1). */
  transactionId: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The payments of an invoice's state (`payments: Record<paymentId, Payment>`), in the order the state
 * keeps them; none before the first event, or for a state that has no payments.
 */
export function invoicePayments(state: unknown): InvoicePaymentRow[] {
  if (!isRecord(state) || !isRecord(state.payments)) return [];
  return Object.entries(state.payments).flatMap(([paymentId, payment]) => {
    if (!isRecord(payment)) return [];
    const { method, amount, status, transactionId } = payment;
    return [
      {
        paymentId,
        method: typeof method === 'string' ? method : '',
        amount: typeof amount === 'number' ? amount : 0,
        status: typeof status === 'string' ? status : '',
        transactionId: typeof transactionId === 'string' && transactionId ? transactionId : paymentId,
      },
    ];
  });
}

/** What each payment method and status reads as: the transactions page's words (one not listed shows as the state writes it). */
export {
  methodLabels as methodTexts,
  statusLabels as paymentStatusTexts,
} from '../TransactionTable/TransactionTable.tsx';

/** The text of `value` in `texts`, or null for a value the table does not name. */
export const textOf = <T extends Record<string, string>>(texts: T, value: string): T[keyof T] | null =>
  Object.hasOwn(texts, value) ? (texts[value as keyof T] as T[keyof T]) : null;
