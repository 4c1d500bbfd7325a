import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { bidStatusMessage, type LotView } from '@wine/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { colourLabel, colourSwatch, headlinePrice, imageUrls, lotText } from '../../lib/lot.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { Countdown } from '../Countdown/Countdown.tsx';
import { useCurrentLanguage } from '../LanguageSwitch/language-label.tsx';
import { LotImage } from '../LotImage/LotImage.tsx';
import { Price } from '../Price/Price.tsx';
import { ScoreBadges } from '../ScoreBadges/ScoreBadges.tsx';
import classes from './LotCard.module.css';

export interface LotCardProps {
  lot: LotView;
  /**
   * The card title's level: 2 by default, under a listing page's h1 (or beside a section's h2), so
   * no level is skipped (axe heading-order, issue 11); 3 inside a section with its own h2.
   */
  headingOrder?: 2 | 3 | 4;
  /** Offers a quick view (the product detail drawer). */
  onQuickView?: (lotId: string) => void;
  /**
   * Among the first cards of a page, likely in view at once: the picture loads at once instead of
   * when it nears the viewport (it is often the largest thing painted, issue 11).
   */
  priority?: boolean;
}

/** seeds 000 §4.2: the colour of each standing. */
export const statusColour = { winner: 'teal.8', won: 'teal.8', outbid: 'red.8', lost: 'gray.7' } as const;

/** One lot in a grid: picture, name, origin, scores, headline price and time left. */
export function LotCard({ lot, headingOrder = 2, onQuickView, priority = false }: LotCardProps) {
  const { t } = useTranslation();
  const { title } = lotText(lot, useCurrentLanguage());
  const titleId = useId();
  const price = headlinePrice(lot);
  const origin = [lot.custitemctregion, lot.custitem_gvo_country].filter(Boolean).join(', ');
  return (
    <Card
      component="article"
      className={classes.card}
      aria-labelledby={titleId}
      data-testid="lot-card"
      data-lot-id={lot.id}
      data-market-status={lot.market_status}
    >
      <Card.Section className={classes.image}>
        <LotImage
          src={imageUrls(lot)[0]}
          alt=""
          h={200}
          loading={priority ? 'eager' : 'lazy'}
          sizes="(max-width: 48em) 100vw, 320px"
        />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs">
          {/* The swatch tints the badge; its words stay dark (the light variant's own text colour reads
              below 4.5:1 on its tint for yellow and orange). */}
          <Badge color={colourSwatch(lot.custitem_gvo_color)} variant="light" size="sm" c="dark.7">
            {colourLabel(lot.custitem_gvo_color)}
          </Badge>
          {lot.auction === 1 && lot.custitemlot_number ? (
            <Text size="xs" c="dimmed">
              {t('ui.lot.lotNumber', { number: lot.custitemlot_number })}
            </Text>
          ) : null}
        </Group>
        <Title order={headingOrder} id={titleId} className={classes.title}>
          <AnchorLink
            to="/productview/$pid"
            params={{ pid: lot.id }}
            className={classes.link}
            underline="never"
          >
            {title}
          </AnchorLink>
        </Title>
        <Text size="sm" c="dimmed">
          {[origin, lot.custitem_gvo_bottlesize].filter(Boolean).join(' · ')}
        </Text>
        <ScoreBadges lot={lot} size="xs" />
        <Group className={classes.footer} justify="space-between" align="flex-end" wrap="nowrap">
          {price ? (
            <div>
              <Text size="xs" c="dimmed">
                {price.label}
              </Text>
              <Price cents={price.cents} size="lg" c="burgundy.8" data-testid="lot-price" />
            </div>
          ) : (
            <span />
          )}
          {lot.auction === 1 ? (
            <Text size="xs" c="dimmed" data-testid="bid-count">
              {t(lot.bid_count === 1 ? 'ui.lot.bidOne' : 'ui.lot.bidMany', { n: lot.bid_count })}
            </Text>
          ) : null}
        </Group>
        {lot.bidtopstatus ? (
          <Text size="sm" fw={600} c={statusColour[lot.bidtopstatus]} data-testid="card-bid-status">
            {bidStatusMessage[lot.bidtopstatus]}
          </Text>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Countdown lot={lot} size="xs" />
          {onQuickView ? (
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={() => onQuickView(lot.id)}
              aria-label={t('ui.lot.quickViewOf', { title })}
            >
              {t('ui.lot.quickView')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
