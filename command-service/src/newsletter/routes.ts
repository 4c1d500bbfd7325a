import { actions, currentLanguage, t } from '@wine/contracts';
import { type Clock, type Marketing, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { contactDecider } from './contact.ts';
import { contactStreamOf } from './events-marketing.ts';

export interface NewsletterRouteDeps {
  marketing: Marketing;
  /** The log, for the admin's unsubscribe (contacts as events: issue 34 "Marketing contacts"). */
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  /** Sign-ups per minute per client (counted on arrival, before the body is read). */
  rateLimit: number;
}

/**
 * seeds 000 §2.6, 001 §2 and §7 "custom/index/campaign/zoho addcontacts": the footer's newsletter
 * field adds a contact through the marketing port and answers 'Subscribed to newsletter successfully',
 * the same whether the address was new or already subscribed (which also tells nobody who is).
 */
export const newsletterRoutes: FastifyPluginAsync<NewsletterRouteDeps> = async (
  app,
  { marketing, streams, clock, auth, rateLimit },
) => {
  // Issue 34: an admin takes an address off the newsletter list; a second time records nothing.
  registerAction(app, actions.unsubscribeContact, auth, async (input, ctx) => {
    const email = input.email.trim().toLowerCase();
    await streams.handle(
      contactStreamOf(email),
      contactDecider,
      { type: 'UnsubscribeNewsletterContact', email },
      commandContext(ctx, auth.adminOf(ctx.request), clock.now()),
    );
    ctx.setMessage(t('enquiries.unsubscribed', { email }));
    return null;
  });

  registerAction(
    app,
    actions.addNewsletterContact,
    auth,
    async (input, ctx) => {
      await marketing.addContact(
        { email: input.email, source: 'footer', language: currentLanguage() },
        { commandId: ctx.commandId, correlationId: ctx.correlationId, now: clock.now() },
      );
      ctx.setMessage(t('enquiries.subscribed'));
      return null;
    },
    { onRequest: app.rateLimit({ max: rateLimit, timeWindow: '1 minute' }) },
  );
};
