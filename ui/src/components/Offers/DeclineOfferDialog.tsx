import { Select, Text } from '@mantine/core';
import { type OfferView, offerDeclineReasons, StaffOfferAnswerInput } from '@wine/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatMoney } from '../../lib/format.ts';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { TextArea } from '../FormFields/TextArea.tsx';
import { declineReasonLabels } from './offer-labels.ts';

/** The seller's side's answer as changeOfferStatus takes it (checked: the note defaulted). */
export type StaffAnswer = z.output<typeof StaffOfferAnswerInput>;

interface DeclineValues {
  reason: string;
  note: string;
}

export interface DeclineOfferDialogProps extends FormDialogActions<StaffAnswer> {
  offer: OfferView;
}

/** Issue 36: the seller's side declines an offer, with a reason from the fixed list and an optional note. */
export function DeclineOfferDialog({ offer, ...actions }: DeclineOfferDialogProps) {
  const { t } = useTranslation();
  const form = useForm<DeclineValues, unknown, StaffAnswer>({
    defaultValues: { reason: '', note: '' },
    resolver: contractResolver(StaffOfferAnswerInput, (values: DeclineValues) => ({
      product_id: offer.product_id,
      offer_id: offer.id,
      status: 'decline',
      ...(values.reason && { reason: values.reason }),
      note: values.note,
    })),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.offers.declineTitle', { title: offer.title })}
      submitLabel={t('ui.offers.declineSend')}
      form={form}
      {...actions}
    >
      <Text size="sm">{t('ui.offers.terms', { qty: offer.qty, price: formatMoney(offer.price) })}</Text>
      <Controller
        control={control}
        name="reason"
        render={({ field }) => (
          <Select
            label={t('ui.offers.declineReason')}
            required
            data={offerDeclineReasons.map((reason) => ({
              value: reason,
              label: t(declineReasonLabels[reason]),
            }))}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={errors.reason?.message}
            allowDeselect={false}
            data-testid="decline-reason"
          />
        )}
      />
      <TextArea label={t('ui.offers.declineNote')} maxLength={500} {...register('note')} />
    </FormDialog>
  );
}
