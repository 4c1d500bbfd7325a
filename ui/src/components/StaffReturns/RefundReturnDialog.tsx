import { Text, Textarea, TextInput } from '@mantine/core';
import { type InputOf, RefundReturnInput, type StaffReturn } from '@wine/contracts';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { t } from '../../i18n/index.ts';
import { dollarsToCents, formatMoney } from '../../lib/format.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';

export type ReturnRefund = InputOf<'refundReturn'>;

interface RefundValues {
  /** Dollars as typed; sent as whole cents. */
  amount: string;
  reason: string;
}

/** Cents as the amount field shows them: '55.12'. */
const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * Staff type dollars, the API takes cents: at most what the return can give back, and a reason when
 * it is less (the server decides again).
 */
function refundResolver(record: StaffReturn): Resolver<RefundValues, unknown, ReturnRefund> {
  return async (values) => {
    const cents = dollarsToCents(values.amount);
    const errors: FieldErrors<RefundValues> = {};
    const max = formatMoney(record.refund_max);
    if (cents === null || cents < 1 || cents > record.refund_max)
      errors.amount = { type: 'range', message: t('ui.returns.refundAmountRange', { max }) };
    else if (cents < record.refund_max && values.reason.trim().length === 0)
      errors.reason = { type: 'required', message: t('ui.returns.refundReasonRequired') };
    const checked = RefundReturnInput.safeParse({
      invoice_id: record.invoice_id,
      return_id: record.id,
      amount: cents ?? undefined,
      reason: values.reason,
    });
    if (!checked.success && Object.keys(errors).length === 0)
      errors.reason = { type: 'format', message: t('returns.textLength') };
    if (!checked.success || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: checked.data, errors: {} };
  };
}

export interface RefundReturnDialogProps extends FormDialogActions<ReturnRefund> {
  record: StaffReturn;
}

/**
 * Issue 31: the refund of a received return: all it brings by default, or less with a reason; it
 * goes back the way the invoice was paid.
 */
export function RefundReturnDialog({ record, ...actions }: RefundReturnDialogProps) {
  const { t } = useTranslation();
  const form = useForm<RefundValues, unknown, ReturnRefund>({
    defaultValues: { amount: dollars(record.refund_max), reason: '' },
    resolver: refundResolver(record),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.returns.refundTitle', { title: record.title })}
      submitLabel={t('ui.returns.refundSubmit')}
      form={form}
      {...actions}
    >
      <Text size="sm" data-testid="refund-summary">
        {t('ui.returns.refundIntro', {
          amount: formatMoney(record.amount),
          max: formatMoney(record.refund_max),
        })}
      </Text>
      <TextInput
        label={t('ui.returns.refundAmount')}
        inputMode="decimal"
        leftSection="$"
        required
        data-autofocus
        error={errors.amount?.message}
        data-testid="refund-amount"
        {...register('amount')}
      />
      <Textarea
        label={t('ui.returns.refundReason')}
        description={t('ui.returns.refundReasonHint')}
        rows={2}
        maxLength={300}
        error={errors.reason?.message}
        data-testid="refund-reason"
        {...register('reason')}
      />
      <Text size="xs" c="dimmed">
        {t('ui.returns.refundWay')}
      </Text>
    </FormDialog>
  );
}
