import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LotEditor } from '../../components/StaffLots/LotEditor.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { useServerNowOnce } from '../../state/clock.ts';

/** /admin/lots/new (admins): a new lot's editor. */
export const Route = createFileRoute('/_auth/admin/lots/new')({
  component: NewLotPage,
});

function NewLotPage() {
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.staff.editor.newTitle')) });
  return <LotEditor now={useServerNowOnce()} />;
}
