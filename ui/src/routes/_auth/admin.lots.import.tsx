import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { StaffImport } from '../../components/StaffImport/StaffImport.tsx';
import { lazySearch, searchText } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { useServerNowOnce } from '../../state/clock.ts';

const validateSearch = lazySearch(() => z.object({ id: searchText({ min: 8, max: 64 }) }));

/** /admin/lots/import (admins): ?id= is the sheet uploaded, its mapping, preview, apply and revert. */
export const Route = createFileRoute('/_auth/admin/lots/import')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  component: ImportPage,
});

function ImportPage() {
  const { t } = useTranslation();
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentMeta({ title: pageTitle(t('ui.staff.import.title')) });
  return (
    <StaffImport
      importId={id}
      now={useServerNowOnce()}
      onImport={(importId) => void navigate({ search: { id: importId } })}
    />
  );
}
