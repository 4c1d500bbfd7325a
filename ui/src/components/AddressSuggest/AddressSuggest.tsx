import { Combobox, Loader, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ADDRESS_LOOKUP_MAX_TEXT, type PlaceAddressView } from '@wine/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { ADDRESS_AUTOCOMPLETE_DEBOUNCE_MS } from '../../lib/option-search.ts';

/** seeds 001 §9: "Address autocomplete debounce 200 ms" (lib/option-search.ts). */
export const ADDRESS_SUGGEST_DEBOUNCE_MS = ADDRESS_AUTOCOMPLETE_DEBOUNCE_MS;
/** Fewer characters than this name no street worth suggesting. */
export const ADDRESS_SUGGEST_MIN_LENGTH = 3;

const newSession = () => crypto.randomUUID();

export interface AddressSuggestProps {
  label: string;
  value: string;
  /** The text as typed: typing without choosing a suggestion works as a plain field. */
  onChange: (text: string) => void;
  /** A suggestion chosen: its address parts, coordinates, full address and place id (seeds 001 §3). */
  onPick: (place: PlaceAddressView) => void;
  error?: string | undefined;
  autoComplete?: string;
  required?: boolean;
  'data-testid'?: string;
}

/**
 * Issue 35 §5: the address form's street field, suggesting addresses from the maps port
 * (addressAutocomplete) as the buyer types, 200 ms after the last key, in the current language; arrows
 * and Enter or a click choose one, whose parts (addressDetails) fill the form. A lookup that fails
 * shows no suggestions and the field stays a plain text field.
 */
export function AddressSuggest({
  label,
  value,
  onChange,
  onPick,
  error,
  autoComplete,
  ...rest
}: AddressSuggestProps) {
  const { t, i18n } = useTranslation();
  const listId = useId();
  // The text the buyer typed (a value set by a choice or a saved address asks for nothing).
  const [typed, setTyped] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(typed, ADDRESS_SUGGEST_DEBOUNCE_MS);
  const session = useRef(newSession());
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const text = debounced?.trim() ?? '';
  const asking = text.length >= ADDRESS_SUGGEST_MIN_LENGTH;
  const suggestions = useQuery({
    queryKey: ['addressAutocomplete', text, i18n.language] as const,
    queryFn: ({ signal }) =>
      call('addressAutocomplete', { text, session: session.current }, { signal, sessionCheck: false }),
    enabled: asking,
    retry: false,
    staleTime: 60_000,
  });
  // Once one is chosen (or nothing was typed) no list is shown.
  const found = asking && typed !== null ? (suggestions.data?.suggestions ?? []) : [];
  const waiting = typed !== debounced || suggestions.isFetching;

  const choose = async (placeId: string) => {
    combobox.closeDropdown();
    setTyped(null);
    try {
      const place = await call('addressDetails', { place_id: placeId, session: session.current });
      onPick(place);
    } catch {
      // The service did not answer: what was typed stays, and the buyer completes the form by hand.
    }
    // The provider bills a typing session up to its choice: the next typing is a new one.
    session.current = newSession();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={(id) => void choose(id)} withinPortal={false}>
      {/* The field stays a textbox (as the address form's other fields), with its suggestions' list. */}
      <Combobox.Target {...(autoComplete && { autoComplete })}>
        <TextInput
          label={label}
          aria-autocomplete="list"
          value={value}
          maxLength={ADDRESS_LOOKUP_MAX_TEXT}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            setTyped(event.currentTarget.value);
            combobox.openDropdown();
            combobox.resetSelectedOption();
          }}
          onBlur={() => combobox.closeDropdown()}
          rightSection={asking && waiting && typed !== null ? <Loader size={14} /> : null}
          error={error}
          {...rest}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={found.length === 0}>
        <Combobox.Options id={listId} aria-label={t('ui.checkout.addressSuggestions')}>
          {found.map((s) => (
            <Combobox.Option key={s.place_id} value={s.place_id} data-testid="address-suggestion">
              {s.description}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
