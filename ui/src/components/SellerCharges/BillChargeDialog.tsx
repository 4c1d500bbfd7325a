import { NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  type BillSellerChargeInput as BillInput,
  BillSellerChargeInput,
  SellerChargeKinds,
} from '@wine/contracts';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';
import { dollarsToCents } from '../../lib/format.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { chargeKindLabels } from './charge-labels.ts';

interface BillValues {
  kind: BillInput['kind'];
  /** Dollars as typed ('25.00'); sent as whole cents. */
  amount: string;
  /** The lot's id, or NO_LOT. */
  lot_id: string;
  note: string;
}

/** No lot: a charge for the whole account (an option's value is never empty). */
const NO_LOT = ':none';

/** The contract's check (BillSellerChargeInput) on the dollars typed, turned into cents. */
const billResolver =
  (sellerId: string): Resolver<BillValues, unknown, BillInput> =>
  async (values) => {
    const cents = dollarsToCents(values.amount);
    const checked = BillSellerChargeInput.safeParse({
      seller_id: sellerId,
      kind: values.kind,
      amount: cents ?? undefined,
      ...(values.lot_id !== NO_LOT ? { lot_id: values.lot_id } : {}),
      ...(values.note.trim() ? { note: values.note.trim() } : {}),
    });
    const errors: FieldErrors<BillValues> = {};
    if (cents === null) errors.amount = { type: 'format', message: t('ui.sellerCharges.notAmount') };
    for (const issue of checked.success ? [] : checked.error.issues) {
      const [field] = issue.path;
      if (field === 'amount')
        errors.amount ??= { type: issue.code, message: t('ui.sellerCharges.amountRange') };
      if (field === 'note') errors.note ??= { type: issue.code, message: issue.message };
    }
    if (!checked.success || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: checked.data, errors: {} };
  };

/** The seller's lots an admin may bill a charge for (the staff's lot list narrowed to the seller). */
const sellerLotsQuery = (sellerId: string) => ({
  queryKey: ['staffLots', { sellerId, limit: 100 }] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call('staffLots', { sellerId, limit: 100, status: 'all', page: 1 }, { signal }),
});

/**
 * Issue 38 §1: an admin bills a seller or vendor a charge: what for, how much (in dollars, sent as
 * cents), for which of their lots or none, and a note the seller reads on their statement.
 */
export function BillChargeDialog({
  sellerId,
  name,
  ...actions
}: FormDialogActions<BillInput> & { sellerId: string; name: string }) {
  const { t } = useTranslation();
  const lots = useQuery(sellerLotsQuery(sellerId));
  const form = useForm<BillValues, unknown, BillInput>({
    defaultValues: { kind: 'listing_fee', amount: '', lot_id: NO_LOT, note: '' },
    resolver: billResolver(sellerId),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const lotOptions = [
    { value: NO_LOT, label: t('ui.sellerCharges.noLot') },
    ...(lots.data?.records ?? []).map((lot) => ({ value: lot.id, label: lot.title })),
  ];
  return (
    <FormDialog
      title={t('ui.sellerCharges.billTitle', { name })}
      submitLabel={t('ui.sellerCharges.bill')}
      form={form}
      {...actions}
    >
      <NativeSelect
        label={t('ui.sellerCharges.kind')}
        data={SellerChargeKinds.map((kind) => ({ value: kind, label: t(chargeKindLabels[kind]) }))}
        data-testid="charge-kind"
        {...register('kind')}
      />
      <TextInput
        label={t('ui.sellerCharges.billAmount')}
        inputMode="decimal"
        leftSection="$"
        required
        data-autofocus
        error={errors.amount?.message}
        {...register('amount')}
      />
      <NativeSelect
        label={t('ui.sellerCharges.lot')}
        data={lotOptions}
        data-testid="charge-lot"
        {...register('lot_id')}
      />
      <TextInput
        label={t('ui.sellerCharges.note')}
        maxLength={200}
        error={errors.note?.message}
        {...register('note')}
      />
    </FormDialog>
  );
}
