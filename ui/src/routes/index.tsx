import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { call } from '../api/client.ts';
import { ButtonLink } from '../components/ButtonLink.tsx';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { LotGrid } from '../components/LotGrid/LotGrid.tsx';
import { refererSearchSchema } from '../lib/after-login.ts';
import { CLOSING_SOON_LIMIT, closingSoonFilter, isNewLotEvent } from '../lib/search.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';
import { useLiveLots } from '../state/live-lots.ts';
import { tokenAtom } from '../state/session.ts';
import classes from './-home.module.css';

export const Route = createFileRoute('/')({
  // seeds 000 §2.3: a protected route sends a visitor here with the requested location as referer.
  validateSearch: refererSearchSchema,
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
      <SignInNotice />
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

/** A visitor sent here from a protected page: sign in and go back there. */
function SignInNotice() {
  const { referer } = Route.useSearch();
  const signedIn = useAtomValue(tokenAtom) !== null;
  if (!referer || signedIn) return null;
  return (
    <Container pt="md">
      <Alert color="burgundy" title="Please sign in" data-testid="sign-in-notice">
        <Group justify="space-between" gap="sm">
          <Text size="sm">Sign in to your account to see that page.</Text>
          <ButtonLink to="/login" search={{ referer }} size="xs">
            Sign In
          </ButtonLink>
        </Group>
      </Alert>
    </Container>
  );
}
