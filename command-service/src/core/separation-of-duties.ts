import type { InvoiceIssuedData } from '@wine/event-schemas';
import { AppError } from '@wine/platform';

/**
 * Separation of duties (issue 30: a finance user placed an order for themself, recorded the money
 * "received", then accepted its return to their wallet, $110.25 from nothing): a staff action on a
 * money record (an invoice, a wallet, a gift card) is refused when the member of staff is a party to
 * it, its buyer or one of its sellers. Every staff money action calls this one rule with the record's
 * parties, before it writes anything.
 */
export function refuseOwnMoneyRecord(staffId: string, parties: Iterable<string>): void {
  for (const party of parties) if (party === staffId) throw new AppError('OWN_MONEY_RECORD');
}

/** An invoice's parties: its buyer and the seller of each line. */
export const invoiceParties = (issued: Pick<InvoiceIssuedData, 'buyerId' | 'lines'>): string[] => [
  issued.buyerId,
  ...issued.lines.map((line) => line.sellerId),
];
