import { actions, base64Bytes, type MerchantDetails, t } from '@wine/contracts';
import { type Actor, enquiryStream } from '@wine/event-schemas';
import { type Clock, type Logger, type Mailer, type MailMessage, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { enquiryBodyBudget } from './body-budget.ts';
import { enquiryDecider } from './enquiry.ts';
import { consignmentEnquiryMail, contactEnquiryMail } from './mail.ts';

export interface EnquiryRouteDeps {
  streams: Streams;
  clock: Clock;
  mailer: Mailer;
  /** The merchant's details as they read now (issue 34: its inboxes are a setting). */
  merchant: () => MerchantDetails;
  auth: SessionAuth;
  logger: Logger;
  /** Enquiries per minute per client (counted on arrival, before the body is read). */
  rateLimit: number;
  /** Bytes of enquiry bodies held at once, all clients together (ENQUIRY_BYTES_IN_FLIGHT by default). */
  bytesInFlight?: number;
}

/** Three photos of 2 MB in base64 (4 characters per 3 bytes) and the form's text. */
const CONSIGNMENT_BODY_LIMIT = 9 * 1024 * 1024;
/** The contact form's text. */
const CONTACT_BODY_LIMIT = 64 * 1024;
/** Two full sell-your-wine bodies at once, all visitors together (issue 30): the server's memory stays flat. */
export const ENQUIRY_BYTES_IN_FLIGHT = 2 * CONSIGNMENT_BODY_LIMIT;

/** A visitor acts through the storefront's public form; events name the form, not a person's account. */
const visitor = (form: string): Actor => ({ kind: 'system', id: `storefront:${form}` });

/**
 * Issue 11 items 2 and 3: the contact page's enquiry (seeds 001 §7 user/submitContactUs) and the
 * sell-your-wine enquiry. Each is recorded on its own stream, then mailed to the merchant's inbox. A
 * mail that cannot be sent is logged and never undoes the recorded enquiry; a retried request (same
 * x-command-id) records nothing and mails nothing again.
 */
export const enquiryRoutes: FastifyPluginAsync<EnquiryRouteDeps> = async (app, deps) => {
  const { streams, clock, mailer, merchant, auth, logger } = deps;
  // onRequest: counted before the body is read, so a flood of large bodies is refused early.
  const limit = app.rateLimit({ max: deps.rateLimit, timeWindow: '1 minute' });
  // Then the bodies all clients send at once are held within one budget, also before they are read.
  const budget = enquiryBodyBudget(deps.bytesInFlight ?? ENQUIRY_BYTES_IN_FLIGHT);

  async function mail(message: MailMessage, enquiryId: string) {
    try {
      await mailer.send(message);
    } catch (error) {
      logger.error({ err: error, enquiryId }, 'an enquiry mail could not be sent');
    }
  }

  registerAction(
    app,
    actions.submitContactUs,
    auth,
    async (input, ctx) => {
      const enquiryId = derivedId('enq', ctx.commandId);
      const data = { enquiryId, ...input, to: merchant().emailGeneral };
      const result = await streams.handle(
        enquiryStream(enquiryId),
        enquiryDecider,
        { type: 'ReceiveContactEnquiry', data },
        commandContext(ctx, visitor('contact'), clock.now()),
      );
      if (!result.replayed && result.events.length > 0)
        await mail(contactEnquiryMail(enquiryId, data), enquiryId);
      ctx.setMessage(t('enquiries.contactSent'));
      return null;
    },
    { onRequest: [limit, budget.hook(CONTACT_BODY_LIMIT)], bodyLimit: CONTACT_BODY_LIMIT },
  );

  registerAction(
    app,
    actions.sellYourWine,
    auth,
    async (input, ctx) => {
      const enquiryId = derivedId('enq', ctx.commandId);
      const { photos, storage_other, ...rest } = input;
      const data = {
        enquiryId,
        ...rest,
        ...(storage_other && input.storage === 'other' && { storageOther: storage_other }),
        // The photos' bytes go to the mail only, never to the log.
        photos: photos.map((p) => ({ name: p.name, type: p.type, bytes: base64Bytes(p.data) })),
        to: merchant().emailSelling,
      };
      const result = await streams.handle(
        enquiryStream(enquiryId),
        enquiryDecider,
        { type: 'ReceiveConsignmentEnquiry', data },
        commandContext(ctx, visitor('sellingwine'), clock.now()),
      );
      if (!result.replayed && result.events.length > 0) {
        await mail(consignmentEnquiryMail(enquiryId, data, photos), enquiryId);
      }
      ctx.setMessage(t('enquiries.consignmentSent'));
      return null;
    },
    { onRequest: [limit, budget.hook(CONSIGNMENT_BODY_LIMIT)], bodyLimit: CONSIGNMENT_BODY_LIMIT },
  );

  // Issue 34 "The day's work": an admin answers an enquiry by mail. The answer is recorded first (a
  // retried request records and mails it once), then mailed; a mail that cannot be sent is logged.
  registerAction(app, actions.answerEnquiry, auth, async (input, ctx) => {
    const stream = enquiryStream(input.id);
    const result = await streams.handle(
      stream,
      enquiryDecider,
      { type: 'AnswerEnquiry', enquiryId: input.id, message: input.message },
      commandContext(ctx, auth.adminOf(ctx.request), clock.now()),
    );
    const enquiry = await streams.load(stream, enquiryDecider);
    if (enquiry.status === 'empty') throw new Error('an answered enquiry was not found after answering');
    if (!result.replayed && result.events.length > 0) {
      const shop = merchant();
      const subject =
        enquiry.kind === 'contact'
          ? t('enquiries.answerSubject', { subject: enquiry.about })
          : t('enquiries.answerConsignmentSubject');
      await mail(
        {
          to: enquiry.email,
          subject,
          text: [input.message, '', '--', shop.name, shop.emailGeneral, shop.phone].join('\n'),
        },
        input.id,
      );
    }
    ctx.setMessage(t('enquiries.answered', { email: enquiry.email }));
    return null;
  });
};
