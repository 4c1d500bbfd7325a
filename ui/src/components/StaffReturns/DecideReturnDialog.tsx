import { Radio, Stack, Text, Textarea } from '@mantine/core';
import { DecideReturnInput, type InputOf, type StaffReturn } from '@wine/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';

export type ReturnDecision = InputOf<'decideReturn'>;

interface DecisionValues {
  to: 'card' | 'wallet';
  note: string;
}

export interface DecideReturnDialogProps extends FormDialogActions<ReturnDecision> {
  record: StaffReturn;
  decision: 'accept' | 'refuse';
}

/**
 * Finance or an admin decides a return: accept, choosing where the refund goes (the way it was paid
 * by default; the card only if a card payment can take it), or refuse with a note for the buyer.
 */
export function DecideReturnDialog({ record, decision, ...actions }: DecideReturnDialogProps) {
  const { t } = useTranslation();
  const accepting = decision === 'accept';
  const form = useForm<DecisionValues, unknown, ReturnDecision>({
    // A return accepted whose refund did not go through keeps where it was sent.
    defaultValues: { to: record.refund_to ?? record.default_to, note: '' },
    resolver: contractResolver(DecideReturnInput, (values: DecisionValues) => ({
      invoice_id: record.invoice_id,
      return_id: record.id,
      decision,
      to: accepting ? values.to : null,
      note: values.note,
    })),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const title = t(accepting ? 'ui.returns.acceptTitle' : 'ui.returns.refuseTitle', { title: record.title });
  return (
    <FormDialog
      title={title}
      submitLabel={t(accepting ? 'ui.returns.acceptSubmit' : 'ui.returns.refuseSubmit')}
      form={form}
      {...actions}
    >
      <Text size="sm" data-testid="decision-summary">
        {t('ui.returns.refundOf', {
          amount: formatMoney(record.amount),
          qty: record.qty,
          title: record.title,
        })}
      </Text>
      {accepting ? (
        <Controller
          control={control}
          name="to"
          render={({ field }) => (
            <Radio.Group
              label={t('ui.returns.refundTo')}
              value={field.value}
              onChange={(value) => field.onChange(value === 'card' ? 'card' : 'wallet')}
              error={errors.to?.message}
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value="card"
                  label={t('ui.returns.toCardOption')}
                  disabled={!record.card_refundable}
                  description={record.card_refundable ? undefined : t('ui.returns.cardUnavailable')}
                />
                <Radio value="wallet" label={t('ui.returns.toWalletOption')} />
              </Stack>
            </Radio.Group>
          )}
        />
      ) : null}
      <Textarea
        label={t('ui.returns.note')}
        description={t('ui.returns.noteHint')}
        required={!accepting}
        rows={2}
        maxLength={1000}
        data-autofocus={accepting ? undefined : true}
        error={errors.note?.message}
        {...register('note')}
      />
    </FormDialog>
  );
}
