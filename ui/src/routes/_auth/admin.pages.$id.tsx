import { useQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isPageId } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { staffPageHistoryQuery } from '../../api/queries.ts';
import { QueryState } from '../../components/QueryState/QueryState.tsx';
import { StaffPageEditor } from '../../components/StaffContent/StaffPageEditor.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** /admin/pages/:id (admins, issue 34 §2 "Content"): a page's editor and its history. */
export const Route = createFileRoute('/_auth/admin/pages/$id')({
  beforeLoad: ({ params }) => {
    // The id's shape without zod: a route's checks load with the app (issue 11).
    if (!isPageId(params.id)) throw notFound();
  },
  component: StaffPageEditorPage,
});

function StaffPageEditorPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const history = useQuery(staffPageHistoryQuery(id));
  useDocumentMeta({ title: pageTitle(history.data?.records[0]?.title ?? t('ui.content.pages.title')) });
  return (
    <QueryState query={history} label={t('ui.content.pages.loading')} error="page">
      {(data) => <StaffPageEditor key={id} id={id} versions={data.records} />}
    </QueryState>
  );
}
