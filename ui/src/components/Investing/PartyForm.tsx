import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { type InvestorDetails, UpdateIndividualInput } from '@wine/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage } from '../../api/client.ts';
import { blankToUndefined, contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { FormActions, InvestorForm } from './InvestingCard.tsx';
import { useSendChange, withFieldWords } from './investing-forms.ts';
import { emptyPerson, PersonFields, type PersonValues, personFields } from './PersonFields.tsx';

type Change = z.output<typeof UpdateIndividualInput>;

/** The correction as the form holds it: whose (the owner's place, '0' the primary), '' for "keep it as it is". */
interface ChangeValues extends PersonValues {
  owner: string;
}

const empty: ChangeValues = { owner: '0', ...emptyPerson };

/** Only what was typed is sent: an empty field keeps what the service has. */
export function changeOf(values: ChangeValues): Record<string, unknown> {
  const change: Record<string, unknown> = {};
  const owner = Number(values.owner);
  if (owner > 0) change.owner = owner;
  for (const field of personFields) {
    const value = blankToUndefined(values[field]);
    if (value !== undefined) change[field] = value;
  }
  return change;
}

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
  const sendChange = useSendChange();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ChangeValues, unknown, Change>({
    defaultValues: empty,
    resolver: withFieldWords(contractResolver(UpdateIndividualInput, changeOf)),
  });
  const onValid = (input: Change) =>
    sendChange(
      () => callForMessage('updateIndividual', input),
      () => t('investing.partyUpdated'),
      {
        done: onDone,
        shownUnderFields: (e) => showServerFieldErrors<ChangeValues>(e, personFields, setError),
      },
    );
  const owners = details.owners.map((owner, i) => ({ value: String(i), label: owner.name }));
  return (
    <InvestorForm
      id={id}
      label={t('ui.investing.correctTitle')}
      intro={t('ui.investing.correctIntro')}
      onSubmit={handleSubmit(onValid)}
      actions={
        <FormActions
          send={t('ui.investing.correctSend')}
          sending={isSubmitting}
          testId="investor-correct-send"
        />
      }
    >
      {owners.length > 1 ? (
        <NativeSelect label={t('ui.investing.correctWho')} data={owners} {...register('owner')} />
      ) : null}
      <PersonFields
        field={(name) => register(name)}
        errorOf={(name) => errors[name]?.message}
        filling="correction"
      />
    </InvestorForm>
  );
}
