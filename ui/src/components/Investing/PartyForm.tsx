import { Button, Grid, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type InvestorDetails, UpdateIndividualInput, usStateCodes, usStates } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, errorMessage } from '../../api/client.ts';
import { t as translate } from '../../i18n/index.ts';
import { blankToUndefined, contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { useInvestorAnswer, withFieldWords } from './investing-forms.ts';
import { type Domicile, domicileLabel } from './investing-labels.ts';

type Change = z.output<typeof UpdateIndividualInput>;

/** The correction as the form holds it: every field a string, '' for "keep it as it is". */
interface ChangeValues {
  owner: string;
  first_name: string;
  last_name: string;
  email: string;
  dob: string;
  domicile: Domicile | '';
  address1: string;
  city: string;
  state: string;
  zip: string;
  ssn: string;
}
const fields = [
  'first_name',
  'last_name',
  'email',
  'dob',
  'domicile',
  'address1',
  'city',
  'state',
  'zip',
  'ssn',
] as const satisfies readonly (keyof ChangeValues)[];

const empty: ChangeValues = {
  owner: '0',
  first_name: '',
  last_name: '',
  email: '',
  dob: '',
  domicile: '',
  address1: '',
  city: '',
  state: '',
  zip: '',
  ssn: '',
};

/** Only what was typed is sent: an empty field keeps what the service has. */
export function changeOf(values: ChangeValues): Record<string, unknown> {
  const change: Record<string, unknown> = {};
  const owner = Number(values.owner);
  if (owner > 0) change.owner = owner;
  for (const field of fields) {
    const value = blankToUndefined(values[field]);
    if (value !== undefined) change[field] = value;
  }
  return change;
}

const keep = () => ({ value: '', label: translate('ui.investing.keepAsIs') });
const domicileChoices = () => [
  keep(),
  ...Object.entries(domicileLabel).map(([value, label]) => ({ value, label: translate(label) })),
];
const stateChoices = () => [
  keep(),
  ...usStateCodes.map((code) => ({ value: code, label: usStates[code].name })),
];

/**
 * "Correct my details" (updateIndividual): an owner's name, e-mail, date of birth, domicile, address or
 * SSN as North Capital has them, only the fields typed; an address whole. North Capital checks the
 * identity again on the corrected details, so the owner's badge may change with the answer.
 */
export function PartyCorrection({ details }: { details: InvestorDetails }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setOpen((was) => !was)}
          aria-expanded={open}
          aria-controls={formId}
          data-testid="investor-correct"
        >
          {open ? t('ui.investing.correctClose') : t('ui.investing.correct')}
        </Button>
      </Group>
      {open ? <PartyForm id={formId} details={details} onDone={() => setOpen(false)} /> : null}
    </Stack>
  );
}

function PartyForm({ id, details, onDone }: { id: string; details: InvestorDetails; onDone: () => void }) {
  const { t } = useTranslation();
  const answered = useInvestorAnswer();
  const pushAlert = useSetAtom(pushAlertAtom);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeValues, unknown, Change>({
    defaultValues: empty,
    resolver: withFieldWords(contractResolver(UpdateIndividualInput, changeOf)),
  });
  const onValid = async (input: Change) => {
    try {
      answered(await callForMessage('updateIndividual', input), t('investing.partyUpdated'));
      onDone();
    } catch (error) {
      if (!showServerFieldErrors<ChangeValues>(error, fields, setError))
        pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };
  const owners = details.owners.map((owner, i) => ({ value: String(i), label: owner.name }));
  return (
    <form id={id} onSubmit={handleSubmit(onValid)} noValidate aria-label={t('ui.investing.correctTitle')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('ui.investing.correctIntro')}
        </Text>
        <Grid gap="sm">
          {owners.length > 1 ? (
            <Grid.Col span={12}>
              <NativeSelect label={t('ui.investing.correctWho')} data={owners} {...register('owner')} />
            </Grid.Col>
          ) : null}
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('ui.common.firstName')}
              autoComplete="off"
              error={errors.first_name?.message}
              {...register('first_name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('ui.common.lastName')}
              autoComplete="off"
              error={errors.last_name?.message}
              {...register('last_name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('ui.common.email')}
              type="email"
              autoComplete="off"
              error={errors.email?.message}
              {...register('email')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('ui.investing.dob')}
              type="date"
              autoComplete="off"
              error={errors.dob?.message}
              {...register('dob')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <NativeSelect
              label={t('ui.investing.domicile')}
              data={domicileChoices()}
              error={errors.domicile?.message}
              {...register('domicile')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label={t('ui.investing.ssn')}
              description={t('ui.investing.ssnNote')}
              placeholder="123-45-6789"
              autoComplete="off"
              inputMode="numeric"
              maxLength={11}
              error={errors.ssn?.message}
              {...register('ssn')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label={t('ui.investing.street')}
              autoComplete="off"
              error={errors.address1?.message}
              {...register('address1')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              label={t('ui.common.city')}
              autoComplete="off"
              error={errors.city?.message}
              {...register('city')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 7, sm: 4 }}>
            <NativeSelect
              label={t('ui.common.state')}
              data={stateChoices()}
              error={errors.state?.message}
              {...register('state')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 5, sm: 3 }}>
            <TextInput
              label={t('ui.common.zip')}
              autoComplete="off"
              inputMode="numeric"
              maxLength={10}
              error={errors.zip?.message}
              {...register('zip')}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} data-testid="investor-correct-send">
            {t('ui.investing.correctSend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
