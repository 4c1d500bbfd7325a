import { Button, FileButton, Group, Image, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { BANNER_IMAGE_PATH, PublishBannerInput } from '@wine/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { contractResolver } from '../../lib/forms.ts';
import { FormDialog, type FormDialogActions } from '../FormDialog/FormDialog.tsx';
import { useContentUpload } from './content-upload.ts';

/** The form's values: text fields as typed (an empty link is none), the image by its stored name. */
export interface BannerValues {
  id: string;
  title: string;
  subtitle: string;
  image: string | null;
  link: string;
  link_label: string;
  sort_order: number;
}

const toInput = (values: BannerValues) => ({
  ...values,
  id: values.id.trim(),
  link: values.link.trim() ? values.link.trim() : null,
});

export interface BannerDialogProps extends FormDialogActions<PublishBannerInput> {
  /** The banner to edit; a new one when left out. */
  banner?: BannerValues;
}

/**
 * A banner's record, created or edited (issue 34 §2 "Content"): title, subtitle, an image uploaded into
 * the 'banner' folder, where it leads and with what words, its order. Checked with the contract's
 * schema (PublishBannerInput) before it is published.
 */
export function BannerDialog({ banner, ...actions }: BannerDialogProps) {
  const { t } = useTranslation();
  const upload = useContentUpload('banner');
  const [uploading, setUploading] = useState(false);
  const [uploadFailure, setUploadFailure] = useState<string | null>(null);
  const form = useForm<BannerValues, unknown, PublishBannerInput>({
    defaultValues: banner ?? {
      id: '',
      title: '',
      subtitle: '',
      image: null,
      link: '',
      link_label: '',
      sort_order: 0,
    },
    resolver: contractResolver(PublishBannerInput, toInput),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <FormDialog
      title={
        banner ? t('ui.content.banners.editTitle', { title: banner.title }) : t('ui.content.banners.addTitle')
      }
      submitLabel={t('ui.content.banners.publish')}
      form={form}
      {...actions}
    >
      <TextInput
        label={t('ui.content.banners.id')}
        description={t('ui.content.banners.idHint')}
        required
        readOnly={Boolean(banner)}
        maxLength={64}
        autoCapitalize="none"
        spellCheck={false}
        error={errors.id?.message}
        data-testid="banner-id"
        {...register('id')}
      />
      <TextInput
        label={t('ui.content.banners.name')}
        required
        maxLength={120}
        data-autofocus
        error={errors.title?.message}
        data-testid="banner-title"
        {...register('title')}
      />
      <TextInput
        label={t('ui.content.banners.subtitle')}
        maxLength={300}
        error={errors.subtitle?.message}
        data-testid="banner-subtitle"
        {...register('subtitle')}
      />
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('ui.content.banners.image')}
            </Text>
            {field.value ? (
              <Image
                src={`${BANNER_IMAGE_PATH}${encodeURIComponent(field.value)}`}
                alt={t('ui.content.banners.imageAlt')}
                h={120}
                fit="cover"
                radius="sm"
                data-testid="banner-image-preview"
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('ui.content.banners.noImage')}
              </Text>
            )}
            <Group gap="xs">
              <FileButton
                accept="image/jpeg,image/png,image/webp"
                onChange={async (file) => {
                  if (!file) return;
                  setUploadFailure(null);
                  setUploading(true);
                  try {
                    field.onChange(await upload(file));
                  } catch (error) {
                    setUploadFailure(errorMessage(error));
                  } finally {
                    setUploading(false);
                  }
                }}
              >
                {(props) => (
                  <Button
                    variant="default"
                    size="xs"
                    loading={uploading}
                    {...props}
                    data-testid="banner-upload"
                  >
                    {field.value ? t('ui.content.banners.replace') : t('ui.content.banners.upload')}
                  </Button>
                )}
              </FileButton>
              {field.value ? (
                <Button variant="subtle" color="red" size="xs" onClick={() => field.onChange(null)}>
                  {t('ui.content.banners.removeImage')}
                </Button>
              ) : null}
            </Group>
            {uploadFailure ? (
              <Text size="sm" c="red.8" role="alert" data-testid="banner-upload-failure">
                {uploadFailure}
              </Text>
            ) : null}
            {errors.image?.message ? (
              <Text size="sm" c="red.8">
                {errors.image.message}
              </Text>
            ) : null}
          </Stack>
        )}
      />
      <TextInput
        label={t('ui.content.banners.linkField')}
        maxLength={300}
        placeholder="/search"
        error={errors.link?.message}
        data-testid="banner-link"
        {...register('link')}
      />
      <TextInput
        label={t('ui.content.banners.linkLabel')}
        maxLength={60}
        error={errors.link_label?.message}
        data-testid="banner-link-label"
        {...register('link_label')}
      />
      <Controller
        control={control}
        name="sort_order"
        render={({ field }) => (
          <NumberInput
            label={t('ui.content.banners.orderField')}
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={field.value}
            onChange={(value) => field.onChange(typeof value === 'number' ? value : Number(value) || 0)}
            onBlur={field.onBlur}
            error={errors.sort_order?.message}
            data-testid="banner-order"
          />
        )}
      />
    </FormDialog>
  );
}
