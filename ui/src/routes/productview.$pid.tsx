import { Badge, Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, notFound, useCanGoBack, useRouter } from '@tanstack/react-router';
import type { LotView } from '@wine/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { ApiError, call } from '../api/client.ts';
import { Countdown } from '../components/Countdown/Countdown.tsx';
import { DiscountTable } from '../components/DiscountTable/DiscountTable.tsx';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { LotImage } from '../components/LotImage/LotImage.tsx';
import { NotFound } from '../components/NotFound/NotFound.tsx';
import { Price } from '../components/Price/Price.tsx';
import { ScoreBadges } from '../components/ScoreBadges/ScoreBadges.tsx';
import {
  availabilityText,
  buyNowAvailable,
  colourSwatch,
  DESCRIPTION_PREVIEW,
  descriptionText,
  imageUrls,
} from '../lib/lot.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';
import { serverNowAtom } from '../state/clock.ts';
import { useLotChanges } from '../state/realtime.ts';
import classes from './-productview.module.css';

export const Route = createFileRoute('/productview/$pid')({
  loader: async ({ params }) => {
    try {
      return await call('productLot', { id: params.pid });
    } catch (error) {
      if (error instanceof ApiError && error.responseType === 404) throw notFound();
      throw error;
    }
  },
  component: ProductView,
  notFoundComponent: () => (
    <NotFound title="Lot not found" message="This lot does not exist or is no longer listed." />
  ),
  errorComponent: ({ error }) => <LoadError error={error} />,
});

/** seeds 000 §9 / DOMAIN: the buyer's premium note. */
const PREMIUM_NOTE = "All bids are subject to a 20% buyer's premium.";

function ProductView() {
  const loaded = Route.useLoaderData();
  const { pid } = Route.useParams();
  const router = useRouter();
  // seeds 000 §4.6: the lot's own channel keeps price, bids and close time current. A live copy
  // applies to the loader result it arrived on; a reload (resync) supersedes it.
  const [live, setLive] = useState<{ base: LotView; lot: LotView } | null>(null);
  useLotChanges(
    [`lot:${pid}`],
    (message) => setLive({ base: loaded, lot: message.lot }),
    () => void router.invalidate(),
  );
  const lot = live && live.base === loaded && live.lot.id === loaded.id ? live.lot : loaded;

  useDocumentMeta({
    title: lot.metaTagHtml.title || lot.title,
    description: lot.metaTagHtml.description,
    keywords: lot.metaTagHtml.keywords,
  });

  return (
    <Container py="lg" data-testid="product-view" data-lot-id={lot.id}>
      <BackButton />
      <Grid gap="xl" mt="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Gallery lot={lot} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <div>
              <Title order={1} fz={{ base: 28, md: 36 }} data-testid="lot-title">
                {lot.title}
              </Title>
              <Group gap="md" mt={4}>
                <Text size="sm" c="dimmed">
                  SKU: <span data-testid="lot-sku">{lot.itemId}</span>
                </Text>
                {lot.auction === 1 && lot.custitemlot_number ? (
                  <Text size="sm" c="dimmed">
                    Lot #: <span data-testid="lot-number">{lot.custitemlot_number}</span>
                  </Text>
                ) : null}
              </Group>
            </div>
            <ScoreBadges lot={lot} />
            <dl className={classes.facts}>
              <dt>Colour</dt>
              <dd>
                <Badge color={colourSwatch(lot.custitem_gvo_color)} variant="light" data-testid="lot-colour">
                  {lot.custitem_gvo_color}
                </Badge>
              </dd>
              {lot.custitem_gvo_producer ? (
                <>
                  <dt>Producer</dt>
                  <dd>{lot.custitem_gvo_producer}</dd>
                </>
              ) : null}
              {lot.vintage ? (
                <>
                  <dt>Vintage</dt>
                  <dd>{lot.vintage}</dd>
                </>
              ) : null}
              <dt>Country</dt>
              <dd>{lot.custitem_gvo_country}</dd>
              {lot.custitemctregion ? (
                <>
                  <dt>Region</dt>
                  <dd data-testid="lot-region">{lot.custitemctregion}</dd>
                </>
              ) : null}
              {lot.custitemctsubregion ? (
                <>
                  <dt>Subregion</dt>
                  <dd data-testid="lot-subregion">{lot.custitemctsubregion}</dd>
                </>
              ) : null}
              <dt>Bottle size</dt>
              <dd data-testid="lot-bottle-size">{lot.custitem_gvo_bottlesize}</dd>
              <dt>Lot size</dt>
              <dd>
                {lot.qty} {lot.qty === 1 ? 'bottle' : 'bottles'}
              </dd>
              <dt>Available</dt>
              <dd>{availabilityText(lot)}</dd>
            </dl>
            {lot.auction === 1 ? <AuctionBox lot={lot} /> : null}
            {lot.buynow === 1 && lot.bprice !== null ? <BuyNowBox lot={lot} bprice={lot.bprice} /> : null}
            <Description text={descriptionText(lot.desc_proc)} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function BackButton() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Button
      variant="subtle"
      px={0}
      onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: '/search' }))}
      leftSection={<span aria-hidden="true">←</span>}
    >
      Back
    </Button>
  );
}

function Gallery({ lot }: { lot: LotView }) {
  const images = imageUrls(lot);
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <Stack gap="sm" data-testid="gallery">
      <Card p={0}>
        <LotImage src={current} alt={lot.title} h={420} loading="eager" />
      </Card>
      {images.length > 1 ? (
        <div className={classes.thumbs}>
          {images.map((src, i) => (
            <button
              type="button"
              key={src}
              className={classes.thumb}
              data-active={i === index || undefined}
              aria-label={`Show image ${i + 1} of ${images.length}`}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            >
              <LotImage src={src} alt="" h="100%" />
            </button>
          ))}
        </div>
      ) : null}
    </Stack>
  );
}

/** seeds 000 §4.1 / §4.2: visitors see 'Login to Bid' / 'Login to buy', which go to login?pid=. */
const loginHref = (pid: string) => `/login?pid=${encodeURIComponent(pid)}`;

function AuctionBox({ lot }: { lot: LotView }) {
  const open = lot.market_status === 'open';
  return (
    <Card data-testid="auction-box">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed">
            {lot.cbidtext}
          </Text>
          <Price cents={lot.wprice} fz={28} c="burgundy.8" data-testid="current-bid" />
          <Text size="sm" c="dimmed">
            {lot.bid_count} {lot.bid_count === 1 ? 'bid' : 'bids'}
            {open ? (
              <>
                {' · '}Next bid <Price cents={lot.next_bid} size="sm" data-testid="next-bid" />
              </>
            ) : null}
          </Text>
        </div>
        <Countdown lot={lot} size="md" />
      </Group>
      {open ? (
        <Button component="a" href={loginHref(lot.id)} mt="md" fullWidth size="md" data-testid="login-to-bid">
          Login to Bid
        </Button>
      ) : null}
      <Text size="xs" c="dimmed" mt="sm" data-testid="premium-note">
        {PREMIUM_NOTE}
      </Text>
    </Card>
  );
}

function BuyNowBox({ lot, bprice }: { lot: LotView; bprice: number }) {
  const now = useAtomValue(serverNowAtom);
  const available = buyNowAvailable(lot, now);
  return (
    <Card data-testid="buy-now-box">
      <Text size="sm" c="dimmed">
        Buy Now (per bottle)
      </Text>
      <Price cents={bprice} fz={24} data-testid="buy-now-price" />
      <DiscountTable rows={lot.discount_buynow_records} unitPrice={bprice} />
      {available ? (
        <Button
          component="a"
          href={loginHref(lot.id)}
          mt="md"
          variant="outline"
          fullWidth
          data-testid="login-to-buy"
        >
          Login to buy
        </Button>
      ) : null}
    </Card>
  );
}

/** seeds 000 §2.7 / §9: the description is cut at 300 characters with a read more. */
function Description({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  if (!text) return null;
  const long = text.length > DESCRIPTION_PREVIEW;
  const shown = long && !expanded ? `${text.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…` : text;
  return (
    <section aria-labelledby="lot-information">
      <Title order={2} fz="xl" id="lot-information" mb="xs">
        Reviews / Information
      </Title>
      <Text className={classes.description} data-testid="lot-description">
        {shown}
      </Text>
      {long ? (
        <Button variant="subtle" px={0} onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
          {expanded ? 'Read less' : 'Read more'}
        </Button>
      ) : null}
    </section>
  );
}
