import { z } from 'zod';
import { withSetDispDeclared } from './common/record-list.ts';
import { type ErrorCode, errorCatalogue } from './errors.ts';
import { t } from './i18n/index.ts';

/** seeds 000 §7 / 001 §3: { status, data: { message, responseType, responseData } }. */
export interface SuccessEnvelope<T> {
  status: 'success';
  data: { message: string; responseType: number; responseData: T };
}
/** The seeds' error envelope, with the catalogue's stable `code` (errors.ts) beside the message. */
export interface ErrorEnvelope {
  status: 'error';
  data: {
    code: ErrorCode;
    message: string;
    responseType: number;
    responseData: null | { field?: string; issues?: Issue[] };
  };
}
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;
export interface Issue {
  field: string;
  message: string;
}

/**
 * The success envelope around an action's output schema, as a schema (the route's answer is checked by
 * it). A list declares `setDisp` too (seeds 000 §3.2, common/record-list.ts): the route adds it.
 */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();
export function successEnvelopeOf(output: z.ZodType): z.ZodType {
  let envelope = envelopes.get(output);
  if (!envelope) {
    envelope = z.object({
      status: z.literal('success'),
      data: z.object({
        message: z.string(),
        responseType: z.number(),
        responseData: withSetDispDeclared(output),
      }),
    });
    envelopes.set(output, envelope);
  }
  return envelope;
}

export const success = <T>(responseData: T, message = 'ok'): SuccessEnvelope<T> => ({
  status: 'success',
  data: { message, responseType: 200, responseData },
});

/** A refusal in the envelope; the status is the catalogue's unless given (a fastify 4xx keeps its own). */
export const failure = (
  code: ErrorCode,
  message: string,
  responseData: ErrorEnvelope['data']['responseData'] = null,
  responseType: number = errorCatalogue[code].status,
): ErrorEnvelope => ({ status: 'error', data: { code, message, responseType, responseData } });

/**
 * Turns a zod error into the envelope, naming the first field at fault in the message. The issues'
 * messages were made while parsing, in the caller's language.
 */
export function validationFailure(error: z.ZodError): ErrorEnvelope {
  const issues = error.issues.map((i) => ({
    field: i.path.length ? i.path.join('.') : (unrecognizedKey(i) ?? 'body'),
    message: i.message,
  }));
  const first = issues[0] ?? { field: 'body', message: t('common.somethingWrong') };
  return failure('VALIDATION', `${first.field}: ${first.message}`, { field: first.field, issues });
}

function unrecognizedKey(issue: z.core.$ZodIssue): string | undefined {
  return issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : undefined;
}
