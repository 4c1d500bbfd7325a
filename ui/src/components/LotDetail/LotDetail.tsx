import { Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import type { BidConfirmResult, LotView } from '@wine/contracts';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { capsuleConditionKeys, fillLevelKeys, labelConditionKeys, packingKeys } from '../../lib/condition.ts';
import { formatMoney } from '../../lib/format.ts';
import {
  availabilityText,
  colourLabel,
  colourSwatch,
  DESCRIPTION_PREVIEW,
  descriptionText,
  imageUrls,
  lotText,
} from '../../lib/lot.ts';
import { BidBox } from '../BidBox/BidBox.tsx';
import { BidHistory } from '../BidHistory/BidHistory.tsx';
import { BuyNowBox } from '../BuyNowBox/BuyNowBox.tsx';
import { FollowProducer } from '../FollowProducer/FollowProducer.tsx';
import { useCurrentLanguage } from '../LanguageSwitch/language-label.tsx';
import { LotCard } from '../LotCard/LotCard.tsx';
import { LotImage } from '../LotImage/LotImage.tsx';
import { MakeOffer } from '../Offers/MakeOffer.tsx';
import { ScoreBadges } from '../ScoreBadges/ScoreBadges.tsx';
import { WatchlistToggle } from '../WatchlistToggle/WatchlistToggle.tsx';
import classes from './LotDetail.module.css';

export interface LotDetailProps {
  lot: LotView;
  /** seeds 000 §2.7 / §7: three similar lots. */
  similar: LotView[];
  /** The page's copy of the lot changed by this user's own action (a bid, the watchlist). */
  onChange: (update: (lot: LotView) => LotView) => void;
  /** The drawer variant is narrower: one column. */
  variant?: 'page' | 'drawer';
}

/** The bid confirmation as the lot the user sees: price, next bid, count, their standing, the close. */
export const withBidResult =
  (result: BidConfirmResult) =>
  (lot: LotView): LotView => ({
    ...lot,
    wprice: result.wprice,
    next_bid: result.next_bid,
    bid_count: result.bid_count,
    bidtopstatus: result.bidtopstatus,
    bid_or_not: lot.bid_or_not + 1,
    date_closed: result.date_closed,
    cbidtext: 'Current Bid',
  });

/** seeds 000 §2.7: the product detail screen (also shown in a drawer from lists). */
export function LotDetail({ lot, similar, onChange, variant = 'page' }: LotDetailProps) {
  const { t } = useTranslation();
  const text = lotText(lot, useCurrentLanguage());
  const wide = variant === 'page';
  return (
    <Stack gap="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: wide ? 5 : 12 }}>
          <Gallery lot={lot} title={text.title} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: wide ? 7 : 12 }}>
          <Stack gap="md">
            <div>
              <Title order={wide ? 1 : 2} fz={{ base: 26, md: wide ? 36 : 28 }} data-testid="lot-title">
                {text.title}
              </Title>
              <Group gap="md" mt={4}>
                <Text size="sm" c="dimmed">
                  {t('ui.lot.sku')} <span data-testid="lot-sku">{lot.itemId}</span>
                </Text>
                {lot.auction === 1 && lot.custitemlot_number ? (
                  <Text size="sm" c="dimmed">
                    {t('ui.lot.lotNo')} <span data-testid="lot-number">{lot.custitemlot_number}</span>
                  </Text>
                ) : null}
              </Group>
              {/* Issue 36 §5: only its invited buyers see a private sale. */}
              {lot.private_sale === 1 ? (
                <Group gap="xs" mt={6} data-testid="lot-private-sale">
                  <Badge color="grape" variant="light">
                    {t('ui.offerBox.privateSale')}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {t('ui.offerBox.privateSaleLine')}
                  </Text>
                </Group>
              ) : null}
            </div>
            <ScoreBadges lot={lot} />
            <Facts lot={lot} />
            {lot.auction === 1 ? (
              <BidBox lot={lot} onBid={(result) => onChange(withBidResult(result))} />
            ) : null}
            {lot.buynow === 1 && lot.bprice !== null ? <BuyNowBox lot={lot} bprice={lot.bprice} /> : null}
            {/* Issue 36: a fixed-price lot, or an auction lot closed unsold, takes offers. */}
            <MakeOffer lot={lot} />
            <Group gap="lg">
              {lot.auction === 1 ? <BidHistory lotId={lot.id} bidCount={lot.bid_count} /> : null}
              <WatchlistToggle
                lot={lot}
                onChange={(watchlistid) => onChange((l) => ({ ...l, watchlistid }))}
              />
              {lot.custitem_gvo_producer ? (
                <FollowProducer producer={lot.custitem_gvo_producer} lotId={lot.id} />
              ) : null}
            </Group>
            <Condition lot={lot} />
            <Description html={text.description} />
          </Stack>
        </Grid.Col>
      </Grid>
      {similar.length > 0 ? (
        <section aria-labelledby="similar-lots">
          <Title order={2} fz="xl" id="similar-lots" mb="sm">
            {t('ui.lot.similar')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: wide ? 3 : 1 }} data-testid="similar-lots">
            {similar.map((s) => (
              <LotCard key={s.id} lot={s} headingOrder={3} />
            ))}
          </SimpleGrid>
        </section>
      ) : null}
    </Stack>
  );
}

function Facts({ lot }: { lot: LotView }) {
  const { t } = useTranslation();
  return (
    <dl className={classes.facts}>
      <dt>{t('ui.lot.colour')}</dt>
      <dd>
        <Badge color={colourSwatch(lot.custitem_gvo_color)} variant="light" data-testid="lot-colour">
          {colourLabel(lot.custitem_gvo_color)}
        </Badge>
      </dd>
      {lot.custitem_gvo_producer ? (
        <>
          <dt>{t('ui.lot.producer')}</dt>
          <dd>{lot.custitem_gvo_producer}</dd>
        </>
      ) : null}
      {lot.vintage ? (
        <>
          <dt>{t('ui.lot.vintage')}</dt>
          <dd>{lot.vintage}</dd>
        </>
      ) : null}
      <dt>{t('ui.lot.country')}</dt>
      <dd>{lot.custitem_gvo_country}</dd>
      {lot.custitemctregion ? (
        <>
          <dt>{t('ui.lot.region')}</dt>
          <dd data-testid="lot-region">{lot.custitemctregion}</dd>
        </>
      ) : null}
      {lot.custitemctsubregion ? (
        <>
          <dt>{t('ui.lot.subregion')}</dt>
          <dd data-testid="lot-subregion">{lot.custitemctsubregion}</dd>
        </>
      ) : null}
      <dt>{t('ui.lot.bottleSize')}</dt>
      <dd data-testid="lot-bottle-size">{lot.custitem_gvo_bottlesize}</dd>
      <dt>{t('ui.lot.lotSize')}</dt>
      <dd>{t(lot.qty === 1 ? 'ui.lot.bottleOne' : 'ui.lot.bottleMany', { n: lot.qty })}</dd>
      <dt>{t('ui.lot.available')}</dt>
      <dd>{availabilityText(lot)}</dd>
      {lot.low_estimate != null && lot.high_estimate != null ? (
        <>
          <dt>{t('ui.lot.estimate')}</dt>
          <dd data-testid="lot-estimate">
            {t('ui.lot.estimateRange', {
              low: formatMoney(lot.low_estimate),
              high: formatMoney(lot.high_estimate),
            })}
          </dd>
        </>
      ) : lot.low_estimate != null || lot.high_estimate != null ? (
        <>
          <dt>{t('ui.lot.estimate')}</dt>
          <dd data-testid="lot-estimate">{formatMoney((lot.low_estimate ?? lot.high_estimate) as number)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** The wine's condition record (issue 33), in the trade's words: what a wine buyer reads before bidding. */
function Condition({ lot }: { lot: LotView }) {
  const { t } = useTranslation();
  const record = lot.condition;
  if (!record) return null;
  const rows: ({ term: string; value: string } | null | '')[] = [
    record.fillLevel && {
      term: t('ui.lot.fillLevel'),
      value: `${t(fillLevelKeys[record.fillLevel])} (${record.fillLevel})`,
    },
    record.label && { term: t('ui.lot.label'), value: t(labelConditionKeys[record.label]) },
    record.capsule && { term: t('ui.lot.capsule'), value: t(capsuleConditionKeys[record.capsule]) },
    record.packing && { term: t('ui.lot.packing'), value: t(packingKeys[record.packing]) },
    record.notes && { term: t('ui.lot.conditionNotes'), value: record.notes },
  ];
  const shown = rows.filter((row) => row !== null && row !== '');
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="lot-condition" data-testid="lot-condition">
      <Title order={2} fz="xl" id="lot-condition" mb="xs">
        {t('ui.lot.condition')}
      </Title>
      <dl className={classes.facts}>
        {shown.map((row) => (
          <Fragment key={row.term}>
            <dt>{row.term}</dt>
            <dd>{row.value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

function Gallery({ lot, title }: { lot: LotView; title: string }) {
  const { t } = useTranslation();
  const images = imageUrls(lot);
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <Stack gap="sm" data-testid="gallery">
      <Card p={0}>
        <LotImage src={current} alt={title} h={420} loading="eager" sizes="(max-width: 62em) 100vw, 560px" />
      </Card>
      {images.length > 1 ? (
        <div className={classes.thumbs}>
          {images.map((src, i) => (
            <button
              type="button"
              key={src}
              className={classes.thumb}
              data-active={i === index || undefined}
              aria-label={t('ui.lot.showImage', { n: i + 1, total: images.length })}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            >
              <LotImage src={src} alt="" h="100%" sizes="100px" />
            </button>
          ))}
        </div>
      ) : null}
    </Stack>
  );
}

/**
 * seeds 000 §2.7 / §9: the description, cut at 300 characters with a read more, as text (desc_proc
 * may hold markup, read by the browser's DOMParser). Shown once mounted: the page painted on the
 * server has no DOMParser, and the app's first render must match it (the description is in the page's
 * JSON-LD for crawlers).
 */
function Description({ html }: { html: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const mounted = useMounted();
  const text = mounted ? descriptionText(html) : '';
  if (!text) return null;
  const long = text.length > DESCRIPTION_PREVIEW;
  const shown = long && !expanded ? `${text.slice(0, DESCRIPTION_PREVIEW).trimEnd()}…` : text;
  return (
    <section aria-labelledby="lot-information">
      <Title order={2} fz="xl" id="lot-information" mb="xs">
        {t('ui.lot.reviews')}
      </Title>
      <Text className={classes.description} data-testid="lot-description">
        {shown}
      </Text>
      {long ? (
        <Button variant="subtle" px={0} onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
          {expanded ? t('ui.lot.readLess') : t('ui.lot.readMore')}
        </Button>
      ) : null}
    </section>
  );
}
