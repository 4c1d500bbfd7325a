import { Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { call } from '../api/client.ts';
import { ButtonLink } from '../components/ButtonLink.tsx';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';

/** seeds 000 §2.1 /auction: the auctions with lots open for bidding, closing soonest first. */
export const Route = createFileRoute('/auction')({
  loader: () => call('auctions', {}),
  component: AuctionsPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function AuctionsPage() {
  const { records } = Route.useLoaderData();
  useDocumentMeta({ title: 'Auctions | Fine Wine Auction' });
  return (
    <Container py="xl">
      <Title order={1} mb="xs">
        Auctions
      </Title>
      <Text c="dimmed" mb="lg">
        Lots close one after another, ten a minute in catalogue order; a bid in the last five minutes extends
        its lot.
      </Text>
      {records.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center" data-testid="no-auctions">
          No auction is open right now.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="auction-list">
          {records.map((a) => (
            <Card key={a.auctionid} component="article" aria-labelledby={`auction-${a.auctionid}`} withBorder>
              <Stack gap="xs">
                <Title order={2} fz="xl" id={`auction-${a.auctionid}`}>
                  Auction {a.auctionid}
                </Title>
                <Text size="sm">
                  {a.open_count} of {a.lot_count} {a.lot_count === 1 ? 'lot' : 'lots'} open
                </Text>
                <Text size="sm" c="dimmed">
                  Closing {formatDateTime(a.first_close)} – {formatDateTime(a.last_close)}
                </Text>
                <Group gap={6}>
                  {a.countries.map((c) => (
                    <Badge key={c} variant="light" size="sm">
                      {c}
                    </Badge>
                  ))}
                </Group>
                <ButtonLink
                  to="/search"
                  search={{ auction: a.auctionid, orderby: 'p.date_closed', order: 'asc' }}
                  mt="xs"
                >
                  View lots
                </ButtonLink>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
