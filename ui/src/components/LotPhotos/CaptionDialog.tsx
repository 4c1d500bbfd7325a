import { TextInput } from '@mantine/core';
import { PhotoCaption } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { TextArea } from '../FormFields/TextArea.tsx';

/** seeds 001 §5: the caption modal of an uploaded photo, each field required ('Enter Filename', ...). */
export function CaptionDialog({
  caption,
  ...actions
}: FormDialogActions<PhotoCaption> & { caption: PhotoCaption }) {
  const { t } = useTranslation();
  const form = useForm<PhotoCaption, unknown, PhotoCaption>({
    defaultValues: caption,
    resolver: contractResolver(PhotoCaption, (values: PhotoCaption) => values),
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      title={t('ui.staff.photos.captionTitle')}
      submitLabel={t('ui.staff.photos.captionSave')}
      form={form}
      onClose={actions.onClose}
      onSubmit={actions.onSubmit}
    >
      <TextInput
        label={t('ui.staff.photos.filename')}
        required
        data-autofocus
        {...register('name')}
        error={errors.name?.message}
      />
      <TextInput
        label={t('ui.staff.photos.title')}
        required
        {...register('title')}
        error={errors.title?.message}
      />
      <TextArea
        label={t('ui.staff.photos.description')}
        required
        {...register('description')}
        error={errors.description?.message}
      />
    </FormDialog>
  );
}
