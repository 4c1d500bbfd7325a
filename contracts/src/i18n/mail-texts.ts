import { mailForEnglish } from './mail-english.ts';
import { mailForSpanish } from './mail-spanish.ts';

/**
 * The mail texts a server has (`mail.…` keys). A browser build resolves `#i18n/mail-texts` to
 * mail-texts.browser.ts instead (package.json "imports"): a page sends no mail, so its first load
 * does not carry them (issue 11).
 */
export const mailTexts = { en: mailForEnglish, es: mailForSpanish } as const;
