import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SandboxSigning } from '../../components/Agreements/SandboxSigning.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/**
 * The documents sandbox's signing page (platform documents SANDBOX_SIGNING_PATH), in place of
 * PandaDoc's embedded session: under the protected layout, as only the session's recipient signs.
 */
export const Route = createFileRoute('/_auth/sandbox/sign/$session_id')({
  component: function Page() {
    const { t } = useTranslation();
    const { session_id } = Route.useParams();
    useDocumentMeta({ title: pageTitle(t('ui.agreements.signTitle')) });
    return <SandboxSigning sessionId={session_id} />;
  },
});
