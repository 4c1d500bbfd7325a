import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { invoiceQuery } from '../../api/queries.ts';
import { InvoiceDetail } from '../../components/InvoiceDetail/InvoiceDetail.tsx';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { NotFound } from '../../components/NotFound/NotFound.tsx';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

/** seeds 001 §2 /invoice/:id. */
export const Route = createFileRoute('/_auth/invoice/$id')({
  loader: async ({ params, context: { queryClient } }) => {
    try {
      await queryClient.ensureQueryData(invoiceQuery(params.id));
    } catch (error) {
      if (error instanceof ApiError && error.responseType === 404) throw notFound();
      throw error;
    }
  },
  component: InvoicePage,
  notFoundComponent: () => <InvoiceNotFound />,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function InvoicePage() {
  const { t } = useTranslation();
  const { id } = Route.useParams();
  const { data } = useSuspenseQuery(invoiceQuery(id));
  useDocumentMeta({ title: pageTitle(t('ui.invoice.title', { id })) });
  return <InvoiceDetail invoice={data} />;
}

function InvoiceNotFound() {
  const { t } = useTranslation();
  return <NotFound title={t('checkout.invoiceNotFound')} />;
}
