import { Group, Text, TextInput } from '@mantine/core';
import { MakeOfferInput, type OfferView } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { dollarsOf, type TermsValues, termsOf } from './offer-form.ts';

/** A counter-offer's terms: the price a bottle in cents and the bottles. */
export interface CounterTerms {
  price: number;
  qty: number;
}

const CounterTermsInput = MakeOfferInput.pick({ price: true, qty: true });

export interface CounterOfferDialogProps extends FormDialogActions<CounterTerms> {
  offer: OfferView;
}

/**
 * Issue 36: a counter-offer, from either side: the price a bottle in dollars (sent in cents) and the
 * bottles, starting from the offer's current terms; it says how many counter-offers are left after it.
 */
export function CounterOfferDialog({ offer, ...actions }: CounterOfferDialogProps) {
  const { t } = useTranslation();
  const form = useForm<TermsValues, unknown, CounterTerms>({
    defaultValues: { price: dollarsOf(offer.price), qty: String(offer.qty) },
    resolver: contractResolver(CounterTermsInput, termsOf),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.offers.counterTitle', { title: offer.title })}
      submitLabel={t('ui.offers.counterSend')}
      form={form}
      {...actions}
    >
      <Text size="sm" data-testid="counter-now">
        {t('ui.offers.counterIntro', { qty: offer.qty, price: formatMoney(offer.price) })}
      </Text>
      <Group grow align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('ui.offerBox.price')}
          description={t('ui.offerBox.priceHint')}
          leftSection="$"
          inputMode="decimal"
          autoComplete="off"
          required
          miw={140}
          {...register('price')}
          error={errors.price?.message}
        />
        <TextInput
          label={t('ui.offerBox.quantity')}
          inputMode="numeric"
          autoComplete="off"
          required
          miw={100}
          {...register('qty')}
          error={errors.qty?.message}
        />
      </Group>
      <Text size="sm" c="dimmed" data-testid="counters-left">
        {t('ui.offers.countersLeft', { n: Math.max(0, offer.max_counters - offer.counters - 1) })}
      </Text>
    </FormDialog>
  );
}
