import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { referenceTables } from '../../components/StaffReferenceData/reference-data-view.ts';
import { StaffReferenceData } from '../../components/StaffReferenceData/StaffReferenceData.tsx';
import { choiceParam, lazySearch, pageParam, searchText } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const validateSearch = lazySearch(() =>
  z.object({
    table: choiceParam(referenceTables, 'categories'),
    page: pageParam(),
    q: searchText({ max: 100 }),
  }),
);

/** /admin/reference-data (admins, issue 38 §5): ?table=&page=&q= are the list shown, its page and the search. */
export const Route = createFileRoute('/_auth/admin/reference-data')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: StaffReferenceDataPage,
});

function StaffReferenceDataPage() {
  const { t } = useTranslation();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.referenceData.pageTitle')) });
  return (
    <StaffReferenceData view={view} onChange={(next) => void navigate({ search: next, replace: true })} />
  );
}
