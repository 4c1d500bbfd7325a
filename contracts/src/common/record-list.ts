import { z } from 'zod';
import { t } from '../i18n/index.ts';

/**
 * seeds 000 §3.2 "Record lists share the shape: records, totalRecords, setDisp" (001 §3: credit
 * history, reports, deposits). `setDisp` is the list's caption, 'Showing 21-40 of 45' (the
 * wallet's and the reports' wording, issue 31), in the caller's language; '' for a page with nothing
 * on it. Every list answer carries it: the action route adds it where a query left it out
 * (`withSetDisp`, platform's registerAction), so a client written against the seeds reads it on
 * every list, and the UI writes the same caption from the same rule.
 */
export function setDisp(page: number, limit: number, shown: number, total: number): string {
  if (shown <= 0) return '';
  const from = (Math.max(1, page) - 1) * limit + 1;
  return t('lists.showing', { from, to: from + shown - 1, total });
}

/** An answer of the seeds' list shape: its records, with or without their count and caption. */
export interface ListAnswer {
  records: readonly unknown[];
  totalRecords?: unknown;
  setDisp?: unknown;
}

export const isListAnswer = (answer: unknown): answer is ListAnswer =>
  typeof answer === 'object' && answer !== null && Array.isArray((answer as { records?: unknown }).records);

const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/**
 * A list answer with what the seeds' lists all carry: `totalRecords` (the records' count where the
 * query gave none: a list it answers whole) and `setDisp`, from the page and limit the input asked for
 * (page 1 and the whole list when it asks for no page). What a list says already stays (001 §3: the
 * appointments' totalRecords is a list, whose length counts); any other answer is as it was.
 */
export function withSetDisp<R>(answer: R, input: unknown): R {
  if (!isListAnswer(answer)) return answer;
  const { records, totalRecords } = answer;
  const total =
    typeof totalRecords === 'number'
      ? totalRecords
      : Array.isArray(totalRecords)
        ? totalRecords.length
        : records.length;
  const added: { totalRecords?: number; setDisp?: string } = {};
  if (totalRecords === undefined) added.totalRecords = total;
  if (answer.setDisp === undefined) {
    const asked = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
    const page = positive(asked.page) ?? 1;
    const limit = positive(asked.limit) ?? Math.max(records.length, 1);
    added.setDisp = setDisp(page, limit, records.length, total);
  }
  return Object.keys(added).length === 0 ? answer : { ...answer, ...added };
}

/** What an object schema's definition holds (zod 4). */
type ObjectShape = Record<string, z.ZodType>;
const shapeOf = (schema: z.ZodType): ObjectShape | null =>
  schema instanceof z.ZodObject ? (schema.shape as ObjectShape) : null;

/** Whether an action's output is a list: an object with a records array (the route completes it). */
export const isListSchema = (output: z.ZodType): boolean => {
  const shape = shapeOf(output);
  return shape !== null && shape.records instanceof z.ZodArray;
};

/**
 * An action's output schema with `totalRecords` and `setDisp` declared where it is a list (an object
 * with a records array) that does not declare them: optional, so what the handlers answer and the
 * clients read stays as it was, and what the route adds (withSetDisp) is written out, not stripped.
 */
export function withSetDispDeclared(output: z.ZodType): z.ZodType {
  const shape = shapeOf(output);
  if (!shape || !isListSchema(output)) return output;
  const missing: ObjectShape = {
    ...(!('totalRecords' in shape) && { totalRecords: z.number().optional() }),
    ...(!('setDisp' in shape) && { setDisp: z.string().optional() }),
  };
  return Object.keys(missing).length === 0 ? output : (output as z.ZodObject).extend(missing);
}
