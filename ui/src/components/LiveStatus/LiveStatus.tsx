import { Badge } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { type ConnectionStatus, socketAtom } from '../../state/realtime.ts';
import classes from './LiveStatus.module.css';

const labels = {
  open: 'ui.liveStatus.open',
  connecting: 'ui.liveStatus.connecting',
  reconnecting: 'ui.liveStatus.reconnecting',
  offline: 'ui.liveStatus.offline',
} as const satisfies Record<ConnectionStatus, string>;

/** The socket's state. Reading socketAtom keeps the connection open while the app is shown. */
export function LiveStatus() {
  const { t } = useTranslation();
  const status = useAtomValue(socketAtom);
  return (
    <Badge
      data-testid="live-status"
      data-status={status}
      role="status"
      variant="dot"
      color={status === 'open' ? 'green' : status === 'offline' ? 'gray' : 'orange'}
      size="sm"
      className={classes.badge}
    >
      <span className={classes.label}>{t(labels[status])}</span>
    </Badge>
  );
}
