import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages } from '@wine/contracts';
import type { FieldError, FieldPath, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../api/client.ts';

/**
 * seeds 001 §5: a value left out of a required field reads 'Required!'. Only where the schema has no
 * message of its own (a required select of the configured extra questions, for one).
 */
const missingIsRequired = (issue: { input?: unknown }) =>
  issue.input === undefined ? accountMessages.required : undefined;

/**
 * A react-hook-form resolver that validates with an action's input schema from @wine/contracts, so
 * the form shows the same messages the server would answer. `toInput` maps the form's values to the
 * action's input first (drops form-only fields such as the password score, turns '' into absent).
 * On success the form receives the parsed input, ready to send.
 */
export function contractResolver<Form extends FieldValues, Schema extends z.ZodType>(
  schema: Schema,
  /** Shaped like the input; the schema has the last word on what is valid. */
  toInput: (values: Form) => object,
  /**
   * Cross-field checks the schema also makes, shown together with the field errors: zod runs an
   * object's refinements only once its fields are valid, which would reveal them one at a time.
   */
  alsoCheck?: (values: Form) => Partial<Record<keyof Form & string, string>>,
): Resolver<Form, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema as z.ZodType<z.output<Schema>, FieldValues>, {
    error: missingIsRequired,
  }) as unknown as Resolver<FieldValues, unknown, z.output<Schema>>;
  return async (values, context, options) => {
    const result = await resolve(toInput(values) as FieldValues, context, options as never);
    const extra = alsoCheck?.(values) ?? {};
    if (Object.keys(result.errors).length === 0 || Object.keys(extra).length === 0) {
      return result as Awaited<ReturnType<Resolver<Form, unknown, z.output<Schema>>>>;
    }
    const errors: Record<string, FieldError> = { ...(result.errors as Record<string, FieldError>) };
    for (const [field, message] of Object.entries(extra)) {
      if (typeof message === 'string' && !errors[field]) errors[field] = { type: 'custom', message };
    }
    return { values: {}, errors } as Awaited<ReturnType<Resolver<Form, unknown, z.output<Schema>>>>;
  };
}

/** seeds 001 §5: confirm_password must equal password ('Passwords not match'). */
export function passwordsMatch(values: { password: string; confirm_password: string }) {
  return values.password === values.confirm_password
    ? {}
    : { confirm_password: accountMessages.passwordsNotMatch };
}

/** An optional text field left empty is absent, not an empty string. */
export const blankToUndefined = (value: string | undefined): string | undefined =>
  value?.trim() ? value : undefined;

/**
 * Puts the server's complaint under the field it names (responseData.field / issues of the
 * envelope), when the form has that field. Returns whether it did.
 */
export function showServerFieldErrors<Form extends FieldValues>(
  error: unknown,
  fields: readonly FieldPath<Form>[],
  setError: (field: FieldPath<Form>, error: { type: string; message: string }) => void,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const data = error.responseData as {
    field?: unknown;
    issues?: { field?: unknown; message?: unknown }[];
  } | null;
  const issues = data?.issues?.length
    ? data.issues
    : data && typeof data.field === 'string'
      ? [{ field: data.field, message: error.message }]
      : [];
  let shown = false;
  for (const issue of issues) {
    const field = fields.find((f) => f === issue.field);
    if (!field || typeof issue.message !== 'string') continue;
    setError(field, { type: 'server', message: issue.message });
    shown = true;
  }
  return shown;
}
