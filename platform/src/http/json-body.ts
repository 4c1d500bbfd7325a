import type { FastifyInstance } from 'fastify';
import { parse } from 'secure-json-parse';
import { AppError } from './errors.ts';

/**
 * A JSON body's text through secure-json-parse, as fastify's own parser does, but saying what is
 * wrong: a prototype-polluting key is refused by name instead of as "not valid JSON". Throws AppErrors.
 */
export function parseJsonBody(body: string): unknown {
  if (body === '') throw new AppError('EMPTY_BODY');
  try {
    return parse(body, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    const polluting = /forbidden prototype property/.test((error as Error).message);
    throw polluting ? new AppError('FORBIDDEN_KEY') : new AppError('BAD_JSON');
  }
}

/** JSON bodies through `parseJsonBody`. */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });
}
