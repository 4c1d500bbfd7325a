import { Grid, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { InvestorCardInput, type InvestorDetails } from '@wine/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, onceKeys } from '../../api/client.ts';
import { contractResolver } from '../../lib/forms.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { cardGrid, FormActions, InvestingCard, InvestorForm, Kept } from './InvestingCard.tsx';
import {
  digits,
  investingCardQuery,
  useInvestorAnswer,
  useRefusal,
  wholeNumber,
  withFieldWords,
} from './investing-forms.ts';
import { cardBrandLabel } from './investing-labels.ts';

type CardInput = z.output<typeof InvestorCardInput>;

/** The card as typed; the number and the CVC are cleared once sent, whatever the answer. */
interface CardValues {
  name_on_card: string;
  card_number: string;
  exp_month: string;
  exp_year: string;
  cvv: string;
}

export const cardInputOf = (values: CardValues) => ({
  name_on_card: values.name_on_card,
  card_number: digits(values.card_number),
  exp_month: wholeNumber(values.exp_month),
  exp_year: wholeNumber(values.exp_year),
  cvv: values.cvv.trim(),
});

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A card for investing (addCreditCard; North Capital takes the card itself, it has no tokens): typed
 * here and sent in the one request, kept by no one but North Capital; shown afterwards by its brand, last
 * four and expiry, and changed (updateCreditCard) or removed (deleteCreditCard).
 */
export function CardForInvesting({ details, holder }: { details: InvestorDetails; holder: string }) {
  const { t } = useTranslation();
  const answered = useInvestorAnswer();
  const [changing, setChanging] = useState(false);
  const linked = useQuery({ ...investingCardQuery(), enabled: details.card !== null });
  const remove = () =>
    confirmDialog({
      title: t('ui.investing.cardRemoveTitle'),
      children: (
        <Text size="sm">{t('ui.investing.cardRemoveQuestion', { last4: details.card?.last4 ?? '' })}</Text>
      ),
      confirmLabel: t('ui.investing.cardRemove'),
      destructive: true,
      confirmTestId: 'investor-card-remove-confirm',
      onConfirm: async () => {
        answered(await callForMessage('deleteCreditCard', {}), t('investing.cardUnlinked'));
      },
    });
  return (
    <InvestingCard name="investor-card" title={t('ui.investing.cardTitle')}>
      {details.card && !changing ? (
        <Kept
          testId="investor-card-linked"
          change={t('ui.investing.cardChange')}
          remove={t('ui.investing.cardRemove')}
          onChange={() => setChanging(true)}
          onRemove={remove}
        >
          <Text fw={600}>
            {t('ui.investing.cardLinked', {
              brand: cardBrandLabel[details.card.brand] ?? details.card.brand,
              last4: details.card.last4,
            })}
          </Text>
          <QueryState query={linked} label={t('ui.investing.cardLoading')}>
            {(data) =>
              data.card ? (
                <Text size="sm" c="dimmed" data-testid="investor-card-expiry">
                  {t('ui.investing.cardExpires', {
                    month: twoDigits(data.card.exp_month),
                    year: data.card.exp_year,
                  })}
                </Text>
              ) : null
            }
          </QueryState>
        </Kept>
      ) : (
        <CardForm holder={holder} change={details.card !== null} onDone={() => setChanging(false)} />
      )}
    </InvestingCard>
  );
}

/** `change`: the card replaces the linked one (updateCreditCard); else it is the first (addCreditCard). */
function CardForm({ holder, change, onDone }: { holder: string; change: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const answered = useInvestorAnswer();
  const refused = useRefusal();
  const [keys] = useState(() => onceKeys());
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<CardValues, unknown, CardInput>({
    defaultValues: { name_on_card: holder.trim(), card_number: '', exp_month: '', exp_year: '', cvv: '' },
    resolver: withFieldWords(contractResolver(InvestorCardInput, cardInputOf)),
  });
  const onValid = async (input: CardInput) => {
    try {
      // Each attempt once: the same card sent again after no answer carries the same key.
      const options = { commandId: keys.keyFor(input) };
      const answer = change
        ? await callForMessage('updateCreditCard', input, options)
        : await callForMessage('addCreditCard', input, options);
      keys.settled(null);
      const last4 = answer.responseData.card?.last4 ?? '';
      answered(answer, t(change ? 'investing.cardUpdated' : 'investing.cardLinked', { last4 }));
      onDone();
    } catch (error) {
      keys.settled(error);
      refused(error);
    } finally {
      // The number and the CVC stay on screen no longer than their one request.
      resetField('card_number');
      resetField('cvv');
    }
  };
  return (
    <InvestorForm
      labelledBy="investor-card-title"
      intro={t('ui.investing.cardIntro')}
      onSubmit={handleSubmit(onValid)}
      actions={
        <FormActions
          send={change ? t('ui.investing.cardSendChange') : t('ui.investing.cardSend')}
          sending={isSubmitting}
          testId="investor-card-send"
          onCancel={change ? onDone : undefined}
        />
      }
    >
      <Grid gap="sm" {...cardGrid}>
        <Grid.Col span={12}>
          <TextInput
            label={t('ui.investing.nameOnCard')}
            autoComplete="cc-name"
            required
            error={errors.name_on_card?.message}
            {...register('name_on_card')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            label={t('ui.investing.cardNumber')}
            autoComplete="cc-number"
            inputMode="numeric"
            maxLength={23}
            required
            error={errors.card_number?.message}
            {...register('card_number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput
            label={t('ui.investing.expMonth')}
            autoComplete="cc-exp-month"
            inputMode="numeric"
            placeholder="MM"
            maxLength={2}
            required
            error={errors.exp_month?.message}
            {...register('exp_month')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput
            label={t('ui.investing.expYear')}
            autoComplete="cc-exp-year"
            inputMode="numeric"
            placeholder="YYYY"
            maxLength={4}
            required
            error={errors.exp_year?.message}
            {...register('exp_year')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 4 }}>
          <TextInput
            label={t('ui.investing.cvc')}
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            required
            error={errors.cvv?.message}
            {...register('cvv')}
          />
        </Grid.Col>
      </Grid>
    </InvestorForm>
  );
}
