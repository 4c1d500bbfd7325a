import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { contactStatuses } from '../../components/StaffNewsletter/newsletter-view.ts';
import { StaffNewsletter } from '../../components/StaffNewsletter/StaffNewsletter.tsx';
import { choiceParam, lazySearch, pageParam, searchText } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const validateSearch = lazySearch(() =>
  z.object({
    q: searchText({ min: 1, max: 100 }),
    status: choiceParam(contactStatuses, 'subscribed'),
    page: pageParam(),
  }),
);

/** /admin/newsletter (admins): ?q=&status=&page= are the list's filters and page. */
export const Route = createFileRoute('/_auth/admin/newsletter')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: StaffNewsletterPage,
});

function StaffNewsletterPage() {
  const { t } = useTranslation();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.staff.newsletter.title')) });
  return <StaffNewsletter view={view} onChange={(next) => void navigate({ search: next, replace: true })} />;
}
