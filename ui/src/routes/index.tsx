import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultBundleQuery, lotSearchQuery } from '../api/queries.ts';
import { sellYourWinePath } from '../components/Header/site-pages.ts';
import { HomeBanners } from '../components/HomeBanners/HomeBanners.tsx';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { LotGrid } from '../components/LotGrid/LotGrid.tsx';
import { ProductGridSkeleton } from '../components/Skeletons/Skeletons.tsx';
import { company } from '../config/company.ts';
import { refererSearchSchema } from '../lib/after-login.ts';
import { CLOSING_SOON_LIMIT, closingSoonFilter, isNewLotEvent } from '../lib/search.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';
import { useLiveLots } from '../state/live-lots.ts';
import { tokenAtom } from '../state/session.ts';
import classes from './-home.module.css';

/** The home page's lots: the open ones closing soonest. */
const closingSoonQuery = lotSearchQuery(closingSoonFilter);

export const Route = createFileRoute('/')({
  // seeds 000 §2.3: a protected route sends a visitor here with the requested location as referer.
  validateSearch: refererSearchSchema,
  search: { middlewares: refererSearchSchema.middlewares },
  // The banners come with the default bundle: loaded beside the lots, so the page does not shift when they arrive.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(closingSoonQuery),
      queryClient.ensureQueryData(defaultBundleQuery()).catch(() => null),
    ]),
  component: HomePage,
  pendingComponent: HomeSkeleton,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function HomePage() {
  const {
    data: { records },
  } = useSuspenseQuery(closingSoonQuery);
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useDocumentMeta({ title: t('ui.titles.home', { shop: company.name }) });
  const lastClose = records.at(-1)?.date_closed;
  const lots = useLiveLots(records, {
    // A new open lot belongs here if it closes before the last one shown (or the page is not full).
    belongsHere: ({ event, lot }) =>
      isNewLotEvent(event) &&
      lot.market_status === 'open' &&
      (records.length < CLOSING_SOON_LIMIT || !lastClose || lot.date_closed < lastClose),
    refetch: () => void queryClient.invalidateQueries({ queryKey: closingSoonQuery.queryKey }),
  });
  return (
    <>
      <SignInNoticeSlot />
      <section className={classes.hero} aria-labelledby="hero-title">
        <Container>
          <Stack gap="lg">
            <Text className={classes.eyebrow}>{t('ui.home.eyebrow')}</Text>
            <Title order={1} id="hero-title" className={classes.heroTitle} c="white">
              {t('ui.home.heroTitle')}
            </Title>
            <Text className={classes.heroText}>{t('ui.home.heroText')}</Text>
            <Group>
              <Button component={Link} to="/search" size="md" color="gold.5" c="black">
                {t('ui.home.browseWines')}
              </Button>
              <Button component={Link} to={sellYourWinePath} size="md" variant="outline" color="white">
                {t('ui.home.sellYourWine')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>
      <HomeBanners />
      <Container py="xl" component="section" aria-labelledby="closing-soon">
        <Group justify="space-between" align="baseline" mb="lg">
          <Title order={2} id="closing-soon">
            {t('ui.home.closingSoon')}
          </Title>
          <Button component={Link} to="/search" variant="subtle">
            {t('ui.home.seeAllWines')}
          </Button>
        </Group>
        <LotGrid lots={lots} label={t('ui.home.closingSoonList')} empty={t('ui.home.noLots')} />
      </Container>
    </>
  );
}

/** seeds 001 §2 'product grid' skeleton while the first lots load. */
function HomeSkeleton() {
  return (
    <Container py="xl">
      <ProductGridSkeleton />
    </Container>
  );
}

/**
 * A visitor sent here from a protected page is asked to sign in (its notice loads then: the home
 * page's first load goes without it, issue 11).
 */
const SignInNotice = lazy(() => import('./-sign-in-notice.tsx').then((m) => ({ default: m.SignInNotice })));

function SignInNoticeSlot() {
  const { referer } = Route.useSearch();
  const signedIn = useAtomValue(tokenAtom) !== null;
  if (!referer || signedIn) return null;
  return (
    <Suspense fallback={null}>
      <SignInNotice referer={referer} />
    </Suspense>
  );
}
