import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Investing } from '../../components/Investing/Investing.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** Issue 35 §3: the investor's onboarding, status, documents and orders (seeds 001 §7 paymentThird/northcapital). */
export const Route = createFileRoute('/_auth/account/investing')({
  component: function Page() {
    const { t } = useTranslation();
    useDocumentMeta({ title: pageTitle(t('ui.investing.title')) });
    return <Investing />;
  },
});
