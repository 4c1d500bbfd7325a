import { notifications } from '@mantine/notifications';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type AlertType, alertsAtom, dismissAlertAtom } from '../../state/alerts.ts';

const colours: Record<AlertType, string> = {
  success: 'green',
  error: 'red',
  info: 'blue',
  warning: 'orange',
};

/** Shows queued alerts as toasts (bottom right, set on <Notifications>) and drops them when closed. */
export function AlertToasts() {
  const alerts = useAtomValue(alertsAtom);
  const dismiss = useSetAtom(dismissAlertAtom);
  const { t } = useTranslation();
  const shown = useRef(new Set<string>());
  useEffect(() => {
    for (const alert of alerts) {
      if (shown.current.has(alert.id)) continue;
      shown.current.add(alert.id);
      notifications.show({
        id: alert.id,
        message: alert.msg,
        color: colours[alert.type],
        autoClose: 5000,
        'data-testid': 'alert',
        // The toast's × is a button: it needs a name (axe "button-name").
        closeButtonProps: { 'aria-label': t('ui.common.close') },
        onClose: () => {
          shown.current.delete(alert.id);
          dismiss(alert.id);
        },
      });
    }
  }, [alerts, dismiss, t]);
  return null;
}
