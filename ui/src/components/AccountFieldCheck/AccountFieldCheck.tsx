import { useDebouncedValue } from '@mantine/hooks';
import { CheckValidationInput, type CheckValidationResult } from '@wine/contracts';
import { useEffect, useState } from 'react';
import { call } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';

/** How long the user stops typing before a field is checked (seeds give none for this: half a second). */
export const FIELD_CHECK_DEBOUNCE_MS = 500;

/** What is typed in the field being checked. */
export type FieldToCheck = { email: string } | { phone: string; country_code: string };

export type FieldCheckState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'checked'; answer: CheckValidationResult };

/**
 * seeds 001 §7 checkValidation (issue 38 §3), as the user types: once they stop for a moment and the
 * value is well formed by the same schema the server uses, the server says whether it is theirs. The
 * answer never says another account holds a value (the server does not tell, by design); a
 * malformed value is the form's own validation message, not a check.
 */
export function useFieldCheck(field: FieldToCheck | null): FieldCheckState {
  const key = field ? JSON.stringify(field) : '';
  const [debounced] = useDebouncedValue(key, FIELD_CHECK_DEBOUNCE_MS);
  const [result, setResult] = useState<{ key: string; answer: CheckValidationResult } | null>(null);
  useEffect(() => {
    if (!debounced) return;
    const parsed = CheckValidationInput.safeParse(JSON.parse(debounced));
    if (!parsed.success) return;
    const controller = new AbortController();
    call('checkValidation', parsed.data, { signal: controller.signal }).then(
      (answer) => setResult({ key: debounced, answer }),
      // A check that fails (offline, rate-limited) says nothing: the form's own validation stands.
      () => undefined,
    );
    return () => controller.abort();
  }, [debounced]);
  if (!key) return { state: 'idle' };
  if (result?.key === key) return { state: 'checked', answer: result.answer };
  const parsed = CheckValidationInput.safeParse(field);
  return parsed.success ? { state: 'checking' } : { state: 'idle' };
}

/** The answers in words (their keys), by field: one that may be used, the caller's own, proven or not. */
const answerTexts = {
  email: {
    mayUse: 'ui.accountExtras.fieldCheck.emailMayUse',
    yours: 'ui.accountExtras.fieldCheck.emailYours',
    yoursVerified: 'ui.accountExtras.fieldCheck.emailYoursVerified',
  },
  phone: {
    mayUse: 'ui.accountExtras.fieldCheck.phoneMayUse',
    yours: 'ui.accountExtras.fieldCheck.phoneYours',
    yoursVerified: 'ui.accountExtras.fieldCheck.phoneYoursVerified',
  },
} as const;

/** The answer in words, for the field's description (null: nothing to say). */
export function fieldCheckText(check: FieldCheckState): string | null {
  if (check.state === 'idle') return null;
  if (check.state === 'checking') return t('ui.accountExtras.fieldCheck.checking');
  const texts = answerTexts[check.answer.field];
  if (check.answer.status === 'may_use') return t(texts.mayUse);
  return t(check.answer.verified ? texts.yoursVerified : texts.yours);
}
