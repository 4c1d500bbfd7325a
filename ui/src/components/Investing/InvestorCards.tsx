import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { type InvestorDetails, investingMessages } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { DocumentList, DocumentUpload } from './Documents.tsx';
import classes from './Investing.module.css';
import { InvestingCard } from './InvestingCard.tsx';
import { accreditationLabel, kindLabel, kycLabel } from './investing-labels.ts';
import { PartyCorrection } from './PartyForm.tsx';

/**
 * Where the investor stands: who they invest as, each owner's identity check, the accreditation, and
 * (until all are in place) why orders are not open yet; an owner's details corrected from here.
 */
export function StatusCard({ details }: { details: InvestorDetails }) {
  const { t } = useTranslation();
  const accreditation = accreditationLabel[details.accreditation];
  return (
    <InvestingCard
      name="investor-status"
      title={t('ui.investing.statusTitle')}
      aside={
        details.kind ? (
          <Badge variant="light" color="gray" data-testid="investor-kind">
            {t(kindLabel[details.kind])}
          </Badge>
        ) : null
      }
    >
      {details.name ? (
        <Text fw={600} data-testid="investor-name">
          {details.name}
        </Text>
      ) : null}
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('ui.investing.identityChecks')}
        </Text>
        <ul className={classes.list}>
          {details.owners.map((owner) => (
            <li key={owner.name} data-testid="investor-owner" data-kyc={owner.kyc}>
              <Text size="sm" className={classes.name}>
                {owner.name}
              </Text>
              <Badge color={kycLabel[owner.kyc].color} variant="light">
                {t(kycLabel[owner.kyc].label)}
              </Badge>
            </li>
          ))}
        </ul>
      </Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={600}>
          {t('ui.investing.accreditation')}
        </Text>
        <Badge
          color={accreditation.color}
          variant="light"
          data-testid="investor-accreditation"
          data-status={details.accreditation}
        >
          {t(accreditation.label)}
        </Badge>
      </Group>
      {details.may_invest ? (
        <Text size="sm" c="teal.9" data-testid="investor-may-invest">
          {t('ui.investing.mayInvest')}
        </Text>
      ) : (
        <Alert color="yellow" variant="light" data-testid="investor-waiting">
          {investingMessages.notApproved}
        </Alert>
      )}
      <PartyCorrection details={details} />
    </InvestingCard>
  );
}

/**
 * Accreditation evidence (uploadPartyDocument): a PDF, PNG or JPEG up to 600 kB, read here and sent
 * as base64 with the request; the documents sent so far, with their dates.
 */
export function DocumentsCard({ details }: { details: InvestorDetails }) {
  const { t } = useTranslation();
  return (
    <InvestingCard name="investor-documents" title={t('ui.investing.documentsTitle')}>
      <Text size="sm" c="dimmed">
        {t('ui.investing.documentsIntro')}
      </Text>
      {details.documents.length === 0 ? (
        <Text size="sm" data-testid="investor-documents-empty">
          {t('ui.investing.noDocuments')}
        </Text>
      ) : (
        <DocumentList
          documents={details.documents.map((d) => ({
            key: `${d.file_name} ${d.at}`,
            name: d.file_name,
            at: d.at,
          }))}
          testId="investor-document"
        />
      )}
      <DocumentUpload
        send="uploadPartyDocument"
        label={t('ui.investing.document')}
        hint={t('ui.investing.documentHint')}
        button={t('ui.investing.upload')}
        testId="investor-document"
        uploaded={(answer) =>
          t('investing.documentUploaded', { status: t(accreditationLabel[answer.accreditation].label) })
        }
      />
    </InvestingCard>
  );
}
