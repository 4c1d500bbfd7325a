import { ActionIcon, Alert, Button, Group, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { ChangeBankInput, ChangeMerchantInput, type StaffSettings } from '@wine/contracts';
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
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
  'hours',
];

/** The shop's name, address, map link, phone, fax, inboxes, hours and social links. */
export function ShopForm({ merchant }: { merchant: StaffSettings['merchant'] }) {
  const { t } = useTranslation();
  const save = useSaveSection();
  const form = useForm<ChangeMerchantInput>({
    defaultValues: merchant,
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
      {text('hours', t('ui.houseSettings.shop.hours'), { maxLength: 100 })}
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
