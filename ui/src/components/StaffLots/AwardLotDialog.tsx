import { Checkbox, Select, Text, TextInput } from '@mantine/core';
import { ManualAwardFields, type StaffLotBids } from '@wine/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { TextArea } from '../FormFields/TextArea.tsx';
import { toCents } from './lot-form.ts';

interface AwardValues {
  buyerId: string;
  buyerEmail: string;
  price: string;
  reason: string;
  confirm: boolean;
}

type AwardInput = { buyerId?: string; buyerEmail?: string; price: number; reason: string; confirm: boolean };
const checked = ManualAwardFields.omit({ id: true });

/** The buyer's fields as the action takes them: a bidder chosen, else the e-mail typed. */
const toInput = (v: AwardValues) => ({
  ...(v.buyerId ? { buyerId: v.buyerId } : { buyerEmail: v.buyerEmail.trim() }),
  price: toCents(v.price),
  reason: v.reason,
  confirm: v.confirm,
});

/** An admin awards the lot to a registered buyer at a price (below a bid or the reserve only confirmed, with a reason). */
export function AwardLotDialog({
  title,
  bidders,
  ...actions
}: FormDialogActions<AwardInput> & { title: string; bidders: StaffLotBids['bidders'] }) {
  const { t } = useTranslation();
  const form = useForm<AwardValues, unknown, AwardInput>({
    defaultValues: { buyerId: '', buyerEmail: '', price: '', reason: '', confirm: false },
    resolver: contractResolver(checked, toInput),
  });
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const chosen = watch('buyerId');
  return (
    <FormDialog
      title={t('ui.staff.bids.awardTitle', { title })}
      submitLabel={t('ui.staff.bids.award')}
      form={form}
      onClose={actions.onClose}
      onSubmit={actions.onSubmit}
    >
      <Text size="sm">{t('ui.staff.bids.awardHint')}</Text>
      {bidders.length > 0 ? (
        <Controller
          control={control}
          name="buyerId"
          render={({ field }) => (
            <Select
              label={t('ui.staff.bids.buyerBidder')}
              data={bidders.map((b) => ({ value: b.bidderId, label: b.name }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              clearable
              error={errors.buyerId?.message}
            />
          )}
        />
      ) : null}
      <TextInput
        type="email"
        label={t('ui.staff.bids.buyerEmail')}
        disabled={Boolean(chosen)}
        {...register('buyerEmail')}
        error={errors.buyerEmail?.message}
      />
      <TextInput
        label={t('ui.staff.bids.price')}
        required
        inputMode="decimal"
        {...register('price')}
        error={errors.price?.message}
      />
      <TextArea
        label={t('ui.staff.bids.awardReason')}
        {...register('reason')}
        error={errors.reason?.message}
      />
      <Checkbox label={t('ui.staff.bids.confirm')} {...register('confirm')} />
    </FormDialog>
  );
}
