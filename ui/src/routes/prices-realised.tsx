import { Container } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { PricesRealised } from '../components/PricesRealised/PricesRealised.tsx';
import {
  pricesRealisedQuery,
  pricesRealisedSearchSchema,
} from '../components/PricesRealised/prices-realised.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';

/** Issue 31: /prices-realised, the hammer prices of lots sold at auction, searched and paged by the URL. */
export const Route = createFileRoute('/prices-realised')({
  validateSearch: pricesRealisedSearchSchema,
  search: { middlewares: pricesRealisedSearchSchema.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ deps, context: { queryClient } }) => queryClient.ensureQueryData(pricesRealisedQuery(deps)),
  component: PricesRealisedPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function PricesRealisedPage() {
  const { t } = useTranslation();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const {
    data: { records, totalRecords },
  } = useSuspenseQuery(pricesRealisedQuery(search));
  useDocumentMeta({ title: pageTitle(t('ui.store.prTitle')), description: t('ui.store.prIntro') });
  return (
    <Container py="xl">
      <PricesRealised
        search={search}
        records={records}
        totalRecords={totalRecords}
        onSearch={(next) => {
          void navigate({ search: next });
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      />
    </Container>
  );
}
