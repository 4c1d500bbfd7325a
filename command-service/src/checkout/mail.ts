import { formatMoney, t } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import type { Logger, Mailer } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';
import { dueOf, type IssuedInvoice, isPaid } from '../invoices/invoice.ts';
import { userDecider } from '../users/decide.ts';

export interface MoneyMailDeps {
  streams: Streams;
  mailer: Mailer;
  /** The UI's origin, for the invoice's link. */
  publicUrl: () => string;
  logger: Logger;
}

/**
 * The buyer's money mail (issue "Money", item 7): an invoice issued, a payment received; in the
 * language of the request that caused it (English for the system's own processes). A mail that cannot
 * be sent is logged, never a reason to undo what was recorded.
 */
export function moneyMail(deps: MoneyMailDeps) {
  async function send(buyerId: string, subject: string, lines: string[]) {
    try {
      const user = await deps.streams.load(userStream(buyerId), userDecider);
      if (!user.email) return;
      const text = [t('mail.hello', { name: user.firstName }), '', ...lines].join('\n');
      await deps.mailer.send({ to: user.email, subject, text });
    } catch (error) {
      deps.logger.error({ err: error, buyerId }, 'a money mail could not be sent');
    }
  }
  /** Issue 31: the invoice as people read it, its number (its id on invoices issued before numbers). */
  const shown = (invoice: IssuedInvoice) => invoice.issued.number ?? invoice.issued.invoiceId;
  // Issue 38 §1: a charge billed to a seller is on their statement (My Wines, sold), not among purchases.
  const link = ({ issued }: IssuedInvoice) =>
    issued.kind === 'charge'
      ? `${deps.publicUrl()}/myWines/sold`
      : `${deps.publicUrl()}/invoice/${encodeURIComponent(issued.invoiceId)}`;

  return {
    invoiceIssued(invoice: IssuedInvoice) {
      const { buyerId, lines, dueAt } = invoice.issued;
      return send(buyerId, t('mail.invoiceSubject', { invoice: shown(invoice) }), [
        t('mail.invoiceIssuedBody', {
          invoice: shown(invoice),
          total: formatMoney(invoice.amounts.total),
          items: lines.map((l) => l.title).join(', '),
          due: dueAt.slice(0, 10),
        }),
        t('mail.invoicePayAt', { link: link(invoice) }),
      ]);
    },
    paymentReceived(invoice: IssuedInvoice, amount: number) {
      const { buyerId } = invoice.issued;
      const body = isPaid(invoice)
        ? t('mail.paymentPaidBody', { amount: formatMoney(amount), invoice: shown(invoice) })
        : t('mail.paymentBody', {
            amount: formatMoney(amount),
            invoice: shown(invoice),
            due: formatMoney(dueOf(invoice)),
          });
      return send(buyerId, t('mail.paymentSubject', { invoice: shown(invoice) }), [
        body,
        t('mail.invoiceLink', { link: link(invoice) }),
      ]);
    },
  };
}

export type MoneyMail = ReturnType<typeof moneyMail>;
