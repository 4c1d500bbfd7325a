import { defaultLanguage, i18n, type Language, toLanguage } from '@wine/contracts';
import dayjs from 'dayjs';
import { setI18n } from 'react-i18next';
import { uiForEnglish } from './for-english.ts';

export { i18n };

/**
 * The UI's texts join the shared ones (contracts i18n) in the same instance, under `ui`: one
 * `changeLanguage` turns server messages, form validation and the UI's own words together.
 */
i18n.addResourceBundle('en', 'translation', { ui: uiForEnglish }, true, true);
// useTranslation finds the instance even where no I18nextProvider wraps the tree.
setI18n(i18n);

/**
 * The texts of the languages other than the default, the shared ones (contracts i18n: a browser build
 * has only English there) with the UI's, each loaded when first chosen (issue 11: the first load
 * carries one language). English, the default, is always there.
 */
const loaders: Partial<Record<Language, () => Promise<object>>> = {
  // The shared texts (server messages, form validation) and the UI's, as one bundle.
  // dayjs's Spanish month and day names come with them.
  es: () =>
    Promise.all([
      import('@wine/contracts/for-spanish'),
      import('./for-spanish.ts'),
      import('dayjs/locale/es'),
    ]).then(([shared, ui]) => ({ ...shared.forSpanish, ui: ui.uiForSpanish })),
};
const loaded = new Set<Language>([defaultLanguage]);
const loading = new Map<Language, Promise<void>>();

/** Adds a language's UI texts to the instance (once); resolves when they are there. */
export function loadLanguage(language: Language): Promise<void> {
  const load = loaders[language];
  if (loaded.has(language) || !load) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = load().then(
      (texts) => {
        i18n.addResourceBundle(language, 'translation', texts, true, true);
        loaded.add(language);
        loading.delete(language);
      },
      (error: unknown) => {
        // Not loaded (the network went away): the next choice tries again.
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

/**
 * The English texts of the account, money and back-office pages (for-english-more.ts), which the
 * storefront's pages do not use: the first load of the storefront goes without them (issue 11).
 */
let moreEnglish: Promise<void> | null = null;

export function loadMoreTexts(): Promise<void> {
  moreEnglish ??= import('./for-english-more.ts').then(
    ({ uiMoreForEnglish }) => {
      i18n.addResourceBundle('en', 'translation', { ui: uiMoreForEnglish }, true, false);
    },
    (error: unknown) => {
      // Not loaded (the network went away): the next page asks again.
      moreEnglish = null;
      throw error;
    },
  );
  return moreEnglish;
}

/** The pages whose texts are all in for-english.ts: the home, browse and lot pages. */
const storefront = /^\/(search\/?|productview\/[^/]+\/?)?$/;

/** Resolves when a page's texts are there (the router waits for it before the page loads). */
export function textsReadyFor(pathname: string): Promise<void> | undefined {
  return storefront.test(pathname) ? undefined : loadMoreTexts();
}

/**
 * Switches to a language: at once when its texts are there (always in the specs, which switch and
 * check in the same tick), else once they have loaded (the page stays in the current one meanwhile).
 */
function switchTo(language: Language): Promise<void> {
  if (loaded.has(language)) return i18n.changeLanguage(language).then(() => undefined);
  return loadLanguage(language).then(
    () => i18n.changeLanguage(language).then(() => undefined),
    // Not loaded: the page stays in the language it shows.
    () => undefined,
  );
}

// The specs render and check Spanish in the same tick as they switch: every language is there from
// the start (Vite drops this in a build, where `MODE` is 'production').
if (import.meta.env.MODE === 'test') {
  await Promise.all([
    loadMoreTexts(),
    ...Object.keys(loaders).map((language) => loadLanguage(language as Language)),
  ]);
}

/** Where the chosen language is remembered (its code, 'en' or 'es'). */
export const LANGUAGE_KEY = 'language';

/**
 * What follows the language outside React: dayjs's locale (month and day names; the seeds' numeric
 * formats stay the same) and `<html lang>` (screen readers, hyphenation, the browser's translate offer).
 */
function follow(language: string): void {
  const code = toLanguage(language);
  dayjs.locale(code);
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}
i18n.on('languageChanged', follow);
follow(i18n.language);

/** The remembered language, or the default (seeds 000 §1: for_english) when none was chosen. */
export function storedLanguage(): Language {
  try {
    return toLanguage(window.localStorage.getItem(LANGUAGE_KEY));
  } catch {
    // Storage unavailable (private modes, sandboxed frames): the default.
    return defaultLanguage;
  }
}

/**
 * At start: the language chosen last time. The default applies at once; another once its texts have
 * loaded (main.tsx waits for it before the first render, so no text shows in the wrong language).
 */
export function restoreLanguage(): Promise<void> {
  return switchTo(storedLanguage());
}

/** The header's language switch: remembered for next time, and every text follows. */
export function chooseLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // unavailable: the choice lasts until the page reloads
  }
  void switchTo(language);
}

/**
 * A text in the current language, for code outside components (a label made by a helper). A
 * component uses `useTranslation()`, which also re-renders it when the language changes.
 */
export const t: typeof i18n.t = ((...args: Parameters<typeof i18n.t>) => i18n.t(...args)) as typeof i18n.t;
