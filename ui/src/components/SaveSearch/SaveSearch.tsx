import { Button } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BrowseSearch, toSearchFilter } from '../../lib/search.ts';
import { currentUserAtom } from '../../state/session.ts';
import { filterSummary } from '../SavedSearchList/filters.ts';
import classes from './SaveSearch.module.css';

/** The dialog and its form load when it is first opened, not with the browse page (issue 11). */
const SaveSearchDialog = lazy(() =>
  import('./SaveSearchDialog.tsx').then((module) => ({ default: module.SaveSearchDialog })),
);

export interface SaveSearchProps {
  /** The browse page's URL search object (routes/search.tsx). */
  search: BrowseSearch;
}

/**
 * seeds 000 §2.1 /saved_search: "Save search" on the browse page, with a dialog for its name and
 * whether to mail the user when a new lot matches. Visitors are asked to sign in.
 */
export function SaveSearch({ search }: SaveSearchProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const [opened, setOpened] = useState(false);
  const { filters } = toSearchFilter(search);
  const chosen = Object.keys(filters ?? {}).some((name) => name !== 'market_status');
  if (!user) {
    return (
      <Button component="a" href="/login" variant="subtle" className={classes.button}>
        {t('ui.savedSearch.signInToSave')}
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="light"
        className={classes.button}
        disabled={!chosen}
        title={chosen ? undefined : t('ui.savedSearch.nothingToSave')}
        onClick={() => setOpened(true)}
        data-testid="save-search"
      >
        {t('ui.savedSearch.save')}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <SaveSearchDialog
            filters={filters ?? {}}
            defaultName={filterSummary(filters ?? {}, t).slice(0, 60)}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
