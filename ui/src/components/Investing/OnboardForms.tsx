import {
  Button,
  Card,
  Fieldset,
  Grid,
  Group,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  OnboardEntityInput,
  OnboardIndividualInput,
  type UserRecord,
  usStateCodes,
  usStates,
} from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { type UseFormRegisterReturn, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, errorMessage } from '../../api/client.ts';
import { t as translate } from '../../i18n/index.ts';
import { blankToUndefined, contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { useInvestorAnswer, withFieldWords } from './investing-forms.ts';
import { type Domicile, domicileLabel, type EntityType, entityTypeLabel } from './investing-labels.ts';

/** A person as the forms hold them: every field a string ('' for none yet). */
export interface PersonValues {
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
type AddressField = 'address1' | 'city' | 'state' | 'zip';

interface EntityValues {
  entity_name: string;
  entity_type: EntityType | '';
  email: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  owners: PersonValues[];
}

/** At most four owners (the contract's limit), at least one. */
export const MAX_OWNERS = 4;

const emptyPerson: PersonValues = {
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
/** The signed-in user's name and e-mail, already in their first form. */
const personOf = (user: UserRecord): PersonValues => ({
  ...emptyPerson,
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
});

/** A person's input: the SSN left empty is absent (never an empty string to the identity check). */
const toPerson = (person: PersonValues) => ({ ...person, ssn: blankToUndefined(person.ssn) });

const choose = () => ({ value: '', label: translate('ui.investing.chooseOne'), disabled: true });
const domicileChoices = () => [
  choose(),
  ...Object.entries(domicileLabel).map(([value, label]) => ({ value, label: translate(label) })),
];
const entityTypeChoices = () => [
  choose(),
  ...Object.entries(entityTypeLabel).map(([value, label]) => ({ value, label: translate(label) })),
];
const stateChoices = () => [
  { value: '', label: translate('ui.investing.chooseState'), disabled: true },
  ...usStateCodes.map((code) => ({ value: code, label: usStates[code].name })),
];

type Register<F extends string> = (field: F) => UseFormRegisterReturn;
type ErrorOf<F extends string> = (field: F) => string | undefined;

/** Street, city, state and ZIP; `section` keeps the browser's autofill of one address apart from another's. */
function AddressFields({
  field,
  errorOf,
  section,
}: {
  field: Register<AddressField>;
  errorOf: ErrorOf<AddressField>;
  section: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Grid.Col span={12}>
        <TextInput
          label={t('ui.investing.street')}
          autoComplete={`section-${section} address-line1`}
          required
          error={errorOf('address1')}
          {...field('address1')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <TextInput
          label={t('ui.common.city')}
          autoComplete={`section-${section} address-level2`}
          required
          error={errorOf('city')}
          {...field('city')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 7, sm: 4 }}>
        <NativeSelect
          label={t('ui.common.state')}
          autoComplete={`section-${section} address-level1`}
          required
          data={stateChoices()}
          error={errorOf('state')}
          {...field('state')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 5, sm: 3 }}>
        <TextInput
          label={t('ui.common.zip')}
          autoComplete={`section-${section} postal-code`}
          inputMode="numeric"
          maxLength={10}
          required
          error={errorOf('zip')}
          {...field('zip')}
        />
      </Grid.Col>
    </>
  );
}

/** One person's fields: name, e-mail, date of birth, domicile, address and the optional SSN. */
function PersonFields({
  field,
  errorOf,
  section,
}: {
  field: Register<keyof PersonValues>;
  errorOf: ErrorOf<keyof PersonValues>;
  section: string;
}) {
  const { t } = useTranslation();
  return (
    <Grid gap="sm">
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('ui.common.firstName')}
          autoComplete={`section-${section} given-name`}
          required
          error={errorOf('first_name')}
          {...field('first_name')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('ui.common.lastName')}
          autoComplete={`section-${section} family-name`}
          required
          error={errorOf('last_name')}
          {...field('last_name')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('ui.common.email')}
          type="email"
          autoComplete={`section-${section} email`}
          required
          error={errorOf('email')}
          {...field('email')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <TextInput
          label={t('ui.investing.dob')}
          type="date"
          autoComplete={`section-${section} bday`}
          required
          error={errorOf('dob')}
          {...field('dob')}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6 }}>
        <NativeSelect
          label={t('ui.investing.domicile')}
          required
          data={domicileChoices()}
          error={errorOf('domicile')}
          {...field('domicile')}
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
          error={errorOf('ssn')}
          {...field('ssn')}
        />
      </Grid.Col>
      <AddressFields field={field} errorOf={errorOf} section={section} />
    </Grid>
  );
}

/** A refusal under the fields it names, else as a toast. */
function useRefusal() {
  const pushAlert = useSetAtom(pushAlertAtom);
  return (error: unknown, shownUnderFields: (error: unknown) => boolean) => {
    if (!shownUnderFields(error)) pushAlert({ msg: errorMessage(error), type: 'error' });
  };
}

const individualFields = Object.keys(emptyPerson) as (keyof PersonValues)[];

/** 'As an individual' (onBoardIndividual): the investor themselves. */
function IndividualForm({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const answered = useInvestorAnswer();
  const refused = useRefusal();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PersonValues, unknown, z.output<typeof OnboardIndividualInput>>({
    defaultValues: personOf(user),
    resolver: withFieldWords(contractResolver(OnboardIndividualInput, toPerson)),
  });
  const onValid = async (input: z.output<typeof OnboardIndividualInput>) => {
    try {
      answered(await callForMessage('onBoardIndividual', input), t('investing.onboardedIndividual'));
    } catch (error) {
      refused(error, (e) => showServerFieldErrors<PersonValues>(e, individualFields, setError));
    }
  };
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label={t('ui.investing.asIndividual')}>
      <Stack gap="md">
        <PersonFields
          field={(name) => register(name)}
          errorOf={(name) => errors[name]?.message}
          section="investor"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} data-testid="onboard-individual">
            {t('ui.investing.submitIndividual')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const entityFields = ['entity_name', 'entity_type', 'email', 'address1', 'city', 'state', 'zip'] as const;

/** 'As an entity' (onBoardEntity): a trust, partnership or company, and the people who own it. */
function EntityForm({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const answered = useInvestorAnswer();
  const refused = useRefusal();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EntityValues, unknown, z.output<typeof OnboardEntityInput>>({
    defaultValues: {
      entity_name: '',
      entity_type: '',
      email: user.email,
      address1: '',
      city: '',
      state: '',
      zip: '',
      owners: [personOf(user)],
    },
    resolver: withFieldWords(
      contractResolver(OnboardEntityInput, (values: EntityValues) => ({
        ...values,
        owners: values.owners.map(toPerson),
      })),
    ),
  });
  const owners = useFieldArray({ control, name: 'owners' });
  const onValid = async (input: z.output<typeof OnboardEntityInput>) => {
    try {
      answered(await callForMessage('onBoardEntity', input), t('investing.onboardedEntity'));
    } catch (error) {
      refused(error, (e) => showServerFieldErrors<EntityValues>(e, entityFields, setError));
    }
  };
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label={t('ui.investing.asEntity')}>
      <Stack gap="lg">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              label={t('ui.investing.entityName')}
              autoComplete="section-entity organization"
              required
              error={errors.entity_name?.message}
              {...register('entity_name')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <NativeSelect
              label={t('ui.investing.entityType')}
              required
              data={entityTypeChoices()}
              error={errors.entity_type?.message}
              {...register('entity_type')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput
              label={t('ui.investing.entityEmail')}
              type="email"
              autoComplete="section-entity email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
          </Grid.Col>
          <AddressFields
            field={(name) => register(name)}
            errorOf={(name) => errors[name]?.message}
            section="entity"
          />
        </Grid>
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('ui.investing.owners')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ui.investing.ownersIntro')}
          </Text>
          {owners.fields.map((owner, i) => (
            <Fieldset
              key={owner.id}
              legend={t('ui.investing.ownerNumber', { number: i + 1 })}
              data-testid="owner-fields"
            >
              <PersonFields
                field={(name) => register(`owners.${i}.${name}`)}
                errorOf={(name) => errors.owners?.[i]?.[name]?.message}
                section={`owner-${i + 1}`}
              />
              {owners.fields.length > 1 ? (
                <Group justify="flex-end" mt="sm">
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    onClick={() => owners.remove(i)}
                    aria-label={t('ui.investing.removeOwner', { number: i + 1 })}
                  >
                    {t('ui.common.remove')}
                  </Button>
                </Group>
              ) : null}
            </Fieldset>
          ))}
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Button
              variant="light"
              onClick={() => owners.append({ ...emptyPerson })}
              disabled={owners.fields.length >= MAX_OWNERS}
              data-testid="add-owner"
            >
              {t('ui.investing.addOwner')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('ui.investing.ownersCount', { owners: owners.fields.length, max: MAX_OWNERS })}
            </Text>
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} data-testid="onboard-entity">
            {t('ui.investing.submitEntity')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Not yet an investor: onboard as an individual or as an entity with its owners. North Capital checks
 * every person's identity (KYC); the answer is the investor's details, which the page shows next.
 */
export function Onboarding({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'individual' | 'entity'>('individual');
  return (
    <Card withBorder component="section" aria-labelledby="onboard-title" data-testid="investor-onboarding">
      <Stack gap="md">
        <Title order={2} fz={24} id="onboard-title">
          {t('ui.investing.onboardTitle')}
        </Title>
        <Text size="sm">{t('ui.investing.onboardIntro')}</Text>
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value === 'entity' ? 'entity' : 'individual')}
          data={[
            { value: 'individual', label: t('ui.investing.asIndividual') },
            { value: 'entity', label: t('ui.investing.asEntity') },
          ]}
          aria-label={t('ui.investing.onboardAs')}
          fullWidth
          maw={420}
          data-testid="onboard-kind"
        />
        {kind === 'individual' ? <IndividualForm user={user} /> : <EntityForm user={user} />}
      </Stack>
    </Card>
  );
}
