import { Button, Switch, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SavedSearchName } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callForMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { contractResolver } from '../../lib/forms.ts';
import { type BrowseSearch, toSearchFilter } from '../../lib/search.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { FormDialog } from '../FormDialog/FormDialog.tsx';
import { filterSummary } from '../SavedSearchList/filters.ts';
import classes from './SaveSearch.module.css';

export interface SaveSearchProps {
  /** The browse page's URL search object (routes/search.tsx). */
  search: BrowseSearch;
}

const SaveForm = z.object({ name: SavedSearchName, notify: z.boolean() });
interface SaveValues {
  name: string;
  notify: boolean;
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
        <SaveSearchDialog
          filters={filters ?? {}}
          defaultName={filterSummary(filters ?? {}, t).slice(0, 60)}
          onClose={() => setOpened(false)}
        />
      ) : null}
    </>
  );
}

function SaveSearchDialog({
  filters,
  defaultName,
  onClose,
}: {
  filters: NonNullable<ReturnType<typeof toSearchFilter>['filters']>;
  defaultName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const queryClient = useQueryClient();
  const form = useForm<SaveValues, unknown, z.output<typeof SaveForm>>({
    defaultValues: { name: defaultName, notify: true },
    // A blank name is a missing one: 'Required', as the other forms say.
    resolver: contractResolver(SaveForm, ({ name, notify }) => ({ ...(name.trim() && { name }), notify })),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const save = async ({ name, notify }: z.output<typeof SaveForm>) => {
    const { message } = await callForMessage('saveSearch', { name, notify, search: { filters } });
    pushAlert({ msg: messageOr(message, t('ui.savedSearch.save')), type: 'success' });
    void invalidateAction(queryClient, 'savedSearches');
  };
  return (
    <FormDialog
      form={form}
      title={t('ui.savedSearch.dialogTitle')}
      submitLabel={t('ui.common.save')}
      onClose={onClose}
      onSubmit={save}
    >
      <TextInput
        label={t('ui.savedSearch.name')}
        maxLength={60}
        autoComplete="off"
        data-autofocus
        error={errors.name?.message}
        {...register('name')}
      />
      <Controller
        control={form.control}
        name="notify"
        render={({ field: { value, onChange, ...field } }) => (
          <Switch
            {...field}
            checked={value}
            onChange={(event) => onChange(event.currentTarget.checked)}
            label={t('ui.savedSearch.notify')}
          />
        )}
      />
    </FormDialog>
  );
}
