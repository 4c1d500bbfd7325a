import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { genericError, type ResponseStatus, statusOfError } from '../api/client.ts';

/** seeds 000 §3.2 / §4.9: alerts are { msg, type, id }, queued, shown as toasts, then removed. */
export type AlertType = 'success' | 'error' | 'info' | 'warning';
export interface Alert {
  id: string;
  msg: string;
  type: AlertType;
}

let sequence = 0;

export const alertsAtom = atom<Alert[]>([]);

/** Queues an alert unless the same text of the same type is already queued (seeds 000 §4.9). */
export const pushAlertAtom = atom(null, (get, set, alert: { msg: string; type?: AlertType }) => {
  const type = alert.type ?? 'error';
  if (get(alertsAtom).some((a) => a.msg === alert.msg && a.type === type)) return;
  sequence += 1;
  set(alertsAtom, (queue) => [...queue, { id: `alert-${sequence}`, msg: alert.msg, type }]);
});

export const dismissAlertAtom = atom(null, (_get, set, id: string) => {
  set(alertsAtom, (queue) => queue.filter((a) => a.id !== id));
});

/**
 * The alert a response status makes, or null for none: none when the call said noAlert (seeds 000
 * §4.9); a failure says its message ('Something went wrong!' when it has none); a success says the
 * server's message, or `fallback` when the server said no more than 'ok', and nothing without either.
 */
export function alertOfStatus(
  status: Pick<ResponseStatus, 'status' | 'message' | 'noAlert'>,
  fallback?: string,
): { msg: string; type: AlertType } | null {
  if (status.noAlert) return null;
  if (status.status === 'error') return { msg: status.message || genericError(), type: 'error' };
  const said = status.message && status.message !== 'ok' ? status.message : fallback;
  return said ? { msg: said, type: 'success' } : null;
}

/** What showStatusAtom takes: a call's response status, or the error a call threw (its status is read). */
export type StatusOrError = ResponseStatus | { error: unknown };

/**
 * The one place a call's outcome becomes a toast (seeds 000 §4.9, 001 §4: "A response status is shown
 * unless noAlert is set, then cleared"): the status is shown as an alert unless its call said noAlert,
 * and is kept nowhere after (the next call starts with none). A success without a message of its own
 * says `fallback`. Answers the status it decided on.
 */
export const showStatusAtom = atom(
  null,
  (_get, set, outcome: StatusOrError, fallback?: string): ResponseStatus => {
    const status = 'error' in outcome ? statusOfError(outcome.error) : outcome;
    const alert = alertOfStatus(status, fallback);
    if (alert) set(pushAlertAtom, alert);
    return status;
  },
);

/**
 * showStatusAtom for a component: `show(status, fallback)` after a callForStatus, `showError(error)`
 * in a mutation's onError (an ApiError keeps its call's noAlert).
 */
export function useShowStatus() {
  const show = useSetAtom(showStatusAtom);
  return {
    show: useCallback((status: ResponseStatus, fallback?: string) => show(status, fallback), [show]),
    showError: useCallback((error: unknown) => show({ error }), [show]),
  };
}
