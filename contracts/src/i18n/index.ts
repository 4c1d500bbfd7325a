import i18next, { type TOptions } from 'i18next';
import { bundledSpanish } from '#i18n/bundled-spanish';
import { mailTexts } from '#i18n/mail-texts';
import { forEnglish } from './for-english.ts';
import type { MailEnglish } from './mail-english.ts';

export type { MailEnglish };
export { forEnglish };

/**
 * seeds 000 "Language": the default language key is for_english, the other for_spanish. i18next knows
 * them by their codes (`en`, `es`), which is also what an `Accept-Language` header carries.
 */
export const languages = [
  { code: 'en', key: 'for_english', label: 'English' },
  { code: 'es', key: 'for_spanish', label: 'Español' },
] as const;
export type Language = (typeof languages)[number]['code'];
export const defaultLanguage: Language = 'en';
export const isLanguage = (value: unknown): value is Language => value === 'en' || value === 'es';
/** One of ours, or the default (a stored choice, i18next's current language). */
export const toLanguage = (value: unknown): Language => (isLanguage(value) ? value : defaultLanguage);

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** Every message key of the shared resources ('account.required', 'errors.LOT_NOT_FOUND', ...). */
export type MessageKey = Leaves<typeof forEnglish> | `mail.${keyof MailEnglish & string}`;

/**
 * The one i18next instance of the shared texts (server messages, mail, form validation). The UI adds
 * its own resources to it, so one language switch changes every text on the page.
 */
export const i18n = i18next.createInstance();
void i18n.init({
  // Spanish from the start on a server; in a browser the page adds it when chosen (bundled-spanish.ts).
  resources: {
    en: { translation: { ...forEnglish, ...(mailTexts && { mail: mailTexts.en }) } },
    ...(bundledSpanish && {
      es: { translation: { ...bundledSpanish, ...(mailTexts && { mail: mailTexts.es }) } },
    }),
  },
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  supportedLngs: languages.map((l) => l.code),
  initAsync: false,
  // Texts are plain (the UI escapes); `shop` is the merchant's name in mail.
  interpolation: { escapeValue: false, defaultVariables: { shop: 'Fine Wine Auction' } },
});

/**
 * Where the current language comes from. In the browser it is the language chosen in the header; a
 * server sets a source that reads the request's language (platform: AsyncLocalStorage per request),
 * so a message made anywhere while answering a request speaks the caller's language.
 */
let languageSource: () => Language = () => toLanguage(i18n.language);

export function setLanguageSource(source: () => Language): void {
  languageSource = source;
}

export const currentLanguage = (): Language => languageSource();

/** A shared text in the current language. */
export function t(key: MessageKey, options?: TOptions): string {
  const lng = languageSource();
  if (options !== undefined) return i18n.t(key, { ...options, lng }) as string;
  // A text without options is the same every time in a language: looked up once (a server answers
  // every request with one or two, and i18next's lookup cost more than the rest of a bid's answer).
  const cacheKey = `${lng}\u0000${key}`;
  let text = plainTexts.get(cacheKey);
  if (text === undefined) {
    text = i18n.t(key, { lng }) as string;
    plainTexts.set(cacheKey, text);
  }
  return text;
}

/** Texts without options by language and key; emptied whenever resources are added (the UI's bundles). */
const plainTexts = new Map<string, string>();
i18n.store.on('added', () => plainTexts.clear());

/** A shared text in a given language (mail to a user who chose one, a test). */
export function tIn(language: Language, key: MessageKey, options?: TOptions): string {
  return i18n.t(key, { ...options, lng: language }) as string;
}

/** The language an `Accept-Language` header asks for, among ours; English otherwise. */
export function languageOfHeader(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  for (const part of header.split(',')) {
    const code = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return defaultLanguage;
}

type Section = keyof typeof forEnglish;
type PlainKeys<S extends Section> = {
  [K in keyof (typeof forEnglish)[S]]: (typeof forEnglish)[S][K] extends string ? K : never;
}[keyof (typeof forEnglish)[S]];

/**
 * A section's texts as an object of getters: `accountMessages.required` reads 'Required!' in the
 * current language each time it is read, so the constants the code already uses become translated.
 * Texts with parameters come as `extras`, written beside the section (`bidMessages.minBid(cents)`);
 * their getters are kept as getters.
 */
export function textsOf<S extends Section, E extends object = Record<never, never>>(
  section: S,
  extras?: E,
): { readonly [K in Exclude<PlainKeys<S>, keyof E>]: string } & E {
  const texts = {};
  for (const key of Object.keys(forEnglish[section])) {
    if (extras && key in extras) continue;
    Object.defineProperty(texts, key, {
      enumerable: true,
      get: () => t(`${section}.${key}` as MessageKey),
    });
  }
  if (extras) Object.defineProperties(texts, Object.getOwnPropertyDescriptors(extras));
  return texts as { readonly [K in Exclude<PlainKeys<S>, keyof E>]: string } & E;
}

/** A zod message read when the issue is made, so it speaks the caller's language: `z.string(lazy(...))`. */
export const lazy = (text: () => string) => ({ error: text });
