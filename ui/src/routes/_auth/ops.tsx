import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Ops } from '../../components/Ops/Ops.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** /ops (support, admins): the read side's state, polled. No loader: it asks nothing before it knows the role. */
export const Route = createFileRoute('/_auth/ops')({
  component: OpsPage,
});

function OpsPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.ops.title')) });
  return <Ops />;
}
