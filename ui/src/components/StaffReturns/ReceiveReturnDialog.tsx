import { Group, Text, Textarea, TextInput } from '@mantine/core';
import { type InputOf, ReceiveReturnInput, type StaffReturn } from '@wine/contracts';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { t } from '../../i18n/index.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';

export type ReturnReceipt = InputOf<'receiveReturn'>;

interface ReceiptValues {
  good: string;
  damaged: string;
  note: string;
}

const count = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/** The contract's check, plus what only the return knows: good and damaged add up to its bottles. */
function receiptResolver(record: StaffReturn): Resolver<ReceiptValues, unknown, ReturnReceipt> {
  return async (values) => {
    const [good, damaged] = [count(values.good), count(values.damaged)];
    const checked = ReceiveReturnInput.safeParse({
      invoice_id: record.invoice_id,
      return_id: record.id,
      good: good ?? undefined,
      damaged: damaged ?? undefined,
      note: values.note,
    });
    const errors: FieldErrors<ReceiptValues> = {};
    if (good === null) errors.good = { type: 'format', message: t('returns.qtyWhole') };
    if (damaged === null) errors.damaged = { type: 'format', message: t('returns.qtyWhole') };
    if (good !== null && damaged !== null && good + damaged !== record.qty)
      errors.good = { type: 'sum', message: t('ui.returns.conditionSum', { qty: record.qty }) };
    if (!checked.success && Object.keys(errors).length === 0)
      errors.note = { type: 'format', message: t('returns.textLength') };
    if (!checked.success || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: checked.data, errors: {} };
  };
}

export interface ReceiveReturnDialogProps extends FormDialogActions<ReturnReceipt> {
  record: StaffReturn;
}

/** Issue 31: the returned wine arrived: how many bottles are good (back on sale) and how many damaged. */
export function ReceiveReturnDialog({ record, ...actions }: ReceiveReturnDialogProps) {
  const { t } = useTranslation();
  const form = useForm<ReceiptValues, unknown, ReturnReceipt>({
    defaultValues: { good: String(record.qty), damaged: '0', note: '' },
    resolver: receiptResolver(record),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.returns.receiveTitle', { title: record.title })}
      submitLabel={t('ui.returns.receiveSubmit')}
      form={form}
      {...actions}
    >
      <Text size="sm">{t('ui.returns.receiveIntro', { qty: record.qty })}</Text>
      <Group grow align="flex-start">
        <TextInput
          label={t('ui.returns.good')}
          inputMode="numeric"
          required
          data-autofocus
          error={errors.good?.message}
          data-testid="receive-good"
          {...register('good')}
        />
        <TextInput
          label={t('ui.returns.damaged')}
          inputMode="numeric"
          required
          error={errors.damaged?.message}
          data-testid="receive-damaged"
          {...register('damaged')}
        />
      </Group>
      <Textarea
        label={t('ui.returns.note')}
        rows={2}
        maxLength={1000}
        error={errors.note?.message}
        {...register('note')}
      />
    </FormDialog>
  );
}
