import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type CertificateView, OwnershipCertificateInput } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextArea } from '../FormFields/TextArea.tsx';

export type CertificateValues = CertificateView;

const blank: CertificateValues = { reference: '', issuer: '', issued_on: '', note: '' };

/**
 * Issue 38 §2 (seeds 001 buynow/updateOwnershipCertificate): a provenance certificate's reference,
 * issuer, date of issue and note, checked with the contract's schema before it is sent.
 */
export function CertificateForm({
  initial,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: CertificateValues | null;
  busy?: boolean;
  onSubmit: (certificate: CertificateValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CertificateValues>(initial ?? blank);
  const [errors, setErrors] = useState<Partial<Record<keyof CertificateValues, string>>>({});
  const set = (field: keyof CertificateValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = () => {
    const checked = OwnershipCertificateInput.safeParse(values);
    if (checked.success) return onSubmit(checked.data);
    const found: typeof errors = {};
    for (const issue of checked.error.issues) {
      const field = issue.path[0] as keyof CertificateValues;
      found[field] ??= issue.message;
    }
    setErrors(found);
  };
  return (
    <Stack gap="xs" data-testid="certificate-form">
      <TextInput
        label={t('ui.orders.reference')}
        value={values.reference}
        onChange={(e) => set('reference')(e.currentTarget.value)}
        error={errors.reference}
        required
      />
      <TextInput
        label={t('ui.orders.issuer')}
        value={values.issuer}
        onChange={(e) => set('issuer')(e.currentTarget.value)}
        error={errors.issuer}
        required
      />
      <TextInput
        type="date"
        label={t('ui.orders.issuedOn')}
        value={values.issued_on}
        min="1900-01-01"
        max="2100-01-01"
        onChange={(e) => set('issued_on')(e.currentTarget.value)}
        error={errors.issued_on}
        required
      />
      <TextArea
        label={t('ui.orders.note')}
        value={values.note}
        onChange={(e) => set('note')(e.currentTarget.value)}
        error={errors.note}
      />
      <Group gap="xs" justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('ui.common.cancel')}
        </Button>
        <Button onClick={submit} loading={busy} data-testid="certificate-save">
          {t('ui.orders.save')}
        </Button>
      </Group>
    </Stack>
  );
}
