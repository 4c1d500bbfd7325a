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
  entityOwnersMax,
  OnboardEntityInput,
  OnboardIndividualInput,
  type UserRecord,
} from '@wine/contracts';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage } from '../../api/client.ts';
import { t as translate } from '../../i18n/index.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { cardGrid, FormActions } from './InvestingCard.tsx';
import { useSendChange, withFieldWords } from './investing-forms.ts';
import { type EntityType, entityTypeLabel } from './investing-labels.ts';
import {
  AddressFields,
  emptyPerson,
  PersonFields,
  type PersonValues,
  personFields,
  personInput,
} from './PersonFields.tsx';

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

/** The signed-in user's name and e-mail, already in their first form. */
const personOf = (user: UserRecord): PersonValues => ({
  ...emptyPerson,
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
});

const choose = () => ({ value: '', label: translate('ui.investing.chooseOne'), disabled: true });
const entityTypeChoices = () => [
  choose(),
  ...Object.entries(entityTypeLabel).map(([value, label]) => ({ value, label: translate(label) })),
];

/** 'As an individual' (onBoardIndividual): the investor themselves. */
function IndividualForm({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const sendChange = useSendChange();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PersonValues, unknown, z.output<typeof OnboardIndividualInput>>({
    defaultValues: personOf(user),
    resolver: withFieldWords(contractResolver(OnboardIndividualInput, personInput)),
  });
  const onValid = (input: z.output<typeof OnboardIndividualInput>) =>
    sendChange(
      () => callForMessage('onBoardIndividual', input),
      () => t('investing.onboardedIndividual'),
      { shownUnderFields: (e) => showServerFieldErrors<PersonValues>(e, personFields, setError) },
    );
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label={t('ui.investing.asIndividual')}>
      <Stack gap="md">
        <PersonFields
          field={(name) => register(name)}
          errorOf={(name) => errors[name]?.message}
          filling={{ section: 'investor' }}
        />
        <FormActions
          send={t('ui.investing.submitIndividual')}
          sending={isSubmitting}
          testId="onboard-individual"
        />
      </Stack>
    </form>
  );
}

const entityFields = ['entity_name', 'entity_type', 'email', 'address1', 'city', 'state', 'zip'] as const;

/** 'As an entity' (onBoardEntity): a trust, partnership or company, and the people who own it. */
function EntityForm({ user }: { user: UserRecord }) {
  const { t } = useTranslation();
  const sendChange = useSendChange();
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
        owners: values.owners.map(personInput),
      })),
    ),
  });
  const owners = useFieldArray({ control, name: 'owners' });
  const onValid = (input: z.output<typeof OnboardEntityInput>) =>
    sendChange(
      () => callForMessage('onBoardEntity', input),
      () => t('investing.onboardedEntity'),
      { shownUnderFields: (e) => showServerFieldErrors<EntityValues>(e, entityFields, setError) },
    );
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label={t('ui.investing.asEntity')}>
      <Stack gap="lg">
        <Grid gap="sm" {...cardGrid}>
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
            filling={{ section: 'entity' }}
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
                filling={{ section: `owner-${i + 1}` }}
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
              disabled={owners.fields.length >= entityOwnersMax}
              data-testid="add-owner"
            >
              {t('ui.investing.addOwner')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('ui.investing.ownersCount', { owners: owners.fields.length, max: entityOwnersMax })}
            </Text>
          </Group>
        </Stack>
        <FormActions send={t('ui.investing.submitEntity')} sending={isSubmitting} testId="onboard-entity" />
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
