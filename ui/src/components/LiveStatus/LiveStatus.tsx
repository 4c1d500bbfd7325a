import { Badge } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { type ConnectionStatus, socketAtom } from '../../state/realtime.ts';

const labels: Record<ConnectionStatus, string> = {
  open: 'Live',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
};

/** The socket's state. Reading socketAtom keeps the connection open while the app is shown. */
export function LiveStatus() {
  const status = useAtomValue(socketAtom);
  return (
    <Badge
      data-testid="live-status"
      data-status={status}
      role="status"
      variant="dot"
      color={status === 'open' ? 'green' : status === 'offline' ? 'gray' : 'orange'}
      size="sm"
    >
      {labels[status]}
    </Badge>
  );
}
