import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A vendor's event is a few kilobytes; anything larger is refused unread. */
export const MAX_WEBHOOK_BYTES = 256 * 1024;

export interface SignedWebhook {
  path: string;
  /** Where the vendor puts its signature (a header, a query parameter); undefined when absent. */
  signatureOf(request: FastifyRequest): string | undefined;
  /** The raw body (what is signed) and its signature: checks it, acts, answers. */
  handle(body: Buffer, signature: string, reply: FastifyReply): Promise<unknown>;
}

/**
 * A vendor's webhook endpoint (issue 35: Stripe's, PandaDoc's): not an action, since no session and no
 * envelope: the signature is the caller's proof. In its own scope the body is read raw (the bytes are
 * what is signed), up to MAX_WEBHOOK_BYTES; a request without a signature is refused 400 before its
 * body is read.
 */
export async function registerSignedWebhook(app: FastifyInstance, webhook: SignedWebhook): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      webhook.path,
      {
        bodyLimit: MAX_WEBHOOK_BYTES,
        onRequest: async (request, reply) => {
          if (!webhook.signatureOf(request))
            return reply.code(400).send({ status: 'error', message: 'No signature' });
        },
      },
      async (request, reply) =>
        webhook.handle(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          webhook.signatureOf(request) as string,
          reply,
        ),
    );
  });
}
