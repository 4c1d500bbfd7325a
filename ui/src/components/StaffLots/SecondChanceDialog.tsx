import { Text, TextInput } from '@mantine/core';
import { SecondChanceInput } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dollarsToCents, formatMoney } from '../../lib/format.ts';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';

interface PriceValues {
  /** Dollars as typed; empty offers the lot at its reserve. */
  price: string;
}

export interface SecondChanceDialogProps extends FormDialogActions<SecondChanceInput> {
  id: string;
  title: string;
  /** The lot's reserve in cents (the price offered by default), null when it has none. */
  reserve: number | null;
}

/**
 * Issue 36 §4: a lot whose auction closed below its reserve, offered to its top bidder: at the reserve
 * (shown, and the price the field starts from) or at the price typed, in cents. The server says
 * whether there is such a bidder (SECOND_CHANCE_NONE), inside the dialog.
 */
export function SecondChanceDialog({ id, title, reserve, ...actions }: SecondChanceDialogProps) {
  const { t } = useTranslation();
  const form = useForm<PriceValues, unknown, SecondChanceInput>({
    defaultValues: { price: reserve === null ? '' : (reserve / 100).toFixed(2) },
    resolver: contractResolver(SecondChanceInput, ({ price }: PriceValues) => ({
      product_id: id,
      // NaN, refused by the contract with its message, when it is not an amount of dollars.
      price: price.trim() ? (dollarsToCents(price) ?? Number.NaN) : null,
    })),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.privateSale.secondChanceTitle', { title })}
      submitLabel={t('ui.privateSale.sendSecondChance')}
      form={form}
      {...actions}
    >
      <Text size="sm">{t('ui.privateSale.secondChanceIntro')}</Text>
      <Text size="sm" fw={600} data-testid="second-chance-reserve">
        {reserve === null
          ? t('ui.privateSale.noReserve')
          : t('ui.privateSale.reserveIs', { price: formatMoney(reserve) })}
      </Text>
      <TextInput
        label={t('ui.privateSale.price')}
        description={t('ui.privateSale.priceHint')}
        leftSection="$"
        inputMode="decimal"
        autoComplete="off"
        {...register('price')}
        error={errors.price?.message}
      />
    </FormDialog>
  );
}
