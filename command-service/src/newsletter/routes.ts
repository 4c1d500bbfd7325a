import { actions, currentLanguage, t } from '@wine/contracts';
import { type Actor, contactStream } from '@wine/event-schemas';
import {
  AppError,
  type Clock,
  type Logger,
  type Mailer,
  registerAction,
  type SecretStore,
} from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { mailedAddressCap } from '../users/rate-limits.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { type Contact, contactDecider, contactIdOf, contactKindOf } from './contact.ts';
import { CONFIRM_LINK_DAYS, type NewsletterLinks } from './links.ts';
import { confirmationMail } from './mail.ts';

export interface NewsletterRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  mailer: Mailer;
  /** The confirmation mails' per-address windows live here, apart from the log. */
  secrets: SecretStore;
  links: NewsletterLinks;
  /** The UI's origin, for the links. */
  publicUrl: () => string;
  logger: Logger;
  /** Sign-ups per minute per client (counted on arrival, before the body is read). */
  rateLimit: number;
}

/** A confirmation mail to one address at most this often... */
export const CONFIRM_MAIL_WINDOW_MS = 10 * 60_000;
/** ...and at most this many a day, however often it is signed up. */
export const CONFIRM_MAILS_A_DAY = 3;
/** The public links' bodies are a few short fields. */
const LINK_BODY_LIMIT = 1024;

/** A visitor acts through the footer's form, a contact through a signed link: no account is named. */
const footer: Actor = { kind: 'system', id: 'storefront:newsletter' };
const linkHolder: Actor = { kind: 'system', id: 'newsletter:link' };

/**
 * seeds 000 §2.6, 001 §2 and §7 "custom/index/campaign/zoho addcontacts", with issue 34's double
 * opt-in: the footer's sign-up records the address as pending and mails it a confirmation link; the
 * answer is the seeds' 'Subscribed to newsletter successfully' whatever the address's state, and the
 * mail goes after the answer, so neither the words nor the time tell anyone whether it was on the list.
 * The confirmation link and the unsubscribe link every marketing mail carries act without a sign-in
 * (they are signed); an admin takes an address off the list from /admin/newsletter.
 */
export const newsletterRoutes: FastifyPluginAsync<NewsletterRouteDeps> = async (app, deps) => {
  const { streams, clock, auth, secrets, links, logger } = deps;
  const admit = mailedAddressCap(secrets, clock, deps.rateLimit);
  // Mails in flight after their answers, one after another; a stop waits for them.
  let mailing: Promise<void> = Promise.resolve();
  app.addHook('onClose', async () => {
    await mailing;
  });

  /** One confirmation mail per address a window, a few a day, and within the client's address cap. */
  async function mayMail(contactId: string, client: string, email: string): Promise<boolean> {
    const now = clock.now().getTime();
    const window = await secrets.increment('newsletter-mail', contactId, {
      expiresAt: new Date(now + CONFIRM_MAIL_WINDOW_MS),
    });
    if (window > 1) return false;
    const today = await secrets.increment('newsletter-mails', contactId, {
      expiresAt: new Date(now + 24 * 3_600_000),
    });
    if (today > CONFIRM_MAILS_A_DAY) return false;
    try {
      await admit(client, email);
      return true;
    } catch {
      return false;
    }
  }

  async function mailConfirmation(
    contactId: string,
    contact: Contact,
    client: string,
    language: 'en' | 'es',
  ) {
    if (!(await mayMail(contactId, client, contact.email))) {
      logger.info({ contactId }, 'a newsletter confirmation was not mailed again so soon');
      return;
    }
    const origin = deps.publicUrl();
    const expiresAt = new Date(clock.now().getTime() + CONFIRM_LINK_DAYS * 24 * 3_600_000);
    const mail = confirmationMail(
      language,
      contact.email,
      {
        confirm: links.confirmUrl(origin, contactId, contact.signUpId, expiresAt),
        leave: links.leaveUrl(origin, contactId),
      },
      CONFIRM_LINK_DAYS,
    );
    await deps.mailer.send(mail);
  }

  registerAction(
    app,
    actions.addNewsletterContact,
    auth,
    async (input, ctx) => {
      const { email } = input;
      const contactId = contactIdOf(email);
      const stream = contactStream(contactId);
      const language = currentLanguage();
      const result = await streams.handle(
        stream,
        contactDecider,
        {
          type: 'AddNewsletterContact',
          email,
          source: 'footer',
          language,
          // The seeds' client's user_type or tag: the kind the marketing service is given (its user_type or tag).
          kind: contactKindOf(input),
          signUpId: derivedId('signup', contactId, ctx.commandId),
        },
        commandContext(ctx, footer, clock.now()),
      );
      // A new sign-up, or one still waiting for its confirmation (the first mail may be lost): mailed
      // again within the limits. A retried request (same x-command-id) mails nothing more.
      if (!result.replayed) {
        const contact = await streams.load(stream, contactDecider);
        const client = ctx.request.ip;
        if (contact.status === 'pending')
          mailing = mailing
            .then(() => mailConfirmation(contactId, contact, client, language))
            .catch((error) => logger.error({ err: error, contactId }, 'a newsletter confirmation failed'));
      }
      ctx.setMessage(t('enquiries.subscribed'));
      return null;
    },
    { onRequest: app.rateLimit({ max: deps.rateLimit, timeWindow: '1 minute' }) },
  );

  // Issue 34: the confirmation link. Opened again once it worked, it answers the same; a link of an
  // earlier sign-up, an edited or expired one, or another address's, confirms nothing.
  registerAction(
    app,
    actions.confirmNewsletterContact,
    auth,
    async ({ c, e, t: token }, ctx) => {
      const stream = contactStream(c);
      const contact = await streams.load(stream, contactDecider);
      if (contact.status === 'none' || !links.verifyConfirm(c, contact.signUpId, e, token))
        throw new AppError('NEWSLETTER_LINK_INVALID');
      if (contact.status === 'pending' && Number(e) * 1000 <= clock.now().getTime())
        throw new AppError('NEWSLETTER_LINK_INVALID');
      await streams.handle(
        stream,
        contactDecider,
        { type: 'ConfirmNewsletterContact', signUpId: contact.signUpId },
        commandContext(ctx, linkHolder, clock.now()),
      );
      ctx.setMessage(t('enquiries.newsletterConfirmed', { email: contact.email }));
      return { email: contact.email };
    },
    { onRequest: app.rateLimit({ max: deps.rateLimit, timeWindow: '1 minute' }), bodyLimit: LINK_BODY_LIMIT },
  );

  // Issue 34: the unsubscribe link of every marketing mail takes the address off the list, by the
  // contact themself; a second click records nothing and answers the same.
  registerAction(
    app,
    actions.leaveNewsletter,
    auth,
    async ({ c, t: token }, ctx) => {
      if (!links.verifyLeave(c, token)) throw new AppError('NEWSLETTER_LINK_INVALID');
      const stream = contactStream(c);
      const contact = await streams.load(stream, contactDecider);
      if (contact.status === 'none') throw new AppError('NEWSLETTER_LINK_INVALID');
      await streams.handle(
        stream,
        contactDecider,
        { type: 'UnsubscribeNewsletterContact', email: contact.email, by: 'contact' },
        commandContext(ctx, linkHolder, clock.now()),
      );
      ctx.setMessage(t('enquiries.newsletterLeft', { email: contact.email }));
      return { email: contact.email };
    },
    { onRequest: app.rateLimit({ max: deps.rateLimit, timeWindow: '1 minute' }), bodyLimit: LINK_BODY_LIMIT },
  );

  // Issue 34: an admin takes an address off the newsletter list; a second time records nothing.
  registerAction(app, actions.unsubscribeContact, auth, async (input, ctx) => {
    const email = input.email.trim().toLowerCase();
    await streams.handle(
      contactStream(contactIdOf(email)),
      contactDecider,
      { type: 'UnsubscribeNewsletterContact', email, by: 'staff' },
      commandContext(ctx, auth.adminOf(ctx.request), clock.now()),
    );
    ctx.setMessage(t('enquiries.unsubscribed', { email }));
    return null;
  });
};
