import { Checkbox, NumberInput, Text } from '@mantine/core';
import { BidCancelFields } from '@wine/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { TextArea } from '../FormFields/TextArea.tsx';

/** Whose bids: one bid (`bidId`) or every bid of the bidder. */
export interface CancelTarget {
  bidId?: string;
  bidderId: string;
  name: string;
}

interface CancelValues {
  reason: string;
  extendMinutes: number | string;
  reopen: boolean;
}

type CancelInput = { bidId: string } | { bidderId: string };
const checked = BidCancelFields.pick({ reason: true, extendMinutes: true, reopen: true });

/** An admin cancels bids with a reason (mailed to the bidder), the close extended or the lot reopened. */
export function CancelBidsDialog({
  target,
  now,
  reopen,
  ...actions
}: FormDialogActions<CancelInput & { reason: string; extendMinutes: number; reopen: boolean }> & {
  target: CancelTarget;
  /** The price and leader before, as the page shows them. */
  now: { price: string; leader: string };
  /** The lot closed unsold: cancelling reopens it. */
  reopen: boolean;
}) {
  const { t } = useTranslation();
  const form = useForm<CancelValues, unknown, { reason: string; extendMinutes: number; reopen: boolean }>({
    defaultValues: { reason: '', extendMinutes: reopen ? 60 : 0, reopen },
    resolver: contractResolver(checked, (v: CancelValues) => ({
      ...v,
      extendMinutes: v.extendMinutes === '' ? Number.NaN : Number(v.extendMinutes),
    })),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const whose = target.bidId ? { bidId: target.bidId } : { bidderId: target.bidderId };
  return (
    <FormDialog
      title={t('ui.staff.bids.cancelTitle', { name: target.name })}
      submitLabel={t('ui.staff.bids.cancel')}
      form={form}
      onClose={actions.onClose}
      onSubmit={(input) => actions.onSubmit({ ...whose, ...input })}
    >
      <Text size="sm">{t('ui.staff.bids.cancelHint', now)}</Text>
      <TextArea
        label={t('ui.staff.bids.reason')}
        required
        data-autofocus
        {...register('reason')}
        error={errors.reason?.message}
      />
      <Controller
        control={control}
        name="extendMinutes"
        render={({ field }) => (
          <NumberInput
            label={t('ui.staff.bids.extendMinutes')}
            description={t('ui.staff.bids.extendHint')}
            min={0}
            max={10_080}
            allowDecimal={false}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.extendMinutes?.message}
          />
        )}
      />
      {reopen ? (
        <Checkbox
          label={t('ui.staff.bids.reopen')}
          description={t('ui.staff.bids.reopenHint')}
          {...register('reopen')}
        />
      ) : null}
    </FormDialog>
  );
}
