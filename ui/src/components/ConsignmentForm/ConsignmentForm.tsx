import {
  Alert,
  Button,
  CloseButton,
  Group,
  Input,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ConsignmentInput, type Photo, t as shared } from '@wine/contracts';
import { type ChangeEvent, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { blankToUndefined, contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { TextArea } from '../FormFields/TextArea.tsx';
import classes from './ConsignmentForm.module.css';
import { readPhotos } from './read-photos.ts';

interface ConsignmentValues {
  wines: string;
  bottles: string;
  storage: string;
  storage_other: string;
  name: string;
  email: string;
  phone: string;
}

const empty: ConsignmentValues = {
  wines: '',
  bottles: '',
  storage: '',
  storage_other: '',
  name: '',
  email: '',
  phone: '',
};
let keys = 0;
const nextKey = () => {
  keys += 1;
  return keys;
};
const fields = ['wines', 'bottles', 'storage', 'storage_other', 'name', 'email', 'phone'] as const;

const toInput = (v: ConsignmentValues) => ({
  ...v,
  bottles: v.bottles.trim() === '' ? undefined : Number(v.bottles),
  storage: v.storage || undefined,
  storage_other: v.storage === 'other' ? blankToUndefined(v.storage_other) : undefined,
  photos: [],
});

/**
 * The sell-your-wine enquiry (issue 11 item 3): what wines, how many bottles, where they are stored,
 * who asks, and up to three photos, checked here as the server checks them and sent in the body.
 */
export function ConsignmentForm() {
  const { t } = useTranslation();
  const photosId = useId();
  const [chosen, setChosen] = useState<{ key: number; photo: Photo }[]>([]);
  const photos = chosen.map((c) => c.photo);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ConsignmentValues, unknown, ConsignmentInput>({
    defaultValues: empty,
    // The schema's "say where" runs only once the other fields are valid: shown with them here.
    resolver: contractResolver(ConsignmentInput, toInput, (v) =>
      v.storage === 'other' && !v.storage_other.trim()
        ? { storage_other: shared('enquiries.storageOtherRequired') }
        : {},
    ),
  });

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const read = await readPhotos(files, photos.length);
    setPhotoProblem(read.problem ? shared(read.problem) : null);
    if (!read.problem) {
      setChosen((now) => [...now, ...read.photos.map((photo) => ({ key: nextKey(), photo }))]);
    }
  };

  const onValid = async (input: ConsignmentInput) => {
    setAnswer(null);
    try {
      const { message } = await callForMessage('sellYourWine', { ...input, photos });
      reset(empty);
      setChosen([]);
      setAnswer({ ok: true, message: messageOr(message, shared('enquiries.consignmentSent')) });
    } catch (error) {
      if (!showServerFieldErrors<ConsignmentValues>(error, fields, setError))
        setAnswer({ ok: false, message: errorMessage(error) });
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onValid)}
      noValidate
      aria-labelledby="consignment-title"
      className={classes.form}
    >
      <Stack gap="md">
        <div>
          <h2 id="consignment-title" className={classes.title}>
            {t('ui.enquiries.selling.formTitle')}
          </h2>
          <Text size="sm" c="dimmed">
            {t('ui.enquiries.selling.formIntro')}
          </Text>
        </div>
        <TextArea
          label={t('ui.enquiries.selling.wines')}
          description={t('ui.enquiries.selling.winesHint')}
          required
          maxLength={3000}
          error={errors.wines?.message}
          {...register('wines')}
        />
        <TextInput
          label={t('ui.enquiries.selling.bottles')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          className={classes.bottles}
          error={errors.bottles?.message}
          {...register('bottles')}
        />
        <Controller
          control={control}
          name="storage"
          render={({ field }) => (
            <Radio.Group
              label={t('ui.enquiries.selling.storage')}
              required
              value={field.value}
              onChange={field.onChange}
              error={errors.storage?.message}
            >
              <Group gap="lg" mt={6}>
                <Radio value="professional" label={t('ui.enquiries.selling.professional')} />
                <Radio value="home" label={t('ui.enquiries.selling.home')} />
                <Radio value="other" label={t('ui.enquiries.selling.other')} />
              </Group>
            </Radio.Group>
          )}
        />
        {watch('storage') === 'other' ? (
          <TextInput
            label={t('ui.enquiries.selling.otherPlace')}
            required
            maxLength={200}
            error={errors.storage_other?.message}
            {...register('storage_other')}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label={t('ui.enquiries.selling.name')}
            autoComplete="name"
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label={t('ui.enquiries.selling.email')}
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label={t('ui.enquiries.selling.phone')}
            type="tel"
            autoComplete="tel"
            required
            error={errors.phone?.message}
            {...register('phone')}
          />
        </SimpleGrid>
        <Input.Wrapper
          label={t('ui.enquiries.selling.photos')}
          description={t('ui.enquiries.selling.photosHint')}
          error={photoProblem}
          id={photosId}
        >
          <input
            id={photosId}
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            className={classes.file}
            onChange={onFiles}
            disabled={photos.length >= 3}
          />
        </Input.Wrapper>
        {photos.length > 0 ? (
          <ul className={classes.photos}>
            {chosen.map(({ key, photo: p }) => (
              <li key={key}>
                <Text size="sm" truncate>
                  {p.name}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t('ui.enquiries.selling.removePhoto', { name: p.name })}
                  onClick={() => setChosen((now) => now.filter((c) => c.key !== key))}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {answer ? (
          <Alert color={answer.ok ? 'green' : 'red'} role={answer.ok ? 'status' : 'alert'}>
            {answer.message}
          </Alert>
        ) : null}
        <Button type="submit" loading={isSubmitting} className={classes.send}>
          {t('ui.enquiries.selling.send')}
        </Button>
      </Stack>
    </form>
  );
}
