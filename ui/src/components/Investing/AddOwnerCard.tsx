import { Text } from '@mantine/core';
import { EntityOwnerInput, entityOwnersMax, type InvestorDetails } from '@wine/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage } from '../../api/client.ts';
import { contractResolver, showServerFieldErrors } from '../../lib/forms.ts';
import { FormActions, InvestingCard, InvestorForm } from './InvestingCard.tsx';
import { useSendChange, withFieldWords } from './investing-forms.ts';
import { emptyPerson, PersonFields, type PersonValues, personFields, personInput } from './PersonFields.tsx';

type NewOwner = z.output<typeof EntityOwnerInput>;

/** An entity takes another owner below the contract's most (the one cap onboarding takes too). */
export const takesAnotherOwner = (details: InvestorDetails) =>
  details.kind === 'entity' && details.owners.length < entityOwnersMax;

/**
 * "Add an owner" (linkEntityOwner): one more person owning the entity, after onboarding. North Capital
 * checks their identity as it checked each owner's, so the owner shows in the status with their check,
 * and new orders wait until it is approved. Shown to an entity only, while it has room for an owner.
 */
export function AddOwnerCard({ details }: { details: InvestorDetails }) {
  return takesAnotherOwner(details) ? <AddOwnerForm owners={details.owners.length} /> : null;
}

function AddOwnerForm({ owners }: { owners: number }) {
  const { t } = useTranslation();
  const sendChange = useSendChange();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PersonValues, unknown, NewOwner>({
    defaultValues: emptyPerson,
    resolver: withFieldWords(contractResolver(EntityOwnerInput, personInput)),
  });
  const onValid = (input: NewOwner) =>
    sendChange(
      () => callForMessage('linkEntityOwner', input),
      () => t('investing.ownerAdded', { name: `${input.first_name} ${input.last_name}` }),
      {
        done: () => reset(emptyPerson),
        shownUnderFields: (e) => showServerFieldErrors<PersonValues>(e, personFields, setError),
      },
    );
  return (
    <InvestingCard
      name="investor-add-owner"
      title={t('ui.investing.addOwner')}
      aside={
        <Text size="sm" c="dimmed" data-testid="investor-owners-count">
          {t('ui.investing.ownersCount', { owners, max: entityOwnersMax })}
        </Text>
      }
    >
      <InvestorForm
        labelledBy="investor-add-owner-title"
        intro={t('ui.investing.addOwnerIntro')}
        onSubmit={handleSubmit(onValid)}
        actions={
          <FormActions
            send={t('ui.investing.addOwnerSend')}
            sending={isSubmitting}
            testId="investor-add-owner-send"
          />
        }
      >
        <PersonFields
          field={(name) => register(name)}
          errorOf={(name) => errors[name]?.message}
          filling={{ section: 'new-owner' }}
        />
      </InvestorForm>
    </InvestingCard>
  );
}
