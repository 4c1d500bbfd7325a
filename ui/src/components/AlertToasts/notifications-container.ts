// The container alone, imported on demand (NotificationsHost.tsx): a dynamic import of
// '@mantine/notifications' itself would keep the whole package in the first load, which imports its
// store.
export { Notifications } from '@mantine/notifications';
