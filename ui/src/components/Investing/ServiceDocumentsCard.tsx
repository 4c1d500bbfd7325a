import { Button, Card, Group, Input, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { InvestorDetails } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage } from '../../api/client.ts';
import { formatDate } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { QueryState } from '../QueryState/QueryState.tsx';
import classes from './Investing.module.css';
import { evidenceName, evidenceProblem, evidenceType, toBase64 } from './investing-files.ts';
import { serviceDocumentsQuery, useInvestorAnswer } from './investing-forms.ts';
import { type DocumentsOf, documentsOfLabel } from './investing-labels.ts';

/**
 * The documents North Capital keeps for the investor (getuploadPartyDocument): the account's
 * accreditation evidence, the primary owner's own, and for an entity its own papers, which are given
 * here too (uploadEntityDocument: a PDF, PNG or JPEG up to 600 kB).
 */
export function ServiceDocumentsCard({ details }: { details: InvestorDetails }) {
  const { t } = useTranslation();
  const kinds: DocumentsOf[] =
    details.kind === 'entity' ? ['accreditation', 'party', 'entity'] : ['accreditation', 'party'];
  const [of, setOf] = useState<DocumentsOf>(details.kind === 'entity' ? 'entity' : 'accreditation');
  const documents = useQuery(serviceDocumentsQuery(of));
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby="investor-kept-documents-title"
      data-testid="investor-kept-documents"
    >
      <Stack gap="sm">
        <Title order={2} fz={22} id="investor-kept-documents-title">
          {t('ui.investing.keptDocumentsTitle')}
        </Title>
        <SegmentedControl
          value={of}
          onChange={(value) => setOf(kinds.find((kind) => kind === value) ?? 'accreditation')}
          data={kinds.map((kind) => ({ value: kind, label: t(documentsOfLabel[kind]) }))}
          aria-label={t('ui.investing.keptDocumentsOf')}
          fullWidth
        />
        <QueryState query={documents} label={t('ui.investing.keptDocumentsLoading')}>
          {(data) =>
            data.records.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="investor-kept-documents-empty">
                {t('ui.investing.noKeptDocuments')}
              </Text>
            ) : (
              <ul className={classes.list}>
                {data.records.map((document) => (
                  <li key={document.document_id} data-testid="investor-kept-document">
                    <Text size="sm" className={classes.name}>
                      {document.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatDate(document.created_at)}
                    </Text>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
        {of === 'entity' ? <EntityDocumentUpload /> : null}
      </Stack>
    </Card>
  );
}

/** An entity's own papers (its trust deed, articles, operating agreement), read here and sent as base64. */
function EntityDocumentUpload() {
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
      const answer = await callForMessage('uploadEntityDocument', {
        file_name: evidenceName(file.name, type),
        content_type: type,
        content_base64: await toBase64(file),
      });
      answered(answer, t('investing.entityDocumentUploaded'));
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="xs">
      <Input.Wrapper
        label={t('ui.investing.entityDocument')}
        description={t('ui.investing.entityDocumentHint')}
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
          data-testid="investor-entity-document-file"
        />
      </Input.Wrapper>
      <Group justify="flex-end">
        <Button
          onClick={() => void upload()}
          loading={sending}
          disabled={!file}
          data-testid="investor-entity-document-upload"
        >
          {t('ui.investing.uploadEntityDocument')}
        </Button>
      </Group>
    </Stack>
  );
}
