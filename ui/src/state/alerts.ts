import { atom } from 'jotai';

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
