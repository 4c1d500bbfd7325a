import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { call } from '../api/client.ts';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { LotGrid } from '../components/LotGrid/LotGrid.tsx';
import { CLOSING_SOON_LIMIT, closingSoonFilter, isNewLotEvent } from '../lib/search.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';
import { useLiveLots } from '../state/live-lots.ts';
import classes from './-home.module.css';

export const Route = createFileRoute('/')({
  loader: () => call('productSearch', closingSoonFilter),
  component: HomePage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function HomePage() {
  const { records } = Route.useLoaderData();
  const router = useRouter();
  useDocumentMeta({ title: 'Fine Wine Auction | Fine wine with impeccable provenance' });
  const lastClose = records.at(-1)?.date_closed;
  const lots = useLiveLots(records, {
    // A new open lot belongs here if it closes before the last one shown (or the page is not full).
    belongsHere: ({ event, lot }) =>
      isNewLotEvent(event) &&
      lot.market_status === 'open' &&
      (records.length < CLOSING_SOON_LIMIT || !lastClose || lot.date_closed < lastClose),
    refetch: () => void router.invalidate(),
  });
  return (
    <>
      <section className={classes.hero} aria-labelledby="hero-title">
        <Container>
          <Stack gap="lg">
            <Text className={classes.eyebrow}>Auctions · Buy now · Private sales</Text>
            <Title order={1} id="hero-title" className={classes.heroTitle} c="white">
              Fine wine with impeccable provenance
            </Title>
            <Text className={classes.heroText}>
              Bid on rare bottles and mature cellars, or buy at a fixed price, from a merchant that stores
              every lot in perfect conditions.
            </Text>
            <Group>
              <Button component={Link} to="/search" size="md" color="gold.5" c="black">
                Browse wines
              </Button>
              <Button component="a" href="/sellingwine" size="md" variant="outline" color="white">
                Sell your wine
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>
      <Container py="xl" component="section" aria-labelledby="closing-soon">
        <Group justify="space-between" align="baseline" mb="lg">
          <Title order={2} id="closing-soon">
            Closing soon
          </Title>
          <Button component={Link} to="/search" variant="subtle">
            See all wines
          </Button>
        </Group>
        <LotGrid lots={lots} label="Lots closing soonest" empty="No lots are open for bidding right now." />
      </Container>
    </>
  );
}
