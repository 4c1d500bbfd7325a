import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { ChangeBiddingInput, type StaffSettings } from '@wine/contracts';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../lib/forms.ts';
import { NumberField, SettingsCard, useSectionSubmit } from './SettingsCard.tsx';
import { useSaveSection } from './StaffSettings.tsx';
import {
  type BiddingFormValues,
  biddingFormValues,
  biddingInput,
  withRowAdded,
  withRowRemoved,
} from './settings-form.ts';

const fields: FieldPath<BiddingFormValues>[] = [
  'soft_close_window_minutes',
  'soft_close_extend_minutes',
  'buyer_premium',
];

/** Proxy or hard bidding, the soft close, the buyer's premium and the increment table. */
export function BiddingForm({ bidding }: { bidding: StaffSettings['bidding'] }) {
  const { t } = useTranslation();
  const save = useSaveSection();
  const form = useForm<BiddingFormValues, unknown, ChangeBiddingInput>({
    defaultValues: biddingFormValues(bidding),
    resolver: contractResolver(ChangeBiddingInput, biddingInput),
  });
  const {
    control,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const rows = watch('bid_increments');
  // A row is its place in the table: adding and removing rows keeps the others' places.
  const rowKeys = rows.map((_, place) => `row-${place + 1}`);
  const { failure, run } = useSectionSubmit<BiddingFormValues>(fields, form.setError);
  const number = (name: FieldPath<BiddingFormValues>, label: string, extra: object = {}) => (
    <NumberField control={control} name={name} label={label} {...extra} />
  );
  const rowError = (index: number) => {
    const error = errors.bid_increments?.[index];
    return (
      error?.message ?? error?.from_amount?.message ?? error?.to_amount?.message ?? error?.increment?.message
    );
  };
  return (
    <SettingsCard
      testId="settings-bidding"
      title={t('ui.houseSettings.bidding.title')}
      failure={failure}
      saving={isSubmitting}
      onSubmit={handleSubmit((input) => run(() => save('changeBiddingSettings', input)))}
    >
      <Controller
        control={control}
        name="proxy_bidding_settings"
        render={({ field }) => (
          <Switch
            label={t('ui.houseSettings.bidding.proxy')}
            description={t('ui.houseSettings.bidding.proxyHint')}
            checked={field.value === 1}
            onChange={(event) => field.onChange(event.currentTarget.checked ? 1 : 0)}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {number('soft_close_window_minutes', t('ui.houseSettings.bidding.softCloseWindow'), {
          description: t('ui.houseSettings.bidding.softCloseWindowHint'),
          min: 1,
          max: 60,
          allowDecimal: false,
        })}
        {number('soft_close_extend_minutes', t('ui.houseSettings.bidding.softCloseExtend'), {
          description: t('ui.houseSettings.bidding.softCloseExtendHint'),
          min: 1,
          max: 60,
          allowDecimal: false,
        })}
        {number('buyer_premium', t('ui.houseSettings.bidding.premium'), {
          description: t('ui.houseSettings.bidding.premiumHint'),
          min: 0,
          max: 50,
          decimalScale: 2,
          suffix: '%',
        })}
      </SimpleGrid>
      <div>
        <Text size="sm" fw={500}>
          {t('ui.houseSettings.bidding.increments')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('ui.houseSettings.bidding.incrementsHint')}
        </Text>
      </div>
      <Stack gap="xs" data-testid="increment-table">
        {rows.map((row, index) => {
          const n = index + 1;
          const error = rowError(index);
          return (
            <Paper
              key={rowKeys[index]}
              withBorder
              p="xs"
              role="group"
              aria-label={t('ui.houseSettings.bidding.row', { n })}
            >
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing={4}>
                <NumberInput
                  size="xs"
                  label={t('ui.houseSettings.bidding.from')}
                  value={row.from_amount}
                  onChange={(v) => setValue(`bid_increments.${index}.from_amount`, v)}
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  error={Boolean(error)}
                />
                <NumberInput
                  size="xs"
                  label={t('ui.houseSettings.bidding.to')}
                  placeholder={t('ui.houseSettings.bidding.andUp')}
                  value={row.to_amount}
                  onChange={(v) => setValue(`bid_increments.${index}.to_amount`, v)}
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  error={Boolean(error)}
                />
                <Select
                  size="xs"
                  label={t('ui.houseSettings.bidding.kind')}
                  data={[
                    { value: 'fixed', label: t('ui.houseSettings.bidding.fixed') },
                    { value: 'percentage', label: t('ui.houseSettings.bidding.percentage') },
                  ]}
                  value={row.value_type}
                  allowDeselect={false}
                  onChange={(v) =>
                    setValue(
                      `bid_increments.${index}.value_type`,
                      v === 'percentage' ? 'percentage' : 'fixed',
                    )
                  }
                />
                <Group gap={4} align="flex-end" wrap="nowrap">
                  <NumberInput
                    size="xs"
                    style={{ flex: 1 }}
                    label={t('ui.houseSettings.bidding.increment')}
                    value={row.increment}
                    onChange={(v) => setValue(`bid_increments.${index}.increment`, v)}
                    min={0}
                    decimalScale={2}
                    thousandSeparator=","
                    error={Boolean(error)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={2}
                    disabled={rows.length === 1}
                    aria-label={t('ui.houseSettings.bidding.removeRow', { n })}
                    onClick={() => setValue('bid_increments', withRowRemoved(rows, index))}
                  >
                    ×
                  </ActionIcon>
                </Group>
              </SimpleGrid>
              {error ? (
                <Text size="xs" c="red" mt={4} role="alert">
                  {error}
                </Text>
              ) : null}
            </Paper>
          );
        })}
      </Stack>
      <Group>
        <Button
          variant="subtle"
          disabled={rows.length >= 50}
          onClick={() => setValue('bid_increments', withRowAdded(rows))}
        >
          {t('ui.houseSettings.bidding.addRow')}
        </Button>
      </Group>
    </SettingsCard>
  );
}
