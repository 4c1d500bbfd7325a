import { Group, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TermsValues } from './offer-form.ts';

/** An offer's terms as a buyer or seller types them: the price a bottle in dollars, and the bottles. */
export function OfferTermsFields({
  register,
  errors,
  testIds,
}: {
  register: UseFormRegister<TermsValues>;
  errors: FieldErrors<TermsValues>;
  testIds?: { price: string; qty: string };
}) {
  const { t } = useTranslation();
  return (
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
        data-testid={testIds?.price}
      />
      <TextInput
        label={t('ui.offerBox.quantity')}
        inputMode="numeric"
        autoComplete="off"
        required
        miw={100}
        {...register('qty')}
        error={errors.qty?.message}
        data-testid={testIds?.qty}
      />
    </Group>
  );
}
