import { formatMoney, t } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import type { Logger, Mailer } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';
import type { IssuedInvoice, ReturnCase } from '../invoices/invoice.ts';
import { userDecider } from '../users/decide.ts';

export interface ReturnMailDeps {
  streams: Streams;
  mailer: Mailer;
  /** The UI's origin, for the link to the buyer's returns. */
  publicUrl: () => string;
  logger: Logger;
}

/**
 * The buyer is told how their return was decided: accepted, with the refund and where it went, or
 * refused with the note. In the language of the request that decided it; a mail that cannot be sent
 * is logged, never a reason to undo the decision.
 */
export function returnMail(deps: ReturnMailDeps) {
  return async function returnDecided(invoice: IssuedInvoice, returned: ReturnCase, note: string) {
    const { buyerId, invoiceId, lines } = invoice.issued;
    try {
      const user = await deps.streams.load(userStream(buyerId), userDecider);
      if (!user.email) return;
      const title = lines.find((l) => l.lotId === returned.lotId)?.title ?? returned.lotId;
      const what = { qty: returned.qty, title, invoice: invoice.issued.number ?? invoiceId };
      // Issue 31: accepted first (the wine comes back), refunded once received: the amount refunded.
      const amount = formatMoney(returned.refund?.amount ?? returned.amount);
      const accepted = returned.status !== 'refused';
      const toCard = returned.refund ? returned.refund.parts.some((p) => p.to === 'card') : false;
      const body = !accepted
        ? [t('mail.returnRefusedBody', what)]
        : returned.status === 'refunded'
          ? [
              t('mail.returnAcceptedBody', what),
              t(toCard ? 'mail.returnRefundCard' : 'mail.returnRefundWallet', { amount }),
            ]
          : [t('mail.returnAcceptedBody', what)];
      const text = [
        t('mail.hello', { name: user.firstName }),
        '',
        ...body,
        ...(note ? [t('mail.returnNote', { note })] : []),
        t('mail.returnLink', { link: `${deps.publicUrl()}/returns` }),
      ].join('\n');
      const subject = t(accepted ? 'mail.returnAcceptedSubject' : 'mail.returnRefusedSubject');
      await deps.mailer.send({ to: user.email, subject, text });
    } catch (error) {
      deps.logger.error({ err: error, buyerId, invoiceId }, 'a return mail could not be sent');
    }
  };
}

export type ReturnMail = ReturnType<typeof returnMail>;
