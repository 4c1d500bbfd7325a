import { actions, agreementsMessages, documentsWebhookPath, t } from '@wine/contracts';
import {
  DocumentWebhookSignatureError,
  type Logger,
  registerAction,
  registerSignedWebhook,
} from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';
import type { AgreementService } from './service.ts';

export interface AgreementRouteDeps {
  agreements: AgreementService;
  /** The documents service's own check and reading of its webhook (throws on a bad signature). */
  readEvent: (body: Buffer, signature: string) => Parameters<AgreementService['apply']>[0];
  auth: SessionAuth;
  logger: Logger;
}

/** seeds 001 §7 user/third_party/pandadoc: createPandaDocForSV, getSessionId; the service's webhook. */
export const agreementRoutes: FastifyPluginAsync<AgreementRouteDeps> = async (
  app,
  { agreements, readEvent, auth, logger },
) => {
  registerAction(app, actions.createPandaDocForSV, auth, async (input, ctx) => {
    const admin = auth.adminOf(ctx.request);
    const { sellerName, ...made } = await agreements.create(admin.id, input, ctx);
    ctx.setMessage(t('agreements.created', { name: sellerName }));
    return made;
  });
  registerAction(app, actions.getSessionId, auth, async (input, ctx) =>
    agreements.session(auth.sessionOf(ctx.request), input.id),
  );
  registerAction(app, actions.sandboxSignDocument, auth, async (input, ctx) => {
    await agreements.sandboxSign(auth.sessionOf(ctx.request), input.session_id);
    ctx.setMessage(agreementsMessages.signed);
    return null;
  });

  // The service's signed events (PandaDoc signs the raw body, the signature in the query string),
  // applied once each.
  await registerSignedWebhook(app, {
    path: documentsWebhookPath,
    signatureOf: (request) => {
      const signature = (request.query as { signature?: unknown }).signature;
      return typeof signature === 'string' && signature !== '' ? signature : undefined;
    },
    async handle(body, signature, reply) {
      let events: Parameters<AgreementService['apply']>[0];
      try {
        events = readEvent(body, signature);
      } catch (error) {
        if (!(error instanceof DocumentWebhookSignatureError)) throw error;
        logger.warn({ reason: error.message }, 'a documents webhook with a bad signature was refused');
        return reply.code(400).send({ status: 'error', message: 'Bad signature' });
      }
      await agreements.apply(events);
      return reply.code(200).send({ status: 'applied', count: events.length });
    },
  });
};
