import { useQueryClient } from '@tanstack/react-query';
import type { InvestorDetails } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import type { FieldValues, Resolver } from 'react-hook-form';
import { call, errorMessage, messageOr } from '../../api/client.ts';
import { actionKey, invalidateAction } from '../../api/queries.ts';
import { t } from '../../i18n/index.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { type DocumentsOf, fieldProblem } from './investing-labels.ts';

/** The investor's onboarding, documents, bank and orders (getUserDetails): every change answers it whole. */
export const investorQuery = () => ({
  queryKey: actionKey('getUserDetails', {}),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('getUserDetails', {}, { signal }),
});

/** The investor's security-token bids and their totals as the service has them now (getStbids). */
export const holdingsQuery = () => ({
  queryKey: actionKey('getStbids', {}),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('getStbids', {}, { signal }),
});

/** The card linked for investing as the service holds it: brand, last four, expiry (getCreditCard). */
export const investingCardQuery = () => ({
  queryKey: actionKey('getCreditCard', {}),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('getCreditCard', {}, { signal }),
});

/** The linked bank as the service holds it (getExternalAccount): what its change form starts from. */
export const linkedBankQuery = () => ({
  queryKey: actionKey('getExternalAccount', {}),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('getExternalAccount', {}, { signal }),
});

/** The documents the service keeps for one owner (getuploadPartyDocument). */
export const serviceDocumentsQuery = (of: DocumentsOf) => ({
  queryKey: actionKey('getuploadPartyDocument', { of }),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('getuploadPartyDocument', { of }, { signal }),
});

/** What the service answers besides the details: read again after any change of the investor's. */
const readFromService = [
  'getStbids',
  'getCreditCard',
  'getExternalAccount',
  'getuploadPartyDocument',
] as const;

/**
 * A change's answer: the new details in the cache, the service's own views read again, and the server's
 * message (or `fallback`) as a toast.
 */
export function useInvestorAnswer() {
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  return (answer: { message: string; responseData: InvestorDetails }, fallback: string) => {
    queryClient.setQueryData(investorQuery().queryKey, answer.responseData);
    for (const name of readFromService) void invalidateAction(queryClient, name);
    pushAlert({ msg: messageOr(answer.message, fallback), type: 'success' });
  };
}

/**
 * A refusal's words: under the fields it names when `shownUnderFields` puts them there, else as a toast
 * (the service's own refusals, and its silence, name no field).
 */
export function useRefusal() {
  const pushAlert = useSetAtom(pushAlertAtom);
  return (error: unknown, shownUnderFields: (error: unknown) => boolean = () => false) => {
    if (!shownUnderFields(error)) pushAlert({ msg: errorMessage(error), type: 'error' });
  };
}

/**
 * A change of the investor's sent and answered (useInvestorAnswer, in `said`'s words when the server
 * gives none), then `done` (the form closed); a refusal told as useRefusal tells it.
 */
export function useSendChange() {
  const answered = useInvestorAnswer();
  const refused = useRefusal();
  return async <Answer extends { message: string; responseData: InvestorDetails }>(
    send: () => Promise<Answer>,
    said: (answer: Answer) => string,
    then: { done?: () => void; shownUnderFields?: (error: unknown) => boolean } = {},
  ) => {
    try {
      const answer = await send();
      answered(answer, said(answer));
      then.done?.();
    } catch (error) {
      refused(error, then.shownUnderFields);
    }
  };
}

/** The digits of what was typed (spaces and dashes copied from a cheque or a card are dropped). */
export const digits = (text: string) => text.replace(/[\s-]/g, '');
/** A whole number as typed; NaN for anything else (the contract's schema refuses it). */
export const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

const isFieldError = (value: object): boolean => 'type' in value && 'message' in value;

/**
 * Puts the field's friendly words on every refused field, nested ones (an owner's) too. A refinement of
 * the contract ('custom': change at least one detail, the address whole) keeps its own words, which are
 * already written for the investor.
 */
function relabel(errors: object): void {
  for (const [field, error] of Object.entries(errors)) {
    if (!error || typeof error !== 'object') continue;
    if (!isFieldError(error)) relabel(error);
    else if ((error as { type?: unknown }).type === 'custom') continue;
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
