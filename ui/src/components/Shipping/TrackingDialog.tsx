import { Text, TextInput } from '@mantine/core';
import { type InputOf, RecordTrackingInput } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';

export type RecordTrackingValues = InputOf<'recordTracking'>;

export interface TrackingDialogProps extends FormDialogActions<RecordTrackingValues> {
  invoiceId: string;
  /** The number people read the invoice by (its id on invoices before numbers). */
  shownId: string;
  /** What was entered before (a correction starts from it). */
  carrier: string | null;
  trackingNumber: string | null;
}

/**
 * Issue 31: finance or an admin enters the carrier and tracking number of a delivery invoice; the
 * contract's schema (RecordTrackingInput) checks it before it is sent.
 */
export function TrackingDialog({
  invoiceId,
  shownId,
  carrier,
  trackingNumber,
  ...actions
}: TrackingDialogProps) {
  const { t } = useTranslation();
  const form = useForm<RecordTrackingValues, unknown, RecordTrackingValues>({
    defaultValues: { invoice_id: invoiceId, carrier: carrier ?? '', tracking_number: trackingNumber ?? '' },
    resolver: contractResolver(RecordTrackingInput, (values: RecordTrackingValues) => ({
      ...values,
      invoice_id: invoiceId,
    })),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.shipping.trackingTitle', { id: shownId })}
      submitLabel={t('ui.shipping.save')}
      form={form}
      {...actions}
    >
      <Text size="sm" c="dimmed">
        {t('ui.shipping.trackingIntro')}
      </Text>
      <TextInput
        label={t('ui.shipping.carrier')}
        required
        maxLength={40}
        data-autofocus
        error={errors.carrier?.message}
        {...register('carrier')}
      />
      <TextInput
        label={t('ui.shipping.tracking')}
        required
        maxLength={40}
        error={errors.tracking_number?.message}
        {...register('tracking_number')}
      />
    </FormDialog>
  );
}
