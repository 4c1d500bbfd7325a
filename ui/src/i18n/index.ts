import { defaultLanguage, i18n, type Language, toLanguage } from '@wine/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { setI18n } from 'react-i18next';
import { uiForEnglish } from './for-english.ts';
import { uiForSpanish } from './for-spanish.ts';

export { i18n };

/**
 * The UI's texts join the shared ones (contracts i18n) in the same instance, under `ui`: one
 * `changeLanguage` turns server messages, form validation and the UI's own words together.
 */
i18n.addResourceBundle('en', 'translation', { ui: uiForEnglish }, true, true);
i18n.addResourceBundle('es', 'translation', { ui: uiForSpanish }, true, true);
// useTranslation finds the instance even where no I18nextProvider wraps the tree.
setI18n(i18n);

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

/** At start: the language chosen last time. No backend loads anything, so it applies at once. */
export function restoreLanguage(): void {
  void i18n.changeLanguage(storedLanguage());
}

/** The header's language switch: remembered for next time, and every text follows. */
export function chooseLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // unavailable: the choice lasts until the page reloads
  }
  void i18n.changeLanguage(language);
}

/**
 * A text in the current language, for code outside components (a label made by a helper). A
 * component uses `useTranslation()`, which also re-renders it when the language changes.
 */
export const t: typeof i18n.t = ((...args: Parameters<typeof i18n.t>) => i18n.t(...args)) as typeof i18n.t;
