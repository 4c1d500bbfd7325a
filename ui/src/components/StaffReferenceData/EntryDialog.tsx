import { Select, Textarea, TextInput } from '@mantine/core';
import {
  InsertEntryInput,
  type ReferenceEntryRow,
  type ReferenceList,
  UpdateEntryInput,
} from '@wine/contracts';
import { useMemo } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { hasLevels, levelLabels, listLabels } from './reference-data-view.ts';

/** The form's values as typed: the level and the parent as the selects hold them (text). */
interface EntryValues {
  value: string;
  value_es: string;
  level_id: string;
  parent_id: string | null;
  description: string;
}

export type EntryInput = InsertEntryInput | UpdateEntryInput;

export interface EntryDialogProps extends FormDialogActions<EntryInput> {
  table: ReferenceList;
  /** The entry to edit; a new one when left out. */
  entry?: ReferenceEntryRow;
  /** Every entry of the list (getAllDynamicArray): the parents offered. */
  entries: readonly ReferenceEntryRow[];
}

/**
 * An entry of a managed list, added or edited (issue 38 §5): its name in English and in Spanish, its
 * level and the entry one level above (categories and locations), a description. Checked with the
 * contract's schema (InsertEntryInput, UpdateEntryInput) before it is sent; a level never changes.
 */
export function EntryDialog({ table, entry, entries, ...actions }: EntryDialogProps) {
  const { t } = useTranslation();
  const levels = hasLevels(table);
  const toInput = (v: EntryValues) => {
    const level = Number(v.level_id);
    const parent = level > 0 && v.parent_id ? Number(v.parent_id) : null;
    return entry
      ? {
          table,
          id: entry.id,
          value: v.value,
          value_es: v.value_es,
          ...(levels && { parent_id: parent }),
          description: v.description,
        }
      : {
          table,
          value: v.value,
          value_es: v.value_es,
          level_id: level,
          parent_id: parent,
          description: v.description,
        };
  };
  const form = useForm<EntryValues, unknown, EntryInput>({
    defaultValues: {
      value: entry?.value ?? '',
      value_es: entry?.value_es ?? '',
      level_id: String(entry?.level_id ?? 0),
      parent_id: entry?.parent_id == null ? null : String(entry.parent_id),
      description: entry?.description ?? '',
    },
    resolver: (entry
      ? contractResolver(UpdateEntryInput, toInput)
      : contractResolver(InsertEntryInput, toInput)) as Resolver<EntryValues, unknown, EntryInput>,
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const level = Number(watch('level_id'));

  const byId = useMemo(() => new Map(entries.map((e) => [e.id, e])), [entries]);
  const parents = useMemo(
    () =>
      entries
        .filter((e) => e.level_id === level - 1 && (e.active === 1 || e.id === entry?.parent_id))
        .map((e) => {
          const above = e.parent_id === null ? undefined : byId.get(e.parent_id);
          return { value: String(e.id), label: above ? `${e.value} (${above.value})` : e.value };
        })
        .sort((a, b) => a.label.localeCompare(b.label)),
    [entries, level, entry?.parent_id, byId],
  );

  return (
    <FormDialog
      title={
        entry
          ? t('ui.referenceData.editTitle', { value: entry.value })
          : t('ui.referenceData.addTitle', { list: t(listLabels[table]) })
      }
      submitLabel={t('ui.referenceData.save')}
      form={form}
      {...actions}
    >
      <TextInput
        label={t('ui.referenceData.value')}
        required
        maxLength={100}
        data-autofocus
        error={errors.value?.message}
        data-testid="entry-value"
        {...register('value')}
      />
      <TextInput
        label={t('ui.referenceData.valueEs')}
        required
        maxLength={100}
        lang="es"
        error={errors.value_es?.message}
        data-testid="entry-value-es"
        {...register('value_es')}
      />
      {levels ? (
        <Controller
          control={control}
          name="level_id"
          render={({ field }) => (
            <Select
              label={t('ui.referenceData.level')}
              data={levelLabels[table].map((key, id) => ({ value: String(id), label: t(key) }))}
              value={field.value}
              onChange={(value) => {
                field.onChange(value ?? '0');
                form.setValue('parent_id', null);
              }}
              allowDeselect={false}
              disabled={Boolean(entry)}
              description={entry ? t('ui.referenceData.levelFixed') : undefined}
              error={errors.level_id?.message}
              data-testid="entry-level"
            />
          )}
        />
      ) : null}
      {levels && level > 0 ? (
        <Controller
          control={control}
          name="parent_id"
          render={({ field }) => (
            <Select
              label={t('ui.referenceData.parent')}
              placeholder={t('ui.referenceData.parentPlaceholder')}
              data={parents}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              searchable
              required
              error={errors.parent_id?.message}
              data-testid="entry-parent"
            />
          )}
        />
      ) : null}
      <Textarea
        label={t('ui.referenceData.description')}
        rows={3}
        maxLength={500}
        error={errors.description?.message}
        data-testid="entry-description"
        {...register('description')}
      />
    </FormDialog>
  );
}
