import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuditVerify } from '../../components/AuditVerify/AuditVerify.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/**
 * /audit (auditors; DOMAIN.md "Audit"): verify the log with a progress bar, take the anchors away.
 * It asks for nothing before it knows the user may see it, so it has no loader.
 */
export const Route = createFileRoute('/_auth/audit/')({
  component: AuditPage,
});

function AuditPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.auditVerify.title')) });
  return <AuditVerify />;
}
