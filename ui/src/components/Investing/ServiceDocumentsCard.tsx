import { SegmentedControl, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { InvestorDetails } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../QueryState/QueryState.tsx';
import { DocumentList, DocumentUpload } from './Documents.tsx';
import { InvestingCard } from './InvestingCard.tsx';
import { serviceDocumentsQuery } from './investing-forms.ts';
import { type DocumentsOf, documentsOfLabel } from './investing-labels.ts';

/**
 * The documents North Capital keeps for the investor (getuploadPartyDocument): the account's
 * accreditation evidence, the primary owner's own, and for an entity its own papers, which are given
 * here too (uploadEntityDocument: its trust deed, articles or operating agreement, as a PDF, PNG or JPEG
 * up to 600 kB).
 */
export function ServiceDocumentsCard({ details }: { details: InvestorDetails }) {
  const { t } = useTranslation();
  const kinds: DocumentsOf[] =
    details.kind === 'entity' ? ['accreditation', 'party', 'entity'] : ['accreditation', 'party'];
  const [of, setOf] = useState<DocumentsOf>(details.kind === 'entity' ? 'entity' : 'accreditation');
  const documents = useQuery(serviceDocumentsQuery(of));
  return (
    <InvestingCard name="investor-kept-documents" title={t('ui.investing.keptDocumentsTitle')}>
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
            <DocumentList
              documents={data.records.map((d) => ({ key: d.document_id, name: d.title, at: d.created_at }))}
              testId="investor-kept-document"
            />
          )
        }
      </QueryState>
      {of === 'entity' ? (
        <DocumentUpload
          send="uploadEntityDocument"
          label={t('ui.investing.entityDocument')}
          hint={t('ui.investing.entityDocumentHint')}
          button={t('ui.investing.uploadEntityDocument')}
          testId="investor-entity-document"
          uploaded={() => t('investing.entityDocumentUploaded')}
        />
      ) : null}
    </InvestingCard>
  );
}
