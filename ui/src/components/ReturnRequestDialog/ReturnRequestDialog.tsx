import { Text, Textarea, TextInput } from '@mantine/core';
import { type InputOf, RaiseReturnInput, type ReturnableInvoice, returnAmount } from '@wine/contracts';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';

export type ReturnRequest = InputOf<'raiseReturnRequest'>;

interface ReturnRequestValues {
  /** As typed; sent as a whole number. */
  qty: string;
  reason: string;
}

export interface ReturnRequestDialogProps extends FormDialogActions<ReturnRequest> {
  invoiceId: string;
  line: { product_id: string; title: string; qty: number };
  /** How many bottles of the line may still be returned. */
  max: number;
  /** The invoice as the refund rule sees it (contracts' `returnAmount`), so the amount shown is the server's. */
  returnable: ReturnableInvoice;
}

/** A typed quantity as a number ('2' -> 2); anything else is left for the schema to refuse. */
const quantityOf = (text: string): unknown => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/**
 * 'Request a return' (seeds 001 §7 raiseReturnRequest, issue 31): how many bottles of the line (any
 * line, an auction lot's too) and why, with the refund they bring shown as the server will compute
 * it. Checked with the action's own schema; the server's refusal stays in the dialog.
 */
export function ReturnRequestDialog({
  invoiceId,
  line,
  max,
  returnable,
  ...actions
}: ReturnRequestDialogProps) {
  const { t } = useTranslation();
  const checked = contractResolver(RaiseReturnInput, (values: ReturnRequestValues) => ({
    invoice_id: invoiceId,
    product_id: line.product_id,
    qty: quantityOf(values.qty),
    reason: values.reason,
  }));
  // The schema knows any whole number; what is left of this line is known here (and to the server).
  const resolver: Resolver<ReturnRequestValues, unknown, ReturnRequest> = async (
    values,
    context,
    options,
  ) => {
    const result = await checked(values, context, options);
    const qty = Number(values.qty);
    if (!Number.isInteger(qty) || qty <= max) return result;
    const tooMany = { type: 'max', message: t('returns.quantity', { max }) };
    return { values: {}, errors: { ...result.errors, qty: tooMany } };
  };
  const form = useForm<ReturnRequestValues, unknown, ReturnRequest>({
    defaultValues: { qty: '1', reason: '' },
    resolver,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const typed = Number(useWatch({ control, name: 'qty' }));
  const qty = Number.isInteger(typed) && typed >= 1 && typed <= max ? typed : null;
  return (
    <FormDialog
      title={t('ui.returns.requestFor', { title: line.title })}
      submitLabel={t('ui.returns.send')}
      form={form}
      {...actions}
    >
      <TextInput
        label={t('ui.returns.bottles')}
        description={t('ui.returns.bottlesHint', { max, qty: line.qty })}
        inputMode="numeric"
        required
        data-autofocus
        error={errors.qty?.message}
        data-testid="return-qty"
        {...register('qty')}
      />
      {qty !== null ? (
        <div>
          <Text size="sm" fw={600} data-testid="return-amount" aria-live="polite">
            {t('ui.returns.amountToReturn', {
              qty,
              max: line.qty,
              amount: formatMoney(returnAmount(returnable, line.product_id, qty)),
            })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('ui.returns.amountHint')}
          </Text>
        </div>
      ) : null}
      <Textarea
        label={t('ui.returns.reason')}
        description={t('ui.returns.reasonHint')}
        required
        rows={3}
        maxLength={1000}
        error={errors.reason?.message}
        {...register('reason')}
      />
    </FormDialog>
  );
}
