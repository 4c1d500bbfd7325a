import { AppError } from '@wine/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How long a reserved body may take to arrive (8 MB at about 70 KB/s): a client that holds its share
 * of the budget by sending slowly is cut off then, and its bytes are given back.
 */
export const BODY_DEADLINE_MS = 120_000;

/**
 * The bytes of enquiry bodies the server holds at once (issue 30: ten anonymous 8 MB enquiries took
 * it from 240 to 458 MB). Each request reserves what it says it sends (its content-length, or the
 * route's body limit when it does not say) before its body is read, and gives it back when its answer
 * is done or its connection closes. A request that does not fit is refused at once, 503
 * ENQUIRIES_BUSY in the envelope, before a byte of its body is read; the rate limit per client
 * (counted first) is the other half.
 */
export function enquiryBodyBudget(maxBytes: number, bodyDeadlineMs = BODY_DEADLINE_MS) {
  let inFlight = 0;
  return {
    /** An onRequest hook for a route whose body may be at most `bodyLimit` bytes. */
    hook(bodyLimit: number) {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const declared = Number(request.headers['content-length']);
        // A body longer than the limit is refused by fastify (413) before it is read: nothing to hold.
        if (Number.isFinite(declared) && declared > bodyLimit) return;
        const bytes = Number.isFinite(declared) && declared >= 0 ? declared : bodyLimit;
        if (bytes === 0) return;
        if (inFlight + bytes > maxBytes) throw new AppError('ENQUIRIES_BUSY');
        inFlight += bytes;
        let held = true;
        const deadline = setTimeout(() => {
          if (!request.raw.complete) request.raw.socket?.destroy();
        }, bodyDeadlineMs);
        deadline.unref();
        reply.raw.once('close', () => {
          clearTimeout(deadline);
          if (held) inFlight -= bytes;
          held = false;
        });
      };
    },
    /** The bytes reserved now (tests). */
    inFlight: () => inFlight,
  };
}
