import { useEffect, useRef } from 'react';

/** The console's keys: F floor bid, W fair warning, S sold, P pass, U undo, N next lot, A the ask. */
export const consoleKeys = {
  floorBid: 'F',
  fairWarning: 'W',
  sold: 'S',
  pass: 'P',
  undo: 'U',
  nextLot: 'N',
  ask: 'A',
} as const;
export type ConsoleKey = keyof typeof consoleKeys;

/** Whether a key press is typing (in a field, a select, an editable text): shortcuts leave it alone. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Calls the handler of a shortcut key pressed anywhere on the page but in a field, without a modifier
 * (Ctrl+S stays the browser's); a handler left out (its button disabled) does nothing.
 */
export function useShortcuts(handlers: Partial<Record<ConsoleKey, () => void>>, enabled = true): void {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (isTyping(event.target)) return;
      const key = (Object.keys(consoleKeys) as ConsoleKey[]).find(
        (k) => consoleKeys[k] === event.key.toUpperCase(),
      );
      const handler = key ? current.current[key] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
