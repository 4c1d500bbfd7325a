// The provider alone, imported on demand (ModalsHost.tsx): a dynamic import of '@mantine/modals'
// itself would keep the whole package in the first load, which imports its `modals` events.
export { ModalsProvider } from '@mantine/modals';
