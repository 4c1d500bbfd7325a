import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { JoinPrivateSale } from '../components/PrivateSale/JoinPrivateSale.tsx';
import { lazySearch, searchText } from '../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';

const privateSaleSearchSchema = lazySearch(() => z.object({ token: searchText({ min: 1, max: 200 }) }));

/**
 * /private-sale?token= (issue 36 §5): the one-use link mailed to an address invited to a private sale
 * without an account. Public: a visitor is asked to sign in or register first; nothing is spent on load.
 */
export const Route = createFileRoute('/private-sale')({
  validateSearch: privateSaleSearchSchema,
  search: { middlewares: privateSaleSearchSchema.middlewares },
  component: PrivateSalePage,
});

function PrivateSalePage() {
  const { token } = Route.useSearch();
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.privateSale.pageTitle')) });
  return (
    <Container py="xl" px={{ base: 'sm', xs: 'md' }}>
      <JoinPrivateSale token={token} />
    </Container>
  );
}
