import { useNotifications } from '@mantine/notifications';
import { type ComponentProps, lazy, Suspense } from 'react';
import { useEver } from '../../lib/use-ever.ts';

const Notifications = lazy(() =>
  import('./notifications-container.ts').then((module) => ({ default: module.Notifications })),
);

/**
 * Mantine's toast container, loaded with the first toast (issue 11: most first loads show none). A
 * toast shown before it is there waits in Mantine's store, which the container reads when it mounts;
 * once mounted it stays.
 */
export function NotificationsHost(props: ComponentProps<typeof Notifications>) {
  const state = useNotifications();
  if (!useEver(state.notifications.length + state.queue.length > 0)) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
