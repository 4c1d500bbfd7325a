import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { StaffUsers } from '../../components/StaffUsers/StaffUsers.tsx';
import { userRoleFilters, userStatusFilters } from '../../components/StaffUsers/user-labels.ts';
import { choiceParam, lazySearch, pageParam, searchText } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const validateSearch = lazySearch(() =>
  z.object({
    q: searchText({ min: 1, max: 100 }),
    status: choiceParam(userStatusFilters, 'all'),
    role: choiceParam(userRoleFilters, 'all'),
    requests: z.catch(z.optional(z.boolean()), undefined),
    page: pageParam(),
  }),
);

/** /admin/users (admins): ?q=&status=&role=&requests=&page= are the list's filters and page. */
export const Route = createFileRoute('/_auth/admin/users/')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: StaffUsersPage,
});

function StaffUsersPage() {
  const { t } = useTranslation();
  const view = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.staff.users.title')) });
  return <StaffUsers view={view} onChange={(next) => void navigate({ search: next, replace: true })} />;
}
