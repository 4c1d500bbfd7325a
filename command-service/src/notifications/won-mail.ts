import { userStream } from '@wine/event-schemas';
import type { Streams } from '../core/command-handler.ts';
import type { IssuedInvoice } from '../invoices/invoice.ts';
import { userDecider } from '../users/decide.ts';
import { channelsFor } from './decide.ts';

/**
 * Issue 31, one mail per event: an auction's invoice is told by the "you won" mail (the notification
 * process, with the invoice's link, total and due date) when the buyer wants that mail; otherwise by
 * the money mail as before, so a buyer who turned the won mail off still hears of what they owe.
 */
export function withWonMail<Mail extends { invoiceIssued(invoice: IssuedInvoice): Promise<void> }>(
  mail: Mail,
  streams: Streams,
): Mail {
  return {
    ...mail,
    async invoiceIssued(invoice: IssuedInvoice) {
      if (invoice.issued.kind === 'auction') {
        const buyer = await streams.load(userStream(invoice.issued.buyerId), userDecider);
        if (channelsFor(buyer, 'won').includes('email')) return;
      }
      await mail.invoiceIssued(invoice);
    },
  };
}
