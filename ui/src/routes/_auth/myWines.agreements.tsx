import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SellerAgreements } from '../../components/Agreements/SellerAgreements.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** Issue 35 §4: the seller's consignment agreements, to read and sign (seeds 001 §7 viewPandaDoc, getSessionId). */
export const Route = createFileRoute('/_auth/myWines/agreements')({
  component: function Page() {
    const { t } = useTranslation();
    useDocumentMeta({ title: pageTitle(t('ui.agreements.title')) });
    return <SellerAgreements />;
  },
});
