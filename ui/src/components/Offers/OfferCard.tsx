import { Badge, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import type { OfferStep, OfferView } from '@wine/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lineImage } from '../../lib/cart.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useServerNow } from '../../state/clock.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { formatRemaining } from '../Countdown/countdown.ts';
import { LotImage } from '../LotImage/LotImage.tsx';
import classes from './Offers.module.css';
import {
  endReasonLabels,
  isEndReason,
  isLive,
  offerActorLabels,
  offerStatusColours,
  offerStatusLabels,
  offerStepLabels,
} from './offer-labels.ts';

/** Whose list shows the offer: the buyer's own ('you'), or the seller's side's (the buyer named). */
export type OfferPerspective = 'buyer' | 'staff';

export function OfferStatusBadge({ status }: { status: OfferView['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={offerStatusColours[status]} variant="light" data-testid="offer-status">
      {t(offerStatusLabels[status])}
    </Badge>
  );
}

/** The time an offer waiting for an answer has left, ticking against the server clock. */
export function OfferTimeLeft({ offer }: { offer: OfferView }) {
  const now = useServerNow();
  if (!isLive(offer, now)) return null;
  return (
    <span role="timer" data-testid="offer-time-left">
      {formatRemaining(Date.parse(offer.expires_at) - now)}
    </span>
  );
}

/** Why an offer ended, in words when it is one of the known reasons. */
function useReasonText() {
  const { t } = useTranslation();
  return (reason: string) => (isEndReason(reason) ? t(endReasonLabels[reason]) : reason);
}

function Step({ step, perspective }: { step: OfferStep; perspective: OfferPerspective }) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const who = step.by === 'buyer' && perspective === 'buyer' ? 'you' : step.by;
  const terms =
    step.price !== null && step.qty !== null
      ? t('ui.offers.terms', { qty: step.qty, price: formatMoney(step.price) })
      : null;
  return (
    <li data-testid="offer-step" data-action={step.action}>
      <Text size="sm" fw={500}>
        {t(offerStepLabels[step.action])}
        {terms ? ` · ${terms}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {t('ui.offers.stepBy', { who: t(offerActorLabels[who]) })} · {formatDateTime(step.at)}
      </Text>
      {step.reason ? (
        <Text size="xs" c="dimmed">
          {t('ui.offers.reason', { reason: reasonText(step.reason) })}
        </Text>
      ) : null}
    </li>
  );
}

/** The offer's steps, collapsed under a toggle. */
function OfferHistory({ offer, perspective }: { offer: OfferView; perspective: OfferPerspective }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const id = useId();
  if (offer.history.length === 0) return null;
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        aria-expanded={opened}
        aria-controls={id}
        onClick={() => setOpened((o) => !o)}
        data-testid="offer-history-toggle"
      >
        {t('ui.offers.showHistory', { n: offer.history.length })}
      </Button>
      <Collapse expanded={opened} id={id}>
        <Stack
          component="ol"
          gap={6}
          mt={4}
          className={classes.steps}
          aria-label={t('ui.offers.historyOf', { title: offer.title })}
        >
          {offer.history.map((step) => (
            <Step key={`${step.at}-${step.action}-${step.by}`} step={step} perspective={perspective} />
          ))}
        </Stack>
      </Collapse>
    </div>
  );
}

function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

export interface OfferCardProps {
  offer: OfferView;
  perspective: OfferPerspective;
  /** What can be done with it now (by its state and whose turn it is). */
  actions?: ReactNode;
}

/**
 * One offer as a card (its lists are cards on every screen, so a phone reads them without scrolling
 * sideways): the lot, the status and whose answer it waits for, the terms against the asking price,
 * the time left, the counter-offers, the buyer (staff), why it ended, the actions and the history.
 */
export function OfferCard({ offer, perspective, actions }: OfferCardProps) {
  const { t } = useTranslation();
  const reasonText = useReasonText();
  const now = useServerNow();
  const live = isLive(offer, now);
  const turn =
    live && offer.turn === 'buyer'
      ? t(perspective === 'buyer' ? 'ui.offers.turnYou' : 'ui.offers.turnBuyer')
      : live && offer.turn === 'seller'
        ? t('ui.offers.turnSeller')
        : null;
  return (
    <Paper
      withBorder
      p="sm"
      component="li"
      className={classes.card}
      data-testid="offer-card"
      data-offer-id={offer.id}
      data-status={offer.status}
    >
      <Stack gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="md">
          {/* The title beside it names the wine: the picture adds nothing for a screen reader. */}
          <LotImage src={lineImage(offer.image)} alt="" w={64} h={64} radius="sm" className={classes.image} />
          <Stack gap={4} className={classes.body}>
            <AnchorLink
              to="/productview/$pid"
              params={{ pid: offer.product_id }}
              fw={600}
              className={classes.title}
              data-testid="offer-title"
            >
              {offer.title}
            </AnchorLink>
            <Group gap={6} wrap="wrap">
              <OfferStatusBadge status={offer.status} />
              {offer.kind === 'second_chance' ? (
                <Badge color="grape" variant="outline" data-testid="offer-second-chance">
                  {t('ui.offers.secondChance')}
                </Badge>
              ) : null}
            </Group>
            {turn ? (
              <Text size="sm" c={offer.turn === 'buyer' && perspective === 'buyer' ? '#a63c06' : 'dimmed'}>
                {turn}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <dl className={classes.facts}>
          {perspective === 'staff' && (offer.buyer_name || offer.buyer_email) ? (
            <Fact term={t('ui.offers.buyer')} testId="offer-buyer">
              {offer.buyer_name}
              {offer.buyer_email ? (
                <Text span display="block" size="xs" c="dimmed">
                  {offer.buyer_email}
                </Text>
              ) : null}
            </Fact>
          ) : null}
          <Fact term={t('ui.offers.qty')} testId="offer-qty">
            {offer.qty}
          </Fact>
          <Fact
            term={t(perspective === 'staff' ? 'ui.offers.current' : 'ui.offers.price')}
            testId="offer-price"
          >
            {formatMoney(offer.price)}
          </Fact>
          {perspective === 'staff' || offer.offered_price !== offer.price ? (
            <Fact term={t('ui.offers.offered')} testId="offer-offered">
              {formatMoney(offer.offered_price)}
            </Fact>
          ) : null}
          <Fact term={t('ui.offers.asking')} testId="offer-asking">
            {offer.asking_price !== null ? formatMoney(offer.asking_price) : t('ui.offers.none')}
          </Fact>
          <Fact term={t('ui.offers.total')} testId="offer-total">
            {formatMoney(offer.price * offer.qty)}
          </Fact>
          {live ? (
            <Fact term={t('ui.offers.timeLeft')}>
              <OfferTimeLeft offer={offer} />
            </Fact>
          ) : (
            <Fact term={t('ui.offers.updated')}>{formatDateTime(offer.updated_at)}</Fact>
          )}
          <Fact term={t('ui.offers.counters')} testId="offer-counters">
            {t('ui.offers.countersOf', { n: offer.counters, max: offer.max_counters })}
          </Fact>
        </dl>
        {offer.reason ? (
          <Text size="sm" c="dimmed" data-testid="offer-reason">
            {t('ui.offers.reason', { reason: reasonText(offer.reason) })}
          </Text>
        ) : null}
        {actions ? (
          <Group gap="xs" wrap="wrap" className={classes.actions} data-testid="offer-actions">
            {actions}
          </Group>
        ) : null}
        <OfferHistory offer={offer} perspective={perspective} />
      </Stack>
    </Paper>
  );
}

/** Offers as a list of cards. */
export function OfferCardList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" aria-label={label} className={classes.list} data-testid="offer-list">
      {children}
    </Stack>
  );
}
