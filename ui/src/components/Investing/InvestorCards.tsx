import { Alert, Badge, Button, Card, Group, Input, Stack, Text, Title } from '@mantine/core';
import { type InvestorDetails, investingMessages } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage } from '../../api/client.ts';
import { formatDate } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import classes from './Investing.module.css';
import { evidenceName, evidenceProblem, evidenceType, toBase64 } from './investing-files.ts';
import { useInvestorAnswer } from './investing-forms.ts';
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
    <Card
      withBorder
      component="section"
      aria-labelledby="investor-status-title"
      data-testid="investor-status"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz={22} id="investor-status-title">
            {t('ui.investing.statusTitle')}
          </Title>
          {details.kind ? (
            <Badge variant="light" color="gray" data-testid="investor-kind">
              {t(kindLabel[details.kind])}
            </Badge>
          ) : null}
        </Group>
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
      </Stack>
    </Card>
  );
}

/**
 * Accreditation evidence (uploadPartyDocument): a PDF, PNG or JPEG up to 600 kB, read here and sent
 * as base64 with the request; the documents sent so far, with their dates.
 */
export function DocumentsCard({ details }: { details: InvestorDetails }) {
  const { t } = useTranslation();
  const answered = useInvestorAnswer();
  const pushAlert = useSetAtom(pushAlertAtom);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0] ?? null;
    setFile(chosen);
    const found = chosen ? evidenceProblem(chosen) : null;
    setProblem(found ? t(found) : null);
  };
  const upload = async () => {
    const found = evidenceProblem(file);
    const type = file ? evidenceType(file) : null;
    if (found || !file || !type) {
      setProblem(t(found ?? 'ui.investing.errFileType'));
      return;
    }
    setSending(true);
    try {
      const answer = await callForMessage('uploadPartyDocument', {
        file_name: evidenceName(file.name, type),
        content_type: type,
        content_base64: await toBase64(file),
      });
      answered(
        answer,
        t('investing.documentUploaded', {
          status: t(accreditationLabel[answer.responseData.accreditation].label),
        }),
      );
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="investor-documents-title"
      data-testid="investor-documents"
    >
      <Stack gap="sm">
        <Title order={2} fz={22} id="investor-documents-title">
          {t('ui.investing.documentsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('ui.investing.documentsIntro')}
        </Text>
        {details.documents.length === 0 ? (
          <Text size="sm" data-testid="investor-documents-empty">
            {t('ui.investing.noDocuments')}
          </Text>
        ) : (
          <ul className={classes.list}>
            {details.documents.map((document) => (
              <li key={`${document.file_name} ${document.at}`} data-testid="investor-document">
                <Text size="sm" className={classes.name}>
                  {document.file_name}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDate(document.at)}
                </Text>
              </li>
            ))}
          </ul>
        )}
        <Input.Wrapper
          label={t('ui.investing.document')}
          description={t('ui.investing.documentHint')}
          error={problem}
          id={inputId}
        >
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
            className={classes.file}
            onChange={choose}
            data-testid="investor-document-file"
          />
        </Input.Wrapper>
        <Group justify="flex-end">
          <Button
            onClick={() => void upload()}
            loading={sending}
            disabled={!file}
            data-testid="investor-document-upload"
          >
            {t('ui.investing.upload')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
