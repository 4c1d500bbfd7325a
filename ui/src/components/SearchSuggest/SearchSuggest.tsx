import { ActionIcon, Combobox, Group, Image, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ActionName, type InputOf, SuggestInput } from '@wine/contracts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { NO_IMAGE } from '../../lib/lot.ts';
import { SearchIcon } from './SearchIcon.tsx';
import classes from './SearchSuggest.module.css';

/**
 * Wait this long after the last key before asking. The seeds give the header's search no debounce of its
 * own; their option search's 1.5 s is for pickers (lib/option-search.ts), too slow for suggestions.
 */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Fewer letters than this match too much to suggest anything useful. */
export const SUGGEST_MIN_LENGTH = 2;
const SUGGEST_LIMIT = 6;

/** The suggestion query's input for the typed text, or null when nothing is to be asked. */
export function suggestInputOf(text: string): InputOf<'suggestProducts'> | null {
  const searchQuery = text.trim();
  if (searchQuery.length < SUGGEST_MIN_LENGTH) return null;
  const parsed = SuggestInput.safeParse({ searchQuery, limit: SUGGEST_LIMIT });
  return parsed.success ? { searchQuery: parsed.data.searchQuery, limit: SUGGEST_LIMIT } : null;
}

const NAME: ActionName = 'suggestProducts';

/**
 * The header's product search (seeds 000 §2.5): suggestions from the read side's search index as
 * the visitor types (debounced; each text is its own query, and a query no one waits for any more is
 * aborted), arrows and Enter to choose one, which opens /productview/{objectID}. Enter on the text
 * itself searches /search?searchQuery=.
 */
export function SearchSuggest({
  onDone,
  autoFocus,
  className,
}: {
  /** Called once the visitor chose a suggestion or searched (the drawer closes). */
  onDone?: () => void;
  autoFocus?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, SUGGEST_DEBOUNCE_MS);
  const input = suggestInputOf(debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const suggestions = useQuery({
    queryKey: [NAME, input] as const,
    queryFn: ({ signal }) => call('suggestProducts', input as InputOf<'suggestProducts'>, { signal }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const records = input ? (suggestions.data?.records ?? []) : [];
  const waiting = suggestInputOf(query) !== null && (query !== debounced || suggestions.isFetching);

  const done = () => {
    setQuery('');
    combobox.closeDropdown();
    onDone?.();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const searchQuery = query.trim();
    void navigate({ to: '/search', search: searchQuery ? { searchQuery } : {} });
    done();
  };
  const choose = (objectID: string) => {
    void navigate({ to: '/productview/$pid', params: { pid: objectID } });
    done();
  };

  const showList = input !== null && (records.length > 0 || !waiting);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is too new for some browsers (and jsdom)
    <form role="search" onSubmit={submit} className={className ?? classes.form}>
      <Combobox
        store={combobox}
        onOptionSubmit={choose}
        withinPortal={false}
        position="bottom-start"
        classNames={{ dropdown: classes.dropdown }}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-label={t('ui.header.searchWines')}
            placeholder={t('ui.header.searchPlaceholder')}
            maxLength={100}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            data-autofocus={autoFocus || undefined}
            data-testid="header-search"
            rightSection={
              <ActionIcon type="submit" variant="subtle" aria-label={t('ui.header.search')}>
                {waiting ? <Loader size={14} /> : <SearchIcon />}
              </ActionIcon>
            }
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!showList}>
          <Combobox.Options id={listId} aria-label={t('ui.browseSearch.suggestions')}>
            {records.length === 0 ? (
              <Combobox.Empty>{t('ui.browseSearch.noSuggestions')}</Combobox.Empty>
            ) : (
              records.map((s) => (
                <Combobox.Option key={s.objectID} value={s.objectID} data-testid="suggestion">
                  <Group gap="sm" wrap="nowrap">
                    <Image
                      src={s.image ?? NO_IMAGE}
                      fallbackSrc={NO_IMAGE}
                      alt=""
                      w={32}
                      h={40}
                      fit="contain"
                    />
                    <div className={classes.text}>
                      <Text size="sm" lineClamp={1}>
                        {s.title}
                      </Text>
                      {s.producer || s.vintage ? (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {[s.producer, s.vintage].filter(Boolean).join(' · ')}
                        </Text>
                      ) : null}
                    </div>
                  </Group>
                </Combobox.Option>
              ))
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}
