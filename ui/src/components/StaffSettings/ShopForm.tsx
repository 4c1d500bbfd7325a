import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  Group,
  Input,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  ChangeBankInput,
  ChangeMerchantInput,
  hhmm,
  type StaffSettings,
  weekdayName,
  weekFromMonday,
} from '@wine/contracts';
import { type Control, Controller, type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { localeOf } from '../../lib/opening-hours.ts';
import { TextArea } from '../FormFields/TextArea.tsx';
import { SettingsCard, useSectionSubmit } from './SettingsCard.tsx';
import { useSaveSection } from './StaffSettings.tsx';

const merchantFields: FieldPath<ChangeMerchantInput>[] = [
  'name',
  'address.street',
  'address.city',
  'address.state',
  'address.zip',
  'mapUrl',
  'phone',
  'fax',
  'emailGeneral',
  'emailSelling',
  'openingHours.days',
  'openingHours.opensAt',
  'openingHours.closesAt',
];

/** The shop's name, address, map link, phone, fax, inboxes, hours and social links. */
export function ShopForm({ merchant }: { merchant: StaffSettings['merchant'] }) {
  const { t } = useTranslation();
  const save = useSaveSection();
  // The English `hours` is written from the days and times: the form edits those.
  const { hours: _shown, ...editable } = merchant;
  const form = useForm<ChangeMerchantInput>({
    defaultValues: editable,
    resolver: contractResolver(ChangeMerchantInput, (v: ChangeMerchantInput) => v),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const social = useFieldArray({ control, name: 'social' });
  const { failure, run } = useSectionSubmit<ChangeMerchantInput>(merchantFields, form.setError);
  const text = (name: FieldPath<ChangeMerchantInput>, label: string, extra: object = {}) => {
    const [head, tail] = name.split('.') as [keyof ChangeMerchantInput, string | undefined];
    const error = tail
      ? (errors[head] as Record<string, { message?: string }> | undefined)?.[tail]?.message
      : (errors[head] as { message?: string } | undefined)?.message;
    return <TextInput label={label} required {...register(name)} error={error} {...extra} />;
  };
  return (
    <SettingsCard
      testId="settings-shop"
      title={t('ui.houseSettings.shop.title')}
      hint={t('ui.houseSettings.shop.hint')}
      failure={failure}
      saving={isSubmitting}
      onSubmit={handleSubmit((input) => run(() => save('changeMerchantDetails', input)))}
    >
      {text('name', t('ui.houseSettings.shop.name'), { maxLength: 100 })}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('address.street', t('ui.houseSettings.shop.street'), { maxLength: 200 })}
        {text('address.city', t('ui.houseSettings.shop.city'), { maxLength: 100 })}
        {text('address.state', t('ui.houseSettings.shop.state'), { maxLength: 50 })}
        {text('address.zip', t('ui.houseSettings.shop.zip'), { maxLength: 20 })}
      </SimpleGrid>
      {text('mapUrl', t('ui.houseSettings.shop.mapUrl'), {
        type: 'url',
        description: t('ui.houseSettings.shop.mapUrlHint'),
      })}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('phone', t('ui.houseSettings.shop.phone'), {
          type: 'tel',
          description: t('ui.houseSettings.shop.phoneHint'),
        })}
        {text('fax', t('ui.houseSettings.shop.fax'), { maxLength: 40 })}
        {text('emailGeneral', t('ui.houseSettings.shop.emailGeneral'), {
          type: 'email',
          description: t('ui.houseSettings.shop.emailGeneralHint'),
        })}
        {text('emailSelling', t('ui.houseSettings.shop.emailSelling'), {
          type: 'email',
          description: t('ui.houseSettings.shop.emailSellingHint'),
        })}
      </SimpleGrid>
      <OpeningHoursField control={control} />
      <Text size="sm" fw={500}>
        {t('ui.houseSettings.shop.social')}
      </Text>
      {social.fields.map((field, index) => (
        <Group key={field.id} align="flex-start" wrap="nowrap">
          <TextInput
            label={t('ui.houseSettings.shop.socialLabel')}
            maxLength={40}
            {...register(`social.${index}.label`)}
            error={errors.social?.[index]?.label?.message}
            w={140}
          />
          <TextInput
            label={t('ui.houseSettings.shop.socialUrl')}
            type="url"
            {...register(`social.${index}.url`)}
            error={errors.social?.[index]?.url?.message}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            disabled={social.fields.length === 1}
            aria-label={t('ui.houseSettings.shop.removeSocial', { n: index + 1 })}
            onClick={() => social.remove(index)}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {social.fields.length < 6 ? (
        <Button
          variant="subtle"
          w="fit-content"
          onClick={() => social.append({ label: '', url: 'https://' })}
        >
          {t('ui.houseSettings.shop.addSocial')}
        </Button>
      ) : null}
    </SettingsCard>
  );
}

/** A time input's `09:30` as minutes after midnight (`hhmm` reads them back). */
const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** The shop's days open and its hours on them (pickup is booked within them; pages show them translated). */
function OpeningHoursField({ control }: { control: Control<ChangeMerchantInput> }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const time = (name: 'opensAt' | 'closesAt', label: string) => (
    <Controller
      control={control}
      name={`openingHours.${name}`}
      render={({ field, fieldState }) => (
        <TextInput
          type="time"
          required
          label={label}
          value={hhmm(field.value)}
          onChange={(e) => field.onChange(minutesOf(e.currentTarget.value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          data-testid={`opening-${name}`}
        />
      )}
    />
  );
  return (
    <Stack gap={6}>
      <Controller
        control={control}
        name="openingHours.days"
        render={({ field, fieldState }) => (
          <Input.Wrapper
            label={t('ui.houseSettings.shop.hours')}
            description={t('ui.houseSettings.shop.hoursHint')}
            error={fieldState.error?.message}
          >
            <Chip.Group
              multiple
              value={field.value.map(String)}
              onChange={(days) => field.onChange(days.map(Number).sort((a, b) => a - b))}
            >
              <Group gap={6} mt={6} role="group" aria-label={t('ui.houseSettings.shop.hoursDays')}>
                {weekFromMonday.map((day) => (
                  <Chip key={day} value={String(day)} size="xs" data-testid={`opening-day-${day}`}>
                    {weekdayName(day, locale, 'short')}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
        )}
      />
      <SimpleGrid cols={2} maw={420}>
        {time('opensAt', t('ui.houseSettings.shop.opensAt'))}
        {time('closesAt', t('ui.houseSettings.shop.closesAt'))}
      </SimpleGrid>
    </Stack>
  );
}

type BankValues = NonNullable<StaffSettings['bank']>;
const emptyBank: BankValues = {
  bankName: '',
  accountName: '',
  routingNumber: '',
  accountNumber: '',
  swift: '',
  note: '',
};
const bankFields = Object.keys(emptyBank).map((k) => `bank.${k}`) as FieldPath<BankForm>[];
type BankForm = { offer: boolean; bank: BankValues };

/** The bank a transfer is paid into, or transfers not offered. */
export function BankForm({ bank, demo }: { bank: StaffSettings['bank']; demo: boolean }) {
  const { t } = useTranslation();
  const save = useSaveSection();
  const form = useForm<BankForm, unknown, ChangeBankInput>({
    defaultValues: { offer: bank !== null && !demo, bank: bank && !demo ? bank : emptyBank },
    resolver: contractResolver(ChangeBankInput, (v: BankForm) => ({ bank: v.offer ? v.bank : null })),
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const offer = watch('offer');
  const { failure, run } = useSectionSubmit<BankForm>(bankFields, form.setError);
  const field = (name: keyof BankValues, label: string, extra: object = {}) => (
    <TextInput
      label={label}
      required
      {...register(`bank.${name}`)}
      error={errors.bank?.[name]?.message}
      {...extra}
    />
  );
  return (
    <SettingsCard
      testId="settings-bank"
      title={t('ui.houseSettings.bank.title')}
      hint={t('ui.houseSettings.bank.hint')}
      failure={failure}
      saving={isSubmitting}
      onSubmit={handleSubmit((input) => run(() => save('changeBankDetails', input)))}
    >
      {demo ? (
        <Alert color="yellow" data-testid="bank-demo">
          {t('ui.houseSettings.bank.demo')}
        </Alert>
      ) : null}
      <Switch label={t('ui.houseSettings.bank.offer')} {...register('offer')} />
      {offer ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field('bankName', t('ui.houseSettings.bank.bankName'), { maxLength: 100 })}
            {field('accountName', t('ui.houseSettings.bank.accountName'), { maxLength: 100 })}
            {field('routingNumber', t('ui.houseSettings.bank.routingNumber'), {
              inputMode: 'numeric',
              maxLength: 9,
            })}
            {field('accountNumber', t('ui.houseSettings.bank.accountNumber'), { maxLength: 34 })}
            {field('swift', t('ui.houseSettings.bank.swift'), { maxLength: 11 })}
          </SimpleGrid>
          <TextArea
            label={t('ui.houseSettings.bank.note')}
            maxLength={500}
            {...register('bank.note')}
            error={errors.bank?.note?.message}
          />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('ui.houseSettings.bank.off')}
        </Text>
      )}
    </SettingsCard>
  );
}
