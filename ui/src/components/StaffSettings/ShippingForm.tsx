import {
  Button,
  Checkbox,
  Chip,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  ChangeShippingInput,
  ShipMethods,
  type ShippingRates,
  usStateCodes,
  usStates,
} from '@wine/contracts';
import { useState } from 'react';
import { type Control, Controller, type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { contractResolver } from '../../lib/forms.ts';
import { shipMethodLabels } from '../Shipping/ShippingMethod.tsx';
import { NumberField, SettingsCard, useSectionSubmit } from './SettingsCard.tsx';
import { useSaveSection } from './StaffSettings.tsx';
import {
  type ShippingFormValues,
  type StateRowValues,
  shippingFormValues,
  shippingInput,
} from './settings-form.ts';

const fields: FieldPath<ShippingFormValues>[] = [
  'methods',
  'minimum',
  'freeThreshold',
  'notAllowed',
  'hold.minDays',
  'hold.maxDays',
];
const stateOptions = usStateCodes.map((code) => ({ value: code, label: `${code} — ${usStates[code].name}` }));
const months = Array.from({ length: 12 }, (_, i) => String(i + 1));
/** A month's short name in the screen's language (from a day in it). */
const monthName = (month: string, language: string) =>
  new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, Number(month) - 1, 15)),
  );

type FormControl = Control<ShippingFormValues, unknown, ShippingRates>;

/** An amount in dollars of the shipping form. */
const dollarField = (
  control: FormControl,
  name: FieldPath<ShippingFormValues>,
  label: string,
  extra: object = {},
) => (
  <NumberField
    control={control}
    name={name}
    label={label}
    min={0}
    max={100_000}
    decimalScale={2}
    prefix="$"
    {...extra}
  />
);

const money = (value: number | string) => (value === '' ? '—' : formatMoney(Math.round(Number(value) * 100)));
const emptyRow: StateRowValues = { state: '', firstBottle: '', perBottle: '', taxable: 'standard' };

/**
 * The states with a rate of their own: a table, and one small editor that adds a state or changes the
 * row chosen with Edit (a form of fifty states' inputs would be long to read and slow to draw).
 */
function StateRows({ control }: { control: FormControl }) {
  const { t } = useTranslation();
  const rows = useFieldArray({ control, name: 'states' });
  const values = useWatch({ control, name: 'states' });
  const [editing, setEditing] = useState<StateRowValues>(emptyRow);
  const taxableLabel = {
    standard: t('ui.houseSettings.shipping.asStandard'),
    yes: t('ui.houseSettings.shipping.yes'),
    no: t('ui.houseSettings.shipping.no'),
  };
  const place = values.findIndex((row) => row.state === editing.state);
  const setRow = () => {
    if (!editing.state) return;
    if (place >= 0) rows.update(place, editing);
    else rows.append(editing);
    setEditing(emptyRow);
  };
  return (
    <Stack gap="xs">
      {values.length > 0 ? (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="state-rates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ui.houseSettings.shipping.state')}</Table.Th>
                <Table.Th>{t('ui.houseSettings.shipping.firstBottle')}</Table.Th>
                <Table.Th>{t('ui.houseSettings.shipping.perBottle')}</Table.Th>
                <Table.Th>{t('ui.houseSettings.shipping.taxable')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('ui.houseSettings.shipping.rowActions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.fields.map((field, index) => {
                const row = values[index] ?? emptyRow;
                return (
                  <Table.Tr key={field.id}>
                    <Table.Td>{row.state}</Table.Td>
                    <Table.Td>{money(row.firstBottle)}</Table.Td>
                    <Table.Td>{money(row.perBottle)}</Table.Td>
                    <Table.Td>{taxableLabel[row.taxable]}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button size="compact-xs" variant="subtle" onClick={() => setEditing(row)}>
                          {t('ui.houseSettings.shipping.editState', { state: row.state })}
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => rows.remove(index)}
                        >
                          {t('ui.houseSettings.shipping.removeState', { state: row.state })}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Group align="flex-end" gap="xs" data-testid="state-rate-editor">
        <Select
          label={t('ui.houseSettings.shipping.state')}
          data={stateOptions}
          value={editing.state || null}
          onChange={(state) => {
            const known = values.find((row) => row.state === state);
            setEditing(known ?? { ...emptyRow, state: state ?? '' });
          }}
          searchable
          w={200}
        />
        <NumberInput
          label={t('ui.houseSettings.shipping.firstBottle')}
          value={editing.firstBottle}
          onChange={(firstBottle) => setEditing({ ...editing, firstBottle })}
          min={0}
          max={100_000}
          decimalScale={2}
          prefix="$"
          w={120}
        />
        <NumberInput
          label={t('ui.houseSettings.shipping.perBottle')}
          value={editing.perBottle}
          onChange={(perBottle) => setEditing({ ...editing, perBottle })}
          min={0}
          max={100_000}
          decimalScale={2}
          prefix="$"
          w={120}
        />
        <Select
          label={t('ui.houseSettings.shipping.taxable')}
          data={Object.entries(taxableLabel).map(([value, label]) => ({ value, label }))}
          value={editing.taxable}
          onChange={(taxable) =>
            setEditing({ ...editing, taxable: (taxable ?? 'standard') as StateRowValues['taxable'] })
          }
          allowDeselect={false}
          w={150}
        />
        <Button variant="light" onClick={setRow} disabled={!editing.state}>
          {place >= 0 ? t('ui.houseSettings.shipping.updateState') : t('ui.houseSettings.shipping.addState')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The shipping rate table and the methods offered (issue 31's table, issue 34 "Settings"): the
 * standard rate and the states that differ from it, the states wine may not go to, the minimum, free
 * shipping, each method's surcharge and the seasonal hold's months and window. Saved whole; the next
 * checkout prices with it.
 */
export function ShippingForm({ shipping }: { shipping: ShippingRates }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSection();
  const form = useForm<ShippingFormValues, unknown, ShippingRates>({
    defaultValues: shippingFormValues(shipping),
    resolver: contractResolver(ChangeShippingInput, shippingInput),
  });
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = form;
  const { failure, run } = useSectionSubmit<ShippingFormValues>(fields, form.setError);
  const dollars = (name: FieldPath<ShippingFormValues>, label: string, extra: object = {}) =>
    dollarField(control, name, label, extra);
  const heading = (title: string, hint?: string) => (
    <div>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </div>
  );
  return (
    <SettingsCard
      testId="settings-shipping"
      title={t('ui.houseSettings.shipping.title')}
      hint={t('ui.houseSettings.shipping.hint')}
      failure={failure}
      saving={isSubmitting}
      onSubmit={handleSubmit((input) => run(() => save('changeShippingSettings', input)))}
    >
      <Controller
        control={control}
        name="methods"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            label={t('ui.houseSettings.shipping.methods')}
            description={t('ui.houseSettings.shipping.methodsHint')}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          >
            <Group mt="xs">
              {ShipMethods.map((m) => (
                <Checkbox
                  key={m}
                  value={m}
                  label={t(shipMethodLabels[m])}
                  disabled={m === 'ground'}
                  data-testid={`offer-${m}`}
                />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
      {heading(t('ui.houseSettings.shipping.standard'), t('ui.houseSettings.shipping.standardHint'))}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {dollars('standard.firstBottle', t('ui.houseSettings.shipping.firstBottle'))}
        {dollars('standard.perBottle', t('ui.houseSettings.shipping.perBottle'))}
        <Controller
          control={control}
          name="standard.taxable"
          render={({ field }) => (
            <Checkbox
              mt={{ sm: 30 }}
              label={t('ui.houseSettings.shipping.taxable')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        {dollars('minimum', t('ui.houseSettings.shipping.minimum'))}
        {dollars('freeThreshold', t('ui.houseSettings.shipping.freeThreshold'), {
          required: false,
          description: t('ui.houseSettings.shipping.freeThresholdHint'),
        })}
      </SimpleGrid>
      {heading(t('ui.houseSettings.shipping.surcharge'), t('ui.houseSettings.shipping.surchargeHint'))}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {ShipMethods.map((m) => (
          <div key={m}>{dollars(`surcharge.${m}`, t(shipMethodLabels[m]))}</div>
        ))}
      </SimpleGrid>
      {heading(t('ui.houseSettings.shipping.states'), t('ui.houseSettings.shipping.statesHint'))}
      <StateRows control={control} />
      <Controller
        control={control}
        name="notAllowed"
        render={({ field, fieldState }) => (
          <MultiSelect
            label={t('ui.houseSettings.shipping.notAllowed')}
            description={t('ui.houseSettings.shipping.notAllowedHint')}
            data={stateOptions}
            value={field.value}
            onChange={field.onChange}
            searchable
            error={fieldState.error?.message}
            data-testid="not-allowed"
          />
        )}
      />
      {heading(t('ui.houseSettings.shipping.hold'), t('ui.houseSettings.shipping.holdHint'))}
      <Controller
        control={control}
        name="hold.months"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm">{t('ui.houseSettings.shipping.holdMonths')}</Text>
            <Chip.Group multiple value={field.value} onChange={field.onChange}>
              <Group gap={6}>
                {months.map((m) => (
                  <Chip key={m} value={m} size="xs">
                    {monthName(m, i18n.language)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField
          control={control}
          name="hold.minDays"
          label={t('ui.houseSettings.shipping.holdMinDays')}
          min={1}
          max={365}
          allowDecimal={false}
        />
        <NumberField
          control={control}
          name="hold.maxDays"
          label={t('ui.houseSettings.shipping.holdMaxDays')}
          min={1}
          max={366}
          allowDecimal={false}
        />
      </SimpleGrid>
    </SettingsCard>
  );
}
