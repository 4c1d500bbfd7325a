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
  // Outside a context the texts are the default language's, so only another language enters one
  // (an async context per request is a visible share of the cheapest routes' cost).
  const enter = (request: FastifyRequest, _reply: unknown, done: () => void) => {
    const language = languageOf(request);
    if (language === defaultLanguage) done();
    else requestLanguage.run(language, done);
  };
  app.addHook('onRequest', enter);
  app.addHook('preValidation', enter);
}
