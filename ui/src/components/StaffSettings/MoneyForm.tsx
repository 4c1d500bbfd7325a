import { ActionIcon, Button, Group, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { ChangeMoneyInput, type StaffSettings } from '@wine/contracts';
import { Controller, type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { NumberField, SettingsCard, useSectionSubmit } from './SettingsCard.tsx';
import { useSaveSection } from './StaffSettings.tsx';

type MoneyValues = {
  reservationMinutes: number | string;
  paymentDueDays: number | string;
  returnDays: number | string;
  appointmentSlotCapacity: number | string;
  taxRates: { place: string; percent: number | string }[];
};

const number = (value: number | string) => (value === '' ? Number.NaN : Number(value));
const moneyInput = (v: MoneyValues): ChangeMoneyInput => ({
  reservationMinutes: number(v.reservationMinutes),
  paymentDueDays: number(v.paymentDueDays),
  returnDays: number(v.returnDays),
  appointmentSlotCapacity: number(v.appointmentSlotCapacity),
  taxRates: v.taxRates.map((row) => ({ place: row.place.trim(), percent: number(row.percent) })),
});
const fields: FieldPath<MoneyValues>[] = [
  'reservationMinutes',
  'paymentDueDays',
  'returnDays',
  'appointmentSlotCapacity',
];

/** Holds, payment terms, returns, pickup slots and the tax rates. */
export function MoneyForm({ money }: { money: StaffSettings['money'] }) {
  const { t } = useTranslation();
  const save = useSaveSection();
  const form = useForm<MoneyValues, unknown, ChangeMoneyInput>({
    defaultValues: money,
    resolver: contractResolver(ChangeMoneyInput, moneyInput),
  });
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const rates = useFieldArray({ control, name: 'taxRates' });
  const places = watch('taxRates');
  const { failure, run } = useSectionSubmit<MoneyValues>(fields, form.setError);
  const whole = (name: FieldPath<MoneyValues>, label: string, max: number, hint?: string) => (
    <NumberField
      control={control}
      name={name}
      label={label}
      description={hint}
      min={0}
      max={max}
      allowDecimal={false}
    />
  );
  return (
    <SettingsCard
      testId="settings-money"
      title={t('ui.houseSettings.money.title')}
      failure={failure}
      saving={isSubmitting}
      onSubmit={handleSubmit((input) => run(() => save('changeMoneySettings', input)))}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {whole(
          'reservationMinutes',
          t('ui.houseSettings.money.reservationMinutes'),
          1440,
          t('ui.houseSettings.money.reservationMinutesHint'),
        )}
        {whole(
          'paymentDueDays',
          t('ui.houseSettings.money.paymentDueDays'),
          365,
          t('ui.houseSettings.money.paymentDueDaysHint'),
        )}
        {whole(
          'returnDays',
          t('ui.houseSettings.money.returnDays'),
          365,
          t('ui.houseSettings.money.returnDaysHint'),
        )}
        {whole('appointmentSlotCapacity', t('ui.houseSettings.money.slotCapacity'), 100)}
      </SimpleGrid>
      <div>
        <Text size="sm" fw={500}>
          {t('ui.houseSettings.money.taxRates')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('ui.houseSettings.money.taxRatesHint')}
        </Text>
      </div>
      {rates.fields.map((field, index) => (
        <Group key={field.id} align="flex-start" wrap="nowrap" data-testid="tax-rate">
          <TextInput
            label={t('ui.houseSettings.money.place')}
            maxLength={64}
            {...register(`taxRates.${index}.place`)}
            error={errors.taxRates?.[index]?.place?.message}
            style={{ flex: 1 }}
          />
          <Controller
            control={control}
            name={`taxRates.${index}.percent`}
            render={({ field: percent, fieldState }) => (
              <NumberInput
                label={t('ui.houseSettings.money.percent')}
                min={0}
                max={50}
                decimalScale={2}
                w={120}
                value={percent.value}
                onChange={percent.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            aria-label={t('ui.houseSettings.money.removeRate', { place: places[index]?.place ?? '' })}
            onClick={() => rates.remove(index)}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button variant="subtle" w="fit-content" onClick={() => rates.append({ place: '', percent: 0 })}>
        {t('ui.houseSettings.money.addRate')}
      </Button>
    </SettingsCard>
  );
}
