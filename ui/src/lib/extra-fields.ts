import { type ExtraField, tIn } from '@wine/contracts';
import { t } from '../i18n/index.ts';

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

/** The configured questions the shared texts name (contracts i18n `labels`), by field name. */
const sharedLabels = {
  company_name: 'labels.companyName',
  annual_budget: 'labels.annualBudget',
  interests: 'labels.interests',
  heard_from: 'labels.heardFrom',
} as const;

/**
 * A question's label in the current language: the shared text when the merchant kept the default
 * wording (it comes from configuration, in English); a label the merchant wrote is shown as written.
 */
export function extraFieldLabel(field: Pick<ExtraField, 'name' | 'label'>): string {
  const key = sharedLabels[field.name as keyof typeof sharedLabels];
  return key && field.label === tIn('en', key) ? t(key) : field.label;
}
