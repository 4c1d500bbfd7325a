import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { enquiryKinds, enquiryStatuses } from '../../components/StaffEnquiries/enquiry-view.ts';
import { StaffEnquiries } from '../../components/StaffEnquiries/StaffEnquiries.tsx';
import { choiceParam, lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const validateSearch = lazySearch(() =>
  z.object({
    kind: choiceParam(enquiryKinds, 'all'),
    status: choiceParam(enquiryStatuses, 'all'),
    page: pageParam(),
  }),
);

/** /admin/enquiries (admins): ?kind=&status=&page= are the list's filters and page. */
export const Route = createFileRoute('/_auth/admin/enquiries')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: StaffEnquiriesPage,
});

function StaffEnquiriesPage() {
  const { t } = useTranslation();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.staff.enquiries.title')) });
  return <StaffEnquiries view={view} onChange={(next) => void navigate({ search: next, replace: true })} />;
}
