import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** How long after the last key a staff list's text search asks (seeds 001 §9 option search: shorter for a list). */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

/**
 * A staff list's search box: the text as typed, and the list's view changed (back to its first page)
 * once typing stops, so a word asks once and not once per key.
 */
export function useListSearch<V extends { q?: string | undefined; page: number }>(
  view: V,
  onChange: (view: V) => void,
): { text: string; onText: (text: string) => void } {
  const [text, setText] = useState(view.q ?? '');
  const search = useDebouncedCallback(
    (q: string) => onChange({ ...view, q: q.trim() || undefined, page: 1 }),
    {
      delay: LIST_SEARCH_DEBOUNCE_MS,
    },
  );
  return {
    text,
    onText: (next) => {
      setText(next);
      search(next);
    },
  };
}
