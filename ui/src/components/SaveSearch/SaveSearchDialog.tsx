import { Switch, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SavedSearchName } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callForMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { contractResolver } from '../../lib/forms.ts';
import type { toSearchFilter } from '../../lib/search.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { FormDialog } from '../FormDialog/FormDialog.tsx';

const SaveForm = z.object({ name: SavedSearchName, notify: z.boolean() });
interface SaveValues {
  name: string;
  notify: boolean;
}

/** Its name and whether to mail the user when a new lot matches (SaveSearch.tsx opens it). */
export function SaveSearchDialog({
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
