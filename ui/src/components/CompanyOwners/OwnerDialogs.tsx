import { Button, Grid, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { CompanyOwnerRecord } from '@wine/contracts';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../api/client.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { AddOwnerForm, UpdateOwnerForm } from './owners.ts';

export type AddOwnerValues = z.output<typeof AddOwnerForm>;
export type UpdateOwnerValues = z.output<typeof UpdateOwnerForm>;

interface OwnerFormValues {
  name: string;
  title: string;
  email: string;
  ownership_percent: string;
}

const ownerFields = ['name', 'title', 'email', 'ownership_percent'] as const;

const blankOwner: OwnerFormValues = { name: '', title: '', email: '', ownership_percent: '' };

const formValuesOf = (owner: CompanyOwnerRecord): OwnerFormValues => ({
  name: owner.name,
  title: owner.title,
  email: owner.email,
  ownership_percent: String(owner.ownership_percent),
});

/** The e-mail is optional: blanks alone are no e-mail. */
const trimEmail = (values: OwnerFormValues): OwnerFormValues => ({ ...values, email: values.email.trim() });

/** What the server said went wrong without naming a field, inside the dialog that asked. */
function Failure({ message }: { message: string | null }) {
  return message ? (
    <Text size="sm" c="red.8" role="alert" data-testid="owner-failure">
      {message}
    </Text>
  ) : null;
}

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
  onClose,
  onSubmit,
}: {
  title: string;
  submitLabel: string;
  defaultValues: OwnerFormValues;
  resolver: Resolver<OwnerFormValues, unknown, Input>;
  onClose: () => void;
  onSubmit: (input: Input) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OwnerFormValues, unknown, Input>({ defaultValues, resolver });

  const onValid = async (input: Input) => {
    setFailure(null);
    try {
      await onSubmit(input);
      onClose();
    } catch (error) {
      if (!showServerFieldErrors<OwnerFormValues>(error, ownerFields, setError)) {
        setFailure(errorMessage(error));
      }
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
    >
      <form onSubmit={handleSubmit(onValid)} noValidate aria-label={title}>
        <Stack gap="md">
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
          <Failure message={failure} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('ui.common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 'Add an owner' (seeds 001 §7 addCompanyOwner). */
export function AddOwnerDialog({
  onClose,
  onSubmit,
}: {
  onClose: () => void;
  onSubmit: (input: AddOwnerValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <OwnerDialog
      title={t('ui.owners.addTitle')}
      submitLabel={t('ui.owners.add')}
      defaultValues={blankOwner}
      resolver={contractResolver(AddOwnerForm, trimEmail)}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}

/** 'Edit' an owner (updateCompanyOwner): every field, sent whole with the owner's id. */
export function EditOwnerDialog({
  owner,
  onClose,
  onSubmit,
}: {
  owner: CompanyOwnerRecord;
  onClose: () => void;
  onSubmit: (input: UpdateOwnerValues) => Promise<void>;
}) {
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
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}

/** 'Remove' asks first (removeCompanyOwner). */
export function RemoveOwnerDialog({
  owner,
  onClose,
  onConfirm,
}: {
  owner: CompanyOwnerRecord;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('ui.owners.removeTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
    >
      <Stack gap="md">
        <Text>{t('ui.owners.removeQuestion', { name: owner.name, percent: owner.ownership_percent })}</Text>
        <Failure message={failure} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('ui.common.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('ui.owners.removeTitle')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
