import { Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { auctionsQuery } from '../api/queries.ts';
import { AnchorLink } from '../components/AnchorLink.tsx';
import { ButtonLink } from '../components/ButtonLink.tsx';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { ProductListSkeleton } from '../components/Skeletons/Skeletons.tsx';
import { formatDateTime } from '../lib/format.ts';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';

/** Each kind of auction's name on the storefront. */
const auctionKindLabel = {
  timed: 'ui.auctions.kind_timed',
  live: 'ui.auctions.kind_live',
} as const;

/** seeds 000 §2.1 /auction: the auctions with lots open for bidding, closing soonest first. */
export const Route = createFileRoute('/auction')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(auctionsQuery()),
  pendingComponent: () => <ProductListSkeleton />,
  component: AuctionsPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function AuctionsPage() {
  const {
    data: { records },
  } = useSuspenseQuery(auctionsQuery());
  const { t } = useTranslation();
  useDocumentMeta({ title: pageTitle(t('ui.auctions.title')) });
  return (
    <Container py="xl">
      <Title order={1} mb="xs">
        {t('ui.auctions.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('ui.auctions.intro')}
      </Text>
      {records.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="no-auctions">
          {t('ui.auctions.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="auction-list">
          {records.map((a) => (
            <Card key={a.auctionid} component="article" aria-labelledby={`auction-${a.auctionid}`} withBorder>
              <Stack gap="xs">
                <Title order={2} fz="xl" id={`auction-${a.auctionid}`}>
                  {a.title ?? t('ui.auctions.auction', { id: a.auctionid })}
                </Title>
                {a.kind ? (
                  <Badge variant="outline" size="sm" w="fit-content">
                    {t(auctionKindLabel[a.kind])}
                  </Badge>
                ) : null}
                {a.description ? (
                  <Text size="sm" lineClamp={3}>
                    {a.description}
                  </Text>
                ) : null}
                <Text size="sm">
                  {t(a.lot_count === 1 ? 'ui.auctions.openOne' : 'ui.auctions.openMany', {
                    open: a.open_count,
                    total: a.lot_count,
                  })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('ui.auctions.closing', {
                    from: formatDateTime(a.first_close),
                    to: formatDateTime(a.last_close),
                  })}
                </Text>
                <Group gap={6}>
                  {a.countries.map((c) => (
                    <Badge key={c} variant="light" size="sm">
                      {c}
                    </Badge>
                  ))}
                </Group>
                <ButtonLink to="/liveAuction/$aid" params={{ aid: a.auctionid }} mt="xs">
                  {t('ui.auctions.viewLots')}
                </ButtonLink>
                <AnchorLink to="/bidsheet/$aid" params={{ aid: a.auctionid }} size="sm">
                  {t('ui.bidSheet.link')}
                </AnchorLink>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
