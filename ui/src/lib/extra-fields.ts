import type { ExtraField } from '@wine/contracts';

/**
 * seeds 001 §3/§5 "Dynamic form field": the answers to the merchant's extra registration questions,
 * as the form keeps them (a text, float or select answer is a string, a checkbox a boolean, a
 * multiselect the chosen options).
 */
export type ExtraAnswer = string | boolean | string[];
export type ExtraAnswers = Record<string, ExtraAnswer>;

/** The fields the server asks (it answers only active ones; an inactive one is never shown). */
export const activeExtraFields = (fields: readonly ExtraField[]): ExtraField[] =>
  fields.filter((field) => field.active);

/** An unanswered form: '' for text, float and select, unchecked, nothing chosen. */
export function extraDefaults(fields: readonly ExtraField[]): ExtraAnswers {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.type === 'checkbox' ? false : field.type === 'multiselect' ? [] : '',
    ]),
  );
}

const isEmpty = (value: ExtraAnswer | undefined): boolean =>
  value === undefined ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * The answers as the register action's `extra`: an empty optional answer is left out; a required
 * one is kept as it is, so the contract answers 'Required!' for it (a select with nothing chosen is
 * absent, which the form's resolver also reads as 'Required!'). Absent when nothing is answered.
 */
export function extraInput(
  fields: readonly ExtraField[],
  values: ExtraAnswers | undefined,
): Record<string, ExtraAnswer> | undefined {
  const answers: Record<string, ExtraAnswer> = {};
  for (const field of fields) {
    const value = values?.[field.name];
    if (value === undefined) continue;
    if (isEmpty(value) && (!field.required || field.type === 'select')) continue;
    answers[field.name] = value;
  }
  return Object.keys(answers).length > 0 ? answers : undefined;
}
