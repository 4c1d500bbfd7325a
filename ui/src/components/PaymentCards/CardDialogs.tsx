import { Button, Grid, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { AddCardInput, type CardRecord, UpdateCardInput } from '@wine/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';
import { blankToUndefined, contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { brandName, expiryMonths, expiryYears } from './cards.ts';

export type AddCardValues = z.output<typeof AddCardInput>;
export type UpdateCardValues = z.output<typeof UpdateCardInput>;

/** The year the expiry choices start from, read once when a dialog opens. */
const useThisYear = () => useState(() => new Date().getFullYear())[0];

const monthChoices = () => [{ value: '', label: t('ui.cards.month'), disabled: true }, ...expiryMonths];
const yearChoices = (thisYear: number, keep?: number) => [
  { value: '', label: t('ui.cards.year'), disabled: true },
  ...expiryYears(thisYear, keep),
];

/** What the server said went wrong (a decline, a full card vault), inside the dialog that asked. */
function Failure({ message }: { message: string | null }) {
  return message ? (
    <Text size="sm" c="red.8" role="alert" data-testid="card-failure">
      {message}
    </Text>
  ) : null;
}

interface AddCardFormValues {
  card_number: string;
  exp_month: string;
  exp_year: string;
  cvv: string;
  name_on_card: string;
  zip: string;
}

const addCardFields = ['card_number', 'exp_month', 'exp_year', 'cvv', 'name_on_card', 'zip'] as const;

const toAddCardInput = (values: AddCardFormValues) => ({ ...values, zip: blankToUndefined(values.zip) });

/**
 * 'Add a card' (seeds 001 §7 addSkyflowCredit): number, expiry, CVV, name and an optional ZIP,
 * checked with the action's own schema. `onSubmit` rejects with the server's message (a decline
 * reads 'Your card was declined.'), which stays in the dialog so the user can correct it.
 */
export function AddCardDialog({
  onClose,
  onSubmit,
}: {
  onClose: () => void;
  onSubmit: (input: AddCardValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const thisYear = useThisYear();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddCardFormValues, unknown, AddCardValues>({
    defaultValues: { card_number: '', exp_month: '', exp_year: '', cvv: '', name_on_card: '', zip: '' },
    resolver: contractResolver(AddCardInput, toAddCardInput),
  });

  const onValid = async (input: AddCardValues) => {
    setFailure(null);
    try {
      await onSubmit(input);
      onClose();
    } catch (error) {
      if (!showServerFieldErrors<AddCardFormValues>(error, addCardFields, setError)) {
        setFailure(errorMessage(error));
      }
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('ui.cards.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
    >
      <form onSubmit={handleSubmit(onValid)} noValidate aria-label={t('ui.cards.addTitle')}>
        <Stack gap="md">
          <TextInput
            label={t('ui.cards.number')}
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            required
            error={errors.card_number?.message}
            {...register('card_number')}
          />
          <Grid>
            <Grid.Col span={4}>
              <NativeSelect
                label={t('ui.cards.expiryMonth')}
                autoComplete="cc-exp-month"
                required
                data={monthChoices()}
                error={errors.exp_month?.message}
                {...register('exp_month')}
              />
            </Grid.Col>
            <Grid.Col span={4}>
              <NativeSelect
                label={t('ui.cards.expiryYear')}
                autoComplete="cc-exp-year"
                required
                data={yearChoices(thisYear)}
                error={errors.exp_year?.message}
                {...register('exp_year')}
              />
            </Grid.Col>
            <Grid.Col span={4}>
              <TextInput
                label={t('ui.cards.cvv')}
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                required
                error={errors.cvv?.message}
                {...register('cvv')}
              />
            </Grid.Col>
          </Grid>
          <TextInput
            label={t('ui.cards.nameOnCard')}
            autoComplete="cc-name"
            required
            error={errors.name_on_card?.message}
            {...register('name_on_card')}
          />
          <TextInput
            label={t('ui.common.zip')}
            autoComplete="postal-code"
            maxLength={10}
            error={errors.zip?.message}
            {...register('zip')}
          />
          {/* The embedded product uses the card provider's sandbox, which only takes its test numbers. */}
          <Text size="xs" c="dimmed" data-testid="sandbox-note">
            {t('ui.cards.sandbox')}
          </Text>
          <Failure message={failure} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('ui.common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('ui.cards.saveCard')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface EditCardFormValues {
  exp_month: string;
  exp_year: string;
  name_on_card: string;
}

const editCardFields = ['exp_month', 'exp_year', 'name_on_card'] as const;

/** 'Edit' a card on file (updateSkyflowCredit): its expiry and the name on it, never the number. */
export function EditCardDialog({
  card,
  onClose,
  onSubmit,
}: {
  card: CardRecord;
  onClose: () => void;
  onSubmit: (input: UpdateCardValues) => Promise<void>;
}) {
  const { t } = useTranslation();
  const thisYear = useThisYear();
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('ui.cards.editOf', {
    card: t('ui.cards.which', { brand: brandName(card), last4: card.last4 }),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditCardFormValues, unknown, UpdateCardValues>({
    defaultValues: {
      exp_month: String(card.exp_month),
      exp_year: String(card.exp_year),
      name_on_card: card.name_on_card,
    },
    resolver: contractResolver(UpdateCardInput, (values: EditCardFormValues) => ({ id: card.id, ...values })),
  });

  const onValid = async (input: UpdateCardValues) => {
    setFailure(null);
    try {
      await onSubmit(input);
      onClose();
    } catch (error) {
      if (!showServerFieldErrors<EditCardFormValues>(error, editCardFields, setError)) {
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
          <Grid>
            <Grid.Col span={6}>
              <NativeSelect
                label={t('ui.cards.expiryMonth')}
                autoComplete="cc-exp-month"
                required
                data={monthChoices()}
                error={errors.exp_month?.message}
                {...register('exp_month')}
              />
            </Grid.Col>
            <Grid.Col span={6}>
              <NativeSelect
                label={t('ui.cards.expiryYear')}
                autoComplete="cc-exp-year"
                required
                data={yearChoices(thisYear, card.exp_year)}
                error={errors.exp_year?.message}
                {...register('exp_year')}
              />
            </Grid.Col>
          </Grid>
          <TextInput
            label={t('ui.cards.nameOnCard')}
            autoComplete="cc-name"
            required
            error={errors.name_on_card?.message}
            {...register('name_on_card')}
          />
          <Failure message={failure} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('ui.common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('ui.common.saveChanges')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 'Remove' asks first: a removed card has to be entered again in full. */
export function RemoveCardDialog({
  card,
  onClose,
  onConfirm,
}: {
  card: CardRecord;
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
      title={t('ui.cards.removeTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
    >
      <Stack gap="md">
        <Text>
          {t(card.is_default ? 'ui.cards.removeDefaultQuestion' : 'ui.cards.removeQuestion', {
            brand: brandName(card),
            last4: card.last4,
          })}
        </Text>
        <Failure message={failure} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('ui.common.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('ui.cards.removeCard')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
