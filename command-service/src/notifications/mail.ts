import { formatMoney, type Language, tIn } from '@wine/contracts';

/** What each notification says; links are absolute (the UI's origin). */
export type Notice =
  | { kind: 'outbid'; title: string; price: number; lotLink: string }
  | { kind: 'bidCancelled'; title: string; price: number; lotLink: string; reason: string }
  | { kind: 'leading'; title: string; price: number; lotLink: string }
  | { kind: 'closing'; title: string; price: number; lotLink: string; closesAt: string; minutes: number }
  | {
      kind: 'won';
      title: string;
      hammer: number;
      invoice: string;
      total: number;
      items: string;
      due: string;
      invoiceLink: string;
    };

export interface MailText {
  subject: string;
  text: string;
}

/**
 * Issue 31: a notification's mail in the user's language: hello, what happened, the link to act on,
 * and the link that stops this kind (and the page of all the choices).
 */
export function noticeMail(
  language: Language,
  name: string,
  notice: Notice,
  links: { stop: string; choices: string },
): MailText {
  const t = (key: Parameters<typeof tIn>[1], options?: Record<string, unknown>) =>
    tIn(language, key, options);
  const footer = [
    '',
    t('mail.notifyStop', { link: links.stop }),
    t('mail.notifyChoices', { link: links.choices }),
  ];
  const mail = (subject: string, lines: string[]) => ({
    subject,
    text: [t('mail.hello', { name }), '', ...lines, ...footer].join('\n'),
  });
  switch (notice.kind) {
    case 'outbid':
      return mail(t('mail.notifyOutbidSubject', { title: notice.title }), [
        t('mail.notifyOutbidBody', { title: notice.title, amount: formatMoney(notice.price) }),
        t('mail.notifyOutbidLink', { link: notice.lotLink }),
      ]);
    case 'bidCancelled':
      return mail(t('mail.notifyCancelledSubject', { title: notice.title }), [
        t('mail.notifyCancelledBody', { title: notice.title, reason: notice.reason }),
        t('mail.notifyCancelledLink', { amount: formatMoney(notice.price), link: notice.lotLink }),
      ]);
    case 'leading':
      return mail(t('mail.notifyLeadingSubject', { title: notice.title }), [
        t('mail.notifyLeadingBody', { title: notice.title, amount: formatMoney(notice.price) }),
        t('mail.notifyOutbidLink', { link: notice.lotLink }),
      ]);
    case 'closing':
      return mail(t('mail.notifyClosingSubject', { title: notice.title }), [
        t('mail.notifyClosingBody', {
          title: notice.title,
          when: notice.closesAt.slice(0, 16).replace('T', ' '),
          minutes: notice.minutes,
          amount: formatMoney(notice.price),
        }),
        t('mail.notifyClosingLink', { link: notice.lotLink }),
      ]);
    case 'won':
      return mail(t('mail.notifyWonSubject', { title: notice.title }), [
        t('mail.notifyWonBody', { title: notice.title, amount: formatMoney(notice.hammer) }),
        t('mail.invoiceIssuedBody', {
          invoice: notice.invoice,
          total: formatMoney(notice.total),
          items: notice.items,
          due: notice.due,
        }),
        t('mail.invoicePayAt', { link: notice.invoiceLink }),
      ]);
    default: {
      const _exhaustive: never = notice;
      return { subject: '', text: '' };
    }
  }
}

/** The outbid text message: short, with the lot's link. */
export const outbidText = (language: Language, notice: Extract<Notice, { kind: 'outbid' }>) =>
  tIn(language, 'mail.notifyOutbidSms', {
    title: notice.title,
    amount: formatMoney(notice.price),
    link: notice.lotLink,
  });
