import { Text, TextInput } from '@mantine/core';
import { type InputOf, RecordOfflinePaymentInput } from '@wine/contracts';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { t } from '../../i18n/index.ts';
import { dollarsToCents, formatMoney } from '../../lib/format.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';

export type RecordPaymentInput = InputOf<'recordOfflinePayment'>;

interface RecordPaymentValues {
  /** Dollars as typed ('44.10'); sent as whole cents. */
  amount: string;
  reference: string;
}

/** Cents as the amount field shows them: '1112.50'. */
export const centsToDollars = (cents: number): string => (cents / 100).toFixed(2);

/**
 * The contract's check (RecordOfflinePaymentInput) on the dollars typed, turned into cents, with
 * messages about dollars: staff type dollars, the API takes cents.
 */
function recordPaymentResolver(
  invoiceId: string,
): Resolver<RecordPaymentValues, unknown, RecordPaymentInput> {
  return async (values) => {
    const cents = dollarsToCents(values.amount);
    const checked = RecordOfflinePaymentInput.safeParse({
      invoice_id: invoiceId,
      amount: cents ?? undefined,
      reference: values.reference,
    });
    const errors: FieldErrors<RecordPaymentValues> = {};
    if (cents === null) errors.amount = { type: 'format', message: t('ui.wallet.notAmount') };
    for (const issue of checked.success ? [] : checked.error.issues) {
      const [field] = issue.path;
      if (field === 'amount') errors.amount ??= { type: issue.code, message: t('ui.staffMoney.amountRange') };
      if (field === 'reference') {
        const message =
          issue.code === 'too_big' ? t('ui.staffMoney.referenceTooLong') : t('account.required');
        errors.reference ??= { type: issue.code, message };
      }
    }
    if (!checked.success || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: checked.data, errors: {} };
  };
}

export interface RecordPaymentDialogProps extends FormDialogActions<RecordPaymentInput> {
  invoiceId: string;
  /** What is still due, in cents: the amount proposed. */
  due: number;
}

/** Finance records money received offline for an invoice (a bank transfer, cash or card at pickup). */
export function RecordPaymentDialog({ invoiceId, due, ...actions }: RecordPaymentDialogProps) {
  const { t } = useTranslation();
  const form = useForm<RecordPaymentValues, unknown, RecordPaymentInput>({
    defaultValues: { amount: centsToDollars(due), reference: '' },
    resolver: recordPaymentResolver(invoiceId),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.staffMoney.recordPaymentFor', { id: invoiceId })}
      submitLabel={t('ui.staffMoney.recordPayment')}
      form={form}
      {...actions}
    >
      <Text size="sm" c="dimmed">
        {t('ui.staffMoney.dueNow', { amount: formatMoney(due) })}
      </Text>
      <TextInput
        label={t('ui.staffMoney.amountReceived')}
        inputMode="decimal"
        leftSection="$"
        required
        data-autofocus
        error={errors.amount?.message}
        {...register('amount')}
      />
      <TextInput
        label={t('ui.staffMoney.reference')}
        description={t('ui.staffMoney.referenceHint')}
        required
        maxLength={100}
        error={errors.reference?.message}
        {...register('reference')}
      />
    </FormDialog>
  );
}
