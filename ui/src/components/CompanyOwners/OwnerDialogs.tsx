import { Grid, Text, TextInput } from '@mantine/core';
import type { CompanyOwnerRecord } from '@wine/contracts';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { AddOwnerForm, UpdateOwnerForm } from './owners.ts';

export type AddOwnerValues = z.output<typeof AddOwnerForm>;
export type UpdateOwnerValues = z.output<typeof UpdateOwnerForm>;

interface OwnerFormValues {
  name: string;
  title: string;
  email: string;
  ownership_percent: string;
}

const blankOwner: OwnerFormValues = { name: '', title: '', email: '', ownership_percent: '' };

const formValuesOf = (owner: CompanyOwnerRecord): OwnerFormValues => ({
  name: owner.name,
  title: owner.title,
  email: owner.email,
  ownership_percent: String(owner.ownership_percent),
});

/** The e-mail is optional: blanks alone are no e-mail. */
const trimEmail = (values: OwnerFormValues): OwnerFormValues => ({ ...values, email: values.email.trim() });

/**
 * The owner form, for adding and editing: name, title, e-mail and ownership. `onSubmit` rejects with
 * the server's message; one that names a field ('Owners cannot hold more than 100% together' names
 * the ownership) goes under it, any other stays in the dialog.
 */
function OwnerDialog<Input>({
  title,
  submitLabel,
  defaultValues,
  resolver,
  ...actions
}: {
  title: string;
  submitLabel: string;
  defaultValues: OwnerFormValues;
  resolver: Resolver<OwnerFormValues, unknown, Input>;
} & FormDialogActions<Input>) {
  const { t } = useTranslation();
  const form = useForm<OwnerFormValues, unknown, Input>({ defaultValues, resolver });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <FormDialog {...actions} form={form} title={title} submitLabel={submitLabel}>
      <TextInput
        label={t('ui.common.name')}
        autoComplete="off"
        required
        error={errors.name?.message}
        {...register('name')}
      />
      <TextInput
        label={t('ui.common.title')}
        placeholder={t('ui.owners.titlePlaceholder')}
        autoComplete="off"
        error={errors.title?.message}
        {...register('title')}
      />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label={t('ui.common.email')}
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label={t('ui.owners.ownership')}
            inputMode="numeric"
            maxLength={3}
            rightSection={<Text size="sm">%</Text>}
            required
            error={errors.ownership_percent?.message}
            {...register('ownership_percent')}
          />
        </Grid.Col>
      </Grid>
    </FormDialog>
  );
}

/** 'Add an owner' (seeds 001 §7 addCompanyOwner). */
export function AddOwnerDialog(actions: FormDialogActions<AddOwnerValues>) {
  const { t } = useTranslation();
  return (
    <OwnerDialog
      title={t('ui.owners.addTitle')}
      submitLabel={t('ui.owners.add')}
      defaultValues={blankOwner}
      resolver={contractResolver(AddOwnerForm, trimEmail)}
      {...actions}
    />
  );
}

/** 'Edit' an owner (updateCompanyOwner): every field, sent whole with the owner's id. */
export function EditOwnerDialog({
  owner,
  ...actions
}: { owner: CompanyOwnerRecord } & FormDialogActions<UpdateOwnerValues>) {
  const { t } = useTranslation();
  return (
    <OwnerDialog
      title={t('ui.owners.editOwner', { name: owner.name })}
      submitLabel={t('ui.common.saveChanges')}
      defaultValues={formValuesOf(owner)}
      resolver={contractResolver(UpdateOwnerForm, (values: OwnerFormValues) => ({
        id: owner.id,
        ...trimEmail(values),
      }))}
      {...actions}
    />
  );
}
