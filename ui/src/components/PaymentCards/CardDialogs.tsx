import { Grid, type GridColProps, NativeSelect, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type AddCardInput, CardDetails, type CardRecord, UpdateCardInput } from '@wine/contracts';
import { useRef, useState } from 'react';
import { type UseFormRegisterReturn, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { cardProviderQuery } from '../../api/queries.ts';
import { t } from '../../i18n/index.ts';
import { tokenizeCard } from '../../lib/card-tokens.ts';
import { blankToUndefined, contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
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

/** The expiry's month and year, side by side in the dialog's grid. */
function ExpirySelects({
  span,
  years,
  month,
  year,
  errors,
}: {
  span: GridColProps['span'];
  years: { value: string; label: string; disabled?: boolean }[];
  month: UseFormRegisterReturn<'exp_month'>;
  year: UseFormRegisterReturn<'exp_year'>;
  errors: { month?: string | undefined; year?: string | undefined };
}) {
  const { t } = useTranslation();
  return (
    <>
      <Grid.Col span={span}>
        <NativeSelect
          label={t('ui.cards.expiryMonth')}
          autoComplete="cc-exp-month"
          required
          data={monthChoices()}
          error={errors.month}
          {...month}
        />
      </Grid.Col>
      <Grid.Col span={span}>
        <NativeSelect
          label={t('ui.cards.expiryYear')}
          autoComplete="cc-exp-year"
          required
          data={years}
          error={errors.year}
          {...year}
        />
      </Grid.Col>
    </>
  );
}

/** A card as its fields hold it (the selects' values are text until the contract reads them). */
export interface CardFormValues {
  card_number: string;
  exp_month: string;
  exp_year: string;
  cvv: string;
  name_on_card: string;
  zip: string;
}

export type CardForm = UseFormReturn<CardFormValues, unknown, z.output<typeof CardDetails>>;

const toCardDetails = (values: CardFormValues) => ({ ...values, zip: blankToUndefined(values.zip) });

/** A card's form, checked with contracts' CardDetails (the server's messages): the dialog's and the checkout's. */
export function useCardForm(): CardForm {
  return useForm<CardFormValues, unknown, z.output<typeof CardDetails>>({
    defaultValues: { card_number: '', exp_month: '', exp_year: '', cvv: '', name_on_card: '', zip: '' },
    resolver: contractResolver(CardDetails, toCardDetails),
  });
}

/**
 * A card's fields: number, expiry, CVV, name and an optional ZIP. Month, year and CVV sit in a row of
 * three; on a phone the CVV goes below, so the labels fit.
 */
export function CardFields({ form }: { form: CardForm }) {
  const { t } = useTranslation();
  const thisYear = useThisYear();
  const {
    register,
    formState: { errors },
  } = form;
  const third = { base: 6, xs: 4 };
  return (
    <>
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
        <ExpirySelects
          span={third}
          years={yearChoices(thisYear)}
          month={register('exp_month')}
          year={register('exp_year')}
          errors={{ month: errors.exp_month?.message, year: errors.exp_year?.message }}
        />
        <Grid.Col span={third}>
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
    </>
  );
}

/**
 * 'Add a card' (seeds 001 §7 addSkyflowCredit): number, expiry, CVV, name and an optional ZIP,
 * checked with contracts' CardDetails. The card goes to the configured provider's tokenisation (the
 * sandbox's vault, Stripe), never to the product (issue 35 §1); `onSubmit` gets the provider's token.
 * A refusal (the provider's, or the server's: a decline reads 'Your card was declined.') stays in
 * the dialog so the user can correct it. The same card sent again after no answer reuses its token,
 * so the server (which keys the card by the request) keeps it once.
 */
export function AddCardDialog({ onClose, onSubmit }: FormDialogActions<AddCardValues>) {
  const { t } = useTranslation();
  const form = useCardForm();
  const tokens = useRef(new Map<string, string>());
  const queryClient = useQueryClient();
  const provider = useQuery(cardProviderQuery()).data;
  const submit = async (card: z.output<typeof CardDetails>) => {
    const key = JSON.stringify(card);
    let token = tokens.current.get(key);
    if (!token) {
      token = await tokenizeCard(card, await queryClient.fetchQuery(cardProviderQuery()));
      tokens.current.set(key, token);
    }
    try {
      await onSubmit({ card_token: token, name_on_card: card.name_on_card, zip: card.zip });
    } catch (error) {
      // Refused by the server (the card declined when kept): that token is spent.
      tokens.current.delete(key);
      throw error;
    }
  };
  const actions = { onClose, onSubmit: submit };

  return (
    <FormDialog {...actions} form={form} title={t('ui.cards.addTitle')} submitLabel={t('ui.cards.saveCard')}>
      <CardFields form={form} />
      {/* The sandbox provider (the embedded default) takes only its test numbers. */}
      {provider?.name === 'sandbox' ? (
        <Text size="xs" c="dimmed" data-testid="sandbox-note">
          {t('ui.cards.sandbox')}
        </Text>
      ) : null}
    </FormDialog>
  );
}

interface EditCardFormValues {
  exp_month: string;
  exp_year: string;
  name_on_card: string;
}

/** 'Edit' a card on file (updateSkyflowCredit): its expiry and the name on it, never the number. */
export function EditCardDialog({
  card,
  ...actions
}: { card: CardRecord } & FormDialogActions<UpdateCardValues>) {
  const { t } = useTranslation();
  const thisYear = useThisYear();
  const form = useForm<EditCardFormValues, unknown, UpdateCardValues>({
    defaultValues: {
      exp_month: String(card.exp_month),
      exp_year: String(card.exp_year),
      name_on_card: card.name_on_card,
    },
    resolver: contractResolver(UpdateCardInput, (values: EditCardFormValues) => ({ id: card.id, ...values })),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const title = t('ui.cards.editOf', {
    card: t('ui.cards.which', { brand: brandName(card), last4: card.last4 }),
  });

  return (
    <FormDialog {...actions} form={form} title={title} submitLabel={t('ui.common.saveChanges')}>
      <Grid>
        <ExpirySelects
          span={6}
          years={yearChoices(thisYear, card.exp_year)}
          month={register('exp_month')}
          year={register('exp_year')}
          errors={{ month: errors.exp_month?.message, year: errors.exp_year?.message }}
        />
      </Grid>
      <TextInput
        label={t('ui.cards.nameOnCard')}
        autoComplete="cc-name"
        required
        error={errors.name_on_card?.message}
        {...register('name_on_card')}
      />
    </FormDialog>
  );
}
