import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { staffUserQuery } from '../../api/queries.ts';
import { QueryState } from '../../components/QueryState/QueryState.tsx';
import { StaffUser } from '../../components/StaffUsers/StaffUser.tsx';
import { fullName } from '../../components/StaffUsers/user-labels.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** /admin/users/:id (admins): one user's page and what an admin does to their account. */
export const Route = createFileRoute('/_auth/admin/users/$id')({
  component: StaffUserPage,
});

function StaffUserPage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const user = useQuery(staffUserQuery(id));
  useDocumentMeta({ title: pageTitle(user.data ? fullName(user.data) : t('ui.staff.users.title')) });
  return (
    <QueryState query={user} label={t('ui.staff.users.loading')} error="page">
      {(data) => <StaffUser user={data} />}
    </QueryState>
  );
}
