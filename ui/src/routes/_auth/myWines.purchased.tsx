import { Card, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { invoicesQuery } from '../../api/queries.ts';
import { AnchorLink } from '../../components/AnchorLink.tsx';
import { LoadError } from '../../components/LoadError/LoadError.tsx';
import { Pager } from '../../components/Pager/Pager.tsx';
import { PHONE_QUERY } from '../../components/PhoneCards/PhoneCards.tsx';
import { MyWinesTabs } from '../../components/SellerLots/MyWinesTabs.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { choiceParam, lazySearch, pageParam } from '../../lib/search-param.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';

const PAGE_SIZE = 20;
/** Issue 31 (/purchases/:type): which purchases, all or by how they were bought (issue 36: by offer). */
const kinds = ['all', 'auction', 'buynow', 'offer'] as const;
const kindLabels = {
  all: 'ui.myWines.kind.all',
  auction: 'ui.myWines.kind.auction',
  buynow: 'ui.myWines.kind.buynow',
  offer: 'ui.myWines.kind.offer',
} as const;
const purchasesInput = (page: number, kind: (typeof kinds)[number]) => ({
  status: 'paid' as const,
  page,
  limit: PAGE_SIZE,
  ...(kind !== 'all' && { kind }),
});

const validateSearch = lazySearch(() => z.object({ page: pageParam(), kind: choiceParam(kinds, 'all') }));

/** seeds 000 §2.3 /myWines/purchased = My Wines: what the buyer bought and paid for, by paid invoice. */
export const Route = createFileRoute('/_auth/myWines/purchased')({
  validateSearch,
  search: { middlewares: validateSearch.middlewares },
  loaderDeps: ({ search }) => ({ page: search.page, kind: search.kind }),
  loader: ({ deps, context: { queryClient } }) =>
    queryClient.ensureQueryData(invoicesQuery(purchasesInput(deps.page, deps.kind))),
  component: MyWinesPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function MyWinesPage() {
  const { t } = useTranslation();
  const { page, kind } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The choices stack on a phone: side by side they would run off its width.
  const phone = useMediaQuery(PHONE_QUERY);
  const { data } = useSuspenseQuery(invoicesQuery(purchasesInput(page, kind)));
  useDocumentMeta({ title: pageTitle(t('ui.accountMenu.myWines')) });
  return (
    <Container py="xl">
      <Title order={1} mb={4}>
        {t('ui.accountMenu.myWines')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('ui.myWines.intro')}
      </Text>
      <MyWinesTabs current="purchased" />
      <SegmentedControl
        mb="md"
        value={kind}
        orientation={phone ? 'vertical' : 'horizontal'}
        fullWidth={phone === true}
        onChange={(value) =>
          void navigate({ search: { page: 1, kind: kinds.find((k) => k === value) ?? 'all' } })
        }
        data={kinds.map((value) => ({ value, label: t(kindLabels[value]) }))}
        aria-label={t('ui.myWines.kindLabel')}
        data-testid="purchase-kind"
      />
      {data.records.length === 0 ? (
        <Card data-testid="purchased-empty">
          <Text>{t('ui.myWines.empty')}</Text>
        </Card>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('ui.accountMenu.myWines')}
        >
          {data.records.map((invoice) => (
            <Card component="li" key={invoice.id} data-testid="purchased-invoice">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>
                    {t('ui.invoices.itemsCount', { title: invoice.title, count: invoice.items })}
                  </Text>
                  <AnchorLink to="/invoice/$id" params={{ id: invoice.id }} size="sm">
                    {t('ui.myWines.invoiceOf', {
                      id: invoice.id,
                      date: formatDate(invoice.paid_at ?? invoice.created_at),
                    })}
                  </AnchorLink>
                </div>
                <Text fw={600}>{formatMoney(invoice.total)}</Text>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        totalRecords={data.totalRecords}
        onPage={(next) => void navigate({ search: { page: next } })}
      />
    </Container>
  );
}
