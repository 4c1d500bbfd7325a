import { z } from 'zod';
import { lazy, t } from './i18n/index.ts';

/**
 * Characters no person means to store in a name, a title or an address: C0 and C1 controls (NUL,
 * backspace, tab, escape…), unpaired surrogates, the soft hyphen, bidi embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069, U+061C: they reverse how the text around them reads) and the
 * zero-width and invisible characters (U+200B–U+200F, U+2060–U+2064, U+FEFF, Hangul fillers…), with
 * which a name can look empty or like someone else's. The line and paragraph separators are in the
 * range U+2028–U+202E.
 */
const INVISIBLE =
  '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u180E\\u200B-\\u200F\\u2028-\\u202E\\u2060-\\u206F\\u3164\\uFEFF\\uFFA0\\uFFF9-\\uFFFB';
const NOT_ALLOWED_IN_LINE = new RegExp(`[\\p{Cc}\\p{Cs}${INVISIBLE}]`, 'u');
/** The same, less the line feed: descriptions and reasons have paragraphs. */
const NOT_ALLOWED_IN_TEXT = new RegExp(
  `[\\u0000-\\u0009\\u000B-\\u001F\\u007F-\\u009F\\p{Cs}${INVISIBLE}]`,
  'u',
);

/**
 * The zero-width joiner is also how emoji are composed (👨‍👩‍👧, 🏳️‍🌈): between two pictographs (the
 * first perhaps with its variation selector or skin tone) it is part of the emoji, not a hidden mark.
 */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?)\u200D(?=\p{Extended_Pictographic})/gu;

const withoutEmojiJoiners = (value: string) => value.replace(EMOJI_JOINER, '');

/** What a form label holds: its text, or a function that reads it in the current language. */
export type Label = string | (() => string);
const textOf = (label: Label) => (typeof label === 'function' ? label() : label);

export const notAllowedMessage = (label: Label) => t('validation.notAllowed', { label: textOf(label) });

/** Whether a one-line text holds only characters a person types (letters of any script, accents, emoji). */
export const isPlainLine = (value: string): boolean => !NOT_ALLOWED_IN_LINE.test(withoutEmojiJoiners(value));

/** Whether a multi-line text holds only characters a person types; line feeds are allowed. */
export const isPlainText = (value: string): boolean => !NOT_ALLOWED_IN_TEXT.test(withoutEmojiJoiners(value));

/**
 * One line of human text (a name, a title, an address line): trimmed, and refused with
 * '<Label> contains characters that are not allowed' when it holds a control, bidi or invisible
 * character. Chain `.min()` / `.max()` for the length; `typeError` is the message for a missing or
 * non-string value ('Required!' on the account forms).
 */
export function plainText(label: Label, typeError?: string | { error: () => string }) {
  return z
    .string(typeError)
    .trim()
    .refine(
      isPlainLine,
      lazy(() => notAllowedMessage(label)),
    );
}

/**
 * Human text over several lines (a description, a reason): as `plainText`, but line feeds are kept
 * (a CR LF from a form becomes LF).
 */
export function multilineText(label: Label, typeError?: string | { error: () => string }) {
  return z
    .string(typeError)
    .trim()
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .refine(
      isPlainText,
      lazy(() => notAllowedMessage(label)),
    );
}
