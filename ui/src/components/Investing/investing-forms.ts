import { useQueryClient } from '@tanstack/react-query';
import type { InvestorDetails } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import type { FieldValues, Resolver } from 'react-hook-form';
import { call, messageOr } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';
import { t } from '../../i18n/index.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { fieldProblem } from './investing-labels.ts';

/** The investor's onboarding, documents, bank and orders (getUserDetails): every change answers it whole. */
export const investorQuery = () => ({
  queryKey: actionKey('getUserDetails', {}),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('getUserDetails', {}, { signal }),
});

/** A change's answer: the new details in the cache, and the server's message (or `fallback`) as a toast. */
export function useInvestorAnswer() {
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  return (answer: { message: string; responseData: InvestorDetails }, fallback: string) => {
    queryClient.setQueryData(investorQuery().queryKey, answer.responseData);
    pushAlert({ msg: messageOr(answer.message, fallback), type: 'success' });
  };
}

const isFieldError = (value: object): boolean => 'type' in value && 'message' in value;

/** Puts the field's friendly words on every refused field, nested ones (an owner's) too. */
function relabel(errors: object): void {
  for (const [field, error] of Object.entries(errors)) {
    if (!error || typeof error !== 'object') continue;
    if (!isFieldError(error)) relabel(error);
    else if (field in fieldProblem) error.message = t(fieldProblem[field as keyof typeof fieldProblem]);
  }
}

/**
 * The contract's resolver (contractResolver) with the investing forms' words under the fields: the
 * schema still decides what is valid.
 */
export function withFieldWords<Form extends FieldValues, Output>(
  resolver: Resolver<Form, unknown, Output>,
): Resolver<Form, unknown, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    relabel(result.errors);
    return result;
  };
}
