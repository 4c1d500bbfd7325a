import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS_SUGGEST_DEBOUNCE_MS } from '../components/AddressSuggest/AddressSuggest.tsx';
import {
  ADDRESS_AUTOCOMPLETE_DEBOUNCE_MS,
  OPTION_SEARCH_DEBOUNCE_MS,
  useOptionSearch,
} from './option-search.ts';

/** A picker's search box and what it asks the server for. */
function Picker({ onAsk }: { onAsk: (text: string) => void }) {
  const [text, setText] = useState('');
  const asked = useOptionSearch(text);
  onAsk(asked);
  return <input aria-label="Search" value={text} onChange={(event) => setText(event.currentTarget.value)} />;
}

describe('option search debounce (seeds 000 §9, 001 §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks 1,500 ms after the last key, once for the whole word, trimmed', () => {
    const onAsk = vi.fn();
    render(<Picker onAsk={onAsk} />);
    const input = screen.getByLabelText('Search') as HTMLInputElement;
    const type = (value: string) => fireEvent.change(input, { target: { value } });
    type('M');
    act(() => vi.advanceTimersByTime(1_000));
    type('Ma');
    act(() => vi.advanceTimersByTime(1_000));
    type('Marg ');
    act(() => vi.advanceTimersByTime(OPTION_SEARCH_DEBOUNCE_MS - 1));
    expect(onAsk).not.toHaveBeenCalledWith('M');
    expect(onAsk).not.toHaveBeenCalledWith('Ma');
    expect(onAsk).not.toHaveBeenCalledWith('Marg');
    act(() => vi.advanceTimersByTime(1));
    expect(onAsk).toHaveBeenLastCalledWith('Marg');
    expect(new Set(onAsk.mock.calls.map(([text]) => text))).toEqual(new Set(['', 'Marg']));
  });

  it('keeps the address autocomplete at 200 ms', () => {
    expect(OPTION_SEARCH_DEBOUNCE_MS).toBe(1_500);
    expect(ADDRESS_AUTOCOMPLETE_DEBOUNCE_MS).toBe(200);
    expect(ADDRESS_SUGGEST_DEBOUNCE_MS).toBe(ADDRESS_AUTOCOMPLETE_DEBOUNCE_MS);
  });
});
