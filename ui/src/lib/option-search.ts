import { useDebouncedValue } from '@mantine/hooks';

/**
 * seeds 000 §9 / 001 §9: "option search debounce 1500 ms" (a picker's options searched on the server
 * as the user types: the lots to add to an auction) and "address autocomplete debounce 200 ms". The
 * staff lists' own search boxes (use-list-search.ts) and the header's suggestions are neither.
 */
export const OPTION_SEARCH_DEBOUNCE_MS = 1500;
export const ADDRESS_AUTOCOMPLETE_DEBOUNCE_MS = 200;

/** The text an option search asks for: trimmed, once typing has stopped for 1.5 s. */
export function useOptionSearch(text: string): string {
  const [settled] = useDebouncedValue(text.trim(), OPTION_SEARCH_DEBOUNCE_MS);
  return settled;
}
