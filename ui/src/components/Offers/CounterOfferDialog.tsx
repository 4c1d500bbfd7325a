import { Text } from '@mantine/core';
import { MakeOfferInput, type OfferView } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { OfferTermsFields } from './OfferTermsFields.tsx';
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
      <OfferTermsFields register={register} errors={errors} />
      <Text size="sm" c="dimmed" data-testid="counters-left">
        {t('ui.offers.countersLeft', { n: Math.max(0, offer.max_counters - offer.counters - 1) })}
      </Text>
    </FormDialog>
  );
}
