import { AsyncLocalStorage } from 'node:async_hooks';
import { defaultLanguage, type Language, languageOfHeader, setLanguageSource } from '@wine/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The language of the request being answered, for every text made while answering it: a refusal, a
 * form's validation message, a success message, a mail (contracts' `t` reads it through
 * `setLanguageSource`). Outside a request (a CLI, a timer) the texts are English.
 */
const requestLanguage = new AsyncLocalStorage<Language>();
setLanguageSource(() => requestLanguage.getStore() ?? defaultLanguage);

/** Runs `work` with the texts in `language` (a mail sent later for a user who chose Spanish). */
export const inLanguage = <T>(language: Language, work: () => T): T => requestLanguage.run(language, work);

export const languageOf = (request: FastifyRequest): Language =>
  languageOfHeader(request.headers['accept-language']);

/**
 * The UI sends the chosen language as `Accept-Language`. Entered on request and again once the body
 * is parsed: the body's stream events run outside the context the request began in.
 */
export function installRequestLanguage(app: FastifyInstance): void {
  const enter = (request: FastifyRequest, _reply: unknown, done: () => void) =>
    requestLanguage.run(languageOf(request), done);
  app.addHook('onRequest', enter);
  app.addHook('preValidation', enter);
}
