import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

const ModalsProvider = lazy(() =>
  import('./modals-provider.ts').then((module) => ({ default: module.ModalsProvider })),
);

/*
 * @mantine/modals' provider, loaded when the first dialog is asked for (issue 11: most first loads
 * open none). `modalsReady()` mounts it and resolves once it listens for the `modals.*` events.
 */
let requested = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Mounts the provider (once); resolves when `modals.openConfirmModal` and the rest reach it. */
export function modalsReady(): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** After the provider: its own effects (which add its event listeners) have run when this one runs. */
function Ready() {
  useEffect(() => markReady(), []);
  return null;
}

/** Where the dialogs render (in AppProviders, beside the app); nothing until one is asked for. */
export function ModalsHost() {
  // On the server (the first paint), no dialog was ever asked for.
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider />
      <Ready />
    </Suspense>
  );
}
