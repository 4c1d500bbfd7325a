import { Text, Textarea, TextInput } from '@mantine/core';
import { type InputOf, RaiseReturnInput } from '@wine/contracts';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';

export type ReturnRequest = InputOf<'raiseReturnRequest'>;

interface ReturnRequestValues {
  /** As typed; sent as a whole number (buy-now lines only). */
  qty: string;
  reason: string;
}

export interface ReturnRequestDialogProps extends FormDialogActions<ReturnRequest> {
  invoiceId: string;
  line: { product_id: string; title: string; qty: number };
  /** Buy now: a part of the line may come back; an auction lot comes back whole. */
  kind: 'auction' | 'buynow';
  /** How many units may still be returned. */
  max: number;
}

/** A typed quantity as a number ('2' -> 2); anything else is left for the schema to refuse. */
const quantityOf = (text: string): unknown => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

/**
 * 'Request a return' (seeds 001 §7 raiseReturnRequest): how many (buy now) and why. Checked with the
 * action's own schema, so the dialog says what the server would; the server's refusal (the window
 * closed, a return already open) stays in the dialog.
 */
export function ReturnRequestDialog({ invoiceId, line, kind, max, ...actions }: ReturnRequestDialogProps) {
  const { t } = useTranslation();
  const partial = kind === 'buynow';
  const checked = contractResolver(RaiseReturnInput, (values: ReturnRequestValues) => ({
    invoice_id: invoiceId,
    product_id: line.product_id,
    qty: partial ? quantityOf(values.qty) : null,
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
    if (!partial || !Number.isInteger(qty) || qty <= max) return result;
    const tooMany = { type: 'max', message: t('returns.quantity', { max }) };
    return { values: {}, errors: { ...result.errors, qty: tooMany } };
  };
  const form = useForm<ReturnRequestValues, unknown, ReturnRequest>({
    defaultValues: { qty: String(max), reason: '' },
    resolver,
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.returns.requestFor', { title: line.title })}
      submitLabel={t('ui.returns.send')}
      form={form}
      {...actions}
    >
      {partial ? (
        <TextInput
          label={t('ui.returns.quantity')}
          description={t('ui.returns.quantityHint', { max })}
          inputMode="numeric"
          required
          error={errors.qty?.message}
          {...register('qty')}
        />
      ) : (
        <Text size="sm">{t('ui.returns.wholeLot', { qty: line.qty })}</Text>
      )}
      <Textarea
        label={t('ui.returns.reason')}
        description={t('ui.returns.reasonHint')}
        required
        rows={3}
        maxLength={1000}
        data-autofocus
        error={errors.reason?.message}
        {...register('reason')}
      />
    </FormDialog>
  );
}
