import type { z } from 'zod';

/** seeds 000 §7 / 001 §3: { status, data: { message, responseType, responseData } }. */
export interface SuccessEnvelope<T> {
  status: 'success';
  data: { message: string; responseType: number; responseData: T };
}
export interface ErrorEnvelope {
  status: 'error';
  data: { message: string; responseType: number; responseData: null | { field?: string; issues?: Issue[] } };
}
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;
export interface Issue {
  field: string;
  message: string;
}

export const success = <T>(responseData: T, message = 'ok'): SuccessEnvelope<T> => ({
  status: 'success',
  data: { message, responseType: 200, responseData },
});

export const failure = (
  message: string,
  responseType: number,
  responseData: ErrorEnvelope['data']['responseData'] = null,
): ErrorEnvelope => ({ status: 'error', data: { message, responseType, responseData } });

/** Turns a zod error into the envelope, naming the first field at fault in the message. */
export function validationFailure(error: z.ZodError): ErrorEnvelope {
  const issues = error.issues.map((i) => ({
    field: i.path.length ? i.path.join('.') : (unrecognizedKey(i) ?? 'body'),
    message: i.message,
  }));
  const first = issues[0] ?? { field: 'body', message: 'Invalid input' };
  return failure(`${first.field}: ${first.message}`, 400, { field: first.field, issues });
}

function unrecognizedKey(issue: z.core.$ZodIssue): string | undefined {
  return issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : undefined;
}
