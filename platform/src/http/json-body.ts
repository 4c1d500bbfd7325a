import type { FastifyInstance } from 'fastify';
import { parse } from 'secure-json-parse';
import { AppError } from './errors.ts';

/**
 * JSON bodies through secure-json-parse, as fastify's own parser does, but saying what is wrong: a
 * prototype-polluting key is refused by name instead of as "not valid JSON".
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') {
      done(new AppError('EMPTY_BODY'), undefined);
      return;
    }
    try {
      done(null, parse(body as string, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      const polluting = /forbidden prototype property/.test((error as Error).message);
      done(polluting ? new AppError('FORBIDDEN_KEY') : new AppError('BAD_JSON'), undefined);
    }
  });
}
