import { Text } from '@mantine/core';
import { type InputOf, type ProjectionFailureView, SkipEventInput } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { TextArea } from '../FormFields/TextArea.tsx';

export type SkipInput = InputOf<'opsSkip'>;

export interface SkipDialogProps extends FormDialogActions<SkipInput> {
  projection: string;
  failure: ProjectionFailureView;
}

/** Support skips the event a read model stopped at, saying why (the skip is an event in the log). */
export function SkipDialog({ projection, failure, ...actions }: SkipDialogProps) {
  const { t } = useTranslation();
  const form = useForm<{ reason: string }, unknown, SkipInput>({
    defaultValues: { reason: '' },
    resolver: contractResolver(SkipEventInput, (values: { reason: string }) => ({
      projection,
      eventId: failure.eventId,
      reason: values.reason,
    })),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.ops.skipTitle', { name: projection })}
      submitLabel={t('ui.ops.skipSubmit')}
      form={form}
      {...actions}
    >
      <Text size="sm" data-testid="skip-summary">
        {t('ui.ops.skipSummary', {
          type: failure.eventType,
          stream: failure.streamName,
          position: Number(failure.position),
          name: projection,
        })}
      </Text>
      <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
        {failure.error}
      </Text>
      <TextArea
        label={t('ui.ops.reason')}
        required
        maxLength={500}
        data-autofocus
        error={errors.reason?.message}
        {...register('reason')}
      />
    </FormDialog>
  );
}
