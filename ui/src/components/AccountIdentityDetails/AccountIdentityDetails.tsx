import { NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type IdentityDocument, type KycProfileRecord, UpdateProfileKycInput } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { callForMessage, messageOr } from '../../api/client.ts';
import { t } from '../../i18n/index.ts';
import { contractResolver } from '../../lib/forms.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { setCurrentUserAtom } from '../../state/session.ts';
import { FormDialog } from '../FormDialog/FormDialog.tsx';
import { countriesQuery } from '../StartupLoader/startup-data.ts';

/** The identity documents in words (their keys), in the order offered. */
const documentNames = {
  passport: 'ui.accountExtras.kyc.documents.passport',
  driver_license: 'ui.accountExtras.kyc.documents.driver_license',
  national_id: 'ui.accountExtras.kyc.documents.national_id',
} as const satisfies Record<IdentityDocument, string>;

/** A document type in words ('Passport'). */
export const documentName = (type: IdentityDocument): string => t(documentNames[type]);

/** The countries as getAllCountries answers them (seeds 000 §2.4), for a nationality's name. */
export function useCountryNames(): (code: string) => string {
  const { data } = useQuery(countriesQuery());
  return (code) => data?.find((c) => c.id === code)?.name ?? code;
}

interface KycFormValues {
  date_of_birth: string;
  nationality: string;
  id_type: IdentityDocument | '';
  id_last4: string;
}

const toInput = (values: KycFormValues) => ({
  date_of_birth: values.date_of_birth,
  nationality: values.nationality,
  id_type: values.id_type === '' ? null : values.id_type,
  id_last4: values.id_last4.trim() === '' ? null : values.id_last4,
});

export interface AccountIdentityDetailsProps {
  /** The details kept, when the user has shown them (decryptProfile); otherwise the form starts empty. */
  kept: KycProfileRecord | null;
  onClose: () => void;
  /** The details saved (so a view showing them can show the new ones). */
  onSaved: (details: KycProfileRecord) => void;
}

/**
 * The identity details of the profile (seeds 001 §7 updateProfileKYC, issue 38 §3): date of birth,
 * nationality and one document's type with the last 4 characters of its number, in a dialog.
 */
export function AccountIdentityDetails({ kept, onClose, onSaved }: AccountIdentityDetailsProps) {
  const { t } = useTranslation();
  const setUser = useSetAtom(setCurrentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const { data: countries = [] } = useQuery(countriesQuery());
  const form = useForm<KycFormValues, unknown, z.output<typeof UpdateProfileKycInput>>({
    defaultValues: {
      date_of_birth: kept?.date_of_birth ?? '',
      nationality: kept?.nationality ?? '',
      id_type: kept?.id_type ?? '',
      id_last4: kept?.id_last4 ?? '',
    },
    resolver: contractResolver(UpdateProfileKycInput, toInput),
  });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = async (input: z.output<typeof UpdateProfileKycInput>) => {
    const { responseData, message } = await callForMessage('updateProfileKYC', input);
    setUser(responseData);
    onSaved(input);
    pushAlert({ msg: messageOr(message, t('ui.accountExtras.kyc.saved')), type: 'success' });
  };

  return (
    <FormDialog
      title={t('ui.accountExtras.kyc.title')}
      submitLabel={t('ui.common.save')}
      form={form}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <TextInput
        label={t('ui.accountExtras.kyc.dateOfBirth')}
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        required
        maw={220}
        error={errors.date_of_birth?.message}
        {...register('date_of_birth')}
      />
      <NativeSelect
        label={t('ui.accountExtras.kyc.nationality')}
        required
        data={[
          { value: '', label: t('ui.accountExtras.kyc.chooseCountry') },
          ...countries.map((c) => ({ value: c.id, label: c.name })),
        ]}
        error={errors.nationality?.message}
        {...register('nationality')}
      />
      <NativeSelect
        label={t('ui.accountExtras.kyc.idType')}
        data={[
          { value: '', label: t('ui.accountExtras.kyc.noDocument') },
          ...(Object.keys(documentNames) as IdentityDocument[]).map((type) => ({
            value: type,
            label: documentName(type),
          })),
        ]}
        error={errors.id_type?.message}
        {...register('id_type')}
      />
      <TextInput
        label={t('ui.accountExtras.kyc.idLast4')}
        description={t('ui.accountExtras.kyc.idLast4Hint')}
        maxLength={4}
        autoComplete="off"
        maw={220}
        error={errors.id_last4?.message}
        {...register('id_last4')}
      />
    </FormDialog>
  );
}
