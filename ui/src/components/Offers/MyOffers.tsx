import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type OfferView, t as shared } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, messageOr } from '../../api/client.ts';
import { lineImage } from '../../lib/cart.ts';
import { formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { useServerNow } from '../../state/clock.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { ButtonLink } from '../ButtonLink.tsx';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { LotImage } from '../LotImage/LotImage.tsx';
import { AcceptOfferButton } from './AcceptOfferButton.tsx';
import { CounterOfferDialog, type CounterTerms } from './CounterOfferDialog.tsx';
import { OFFERS_PAGE_SIZE, OfferList, type OfferListView } from './OfferList.tsx';
import classes from './Offers.module.css';
import { isLive } from './offer-labels.ts';
import { invalidateOffers, myOffersQuery, tempCartQuery } from './offer-queries.ts';
import { useOfferChanges } from './use-offer-changes.ts';

export interface MyOffersProps {
  view: OfferListView;
  onChange: (view: OfferListView) => void;
}

const refOf = (offer: OfferView) => ({ product_id: offer.product_id, offer_id: offer.id });

/** An accepted offer whose invoice waits to be paid. */
const toPay = (offer: OfferView): offer is OfferView & { invoice_id: string } =>
  offer.status === 'accepted' && offer.invoice_id !== null && !offer.paid;

/**
 * The buyer's answers (issue 36): to a counter-offer, accept (a second chance: bidConfirmTemp),
 * decline (cancelttwbidTemp) or counter once more; withdraw an offer the seller has not answered.
 */
function useBuyerAnswers() {
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const done = (message: string, fallback: string) => {
    pushAlert({ msg: messageOr(message, fallback), type: 'success' });
    return invalidateOffers(queryClient);
  };
  return {
    accept: async (offer: OfferView) => {
      const { message } = await callForMessage(
        offer.kind === 'second_chance' ? 'bidConfirmTemp' : 'acceptOfferTemp',
        refOf(offer),
      );
      await done(message, shared('offers.acceptedPay'));
    },
    decline: async (offer: OfferView) => {
      const { message } =
        offer.kind === 'second_chance'
          ? await callForMessage('cancelttwbidTemp', refOf(offer))
          : await callForMessage('answerOfferTemp', { ...refOf(offer), status: 'decline' });
      await done(message, shared('offers.declined'));
    },
    withdraw: async (offer: OfferView) => {
      const { message } = await callForMessage('answerOfferTemp', { ...refOf(offer), status: 'withdraw' });
      await done(message, shared('offers.withdrawn'));
    },
    counter: async (offer: OfferView, terms: CounterTerms) => {
      const { message } = await callForMessage('answerOfferTemp', {
        ...refOf(offer),
        status: 'counter',
        ...terms,
      });
      await done(message, shared('offers.countered'));
    },
  };
}

type Answers = ReturnType<typeof useBuyerAnswers>;

/** The buttons of one offer, by its state and whose turn it is. */
function BuyerActions({
  offer,
  answers,
  onCounter,
}: {
  offer: OfferView;
  answers: Answers;
  onCounter: (offer: OfferView) => void;
}) {
  const { t } = useTranslation();
  const now = useServerNow();
  const title = offer.title;
  if (toPay(offer)) {
    return (
      <ButtonLink
        size="xs"
        to="/checkout/$type/$cart_id"
        params={{ type: 'offer', cart_id: offer.invoice_id }}
        data-testid="offer-pay"
      >
        {t('ui.offers.payNow')}
      </ButtonLink>
    );
  }
  if (offer.status === 'accepted' && offer.invoice_id !== null) {
    return (
      <ButtonLink
        size="xs"
        variant="default"
        to="/invoice/$id"
        params={{ id: offer.invoice_id }}
        data-testid="offer-invoice"
      >
        {t('ui.offers.viewInvoice')}
      </ButtonLink>
    );
  }
  if (!isLive(offer, now)) return null;
  if (offer.turn === 'seller') {
    return (
      <Button
        size="xs"
        variant="default"
        aria-label={t('ui.offers.withdrawTitle', { title })}
        data-testid="offer-withdraw"
        onClick={() =>
          confirmDialog({
            title: t('ui.offers.withdrawTitle', { title }),
            confirmLabel: t('ui.offers.withdraw'),
            destructive: true,
            confirmTestId: 'confirm-withdraw',
            children: <Text size="sm">{t('ui.offers.withdrawBody', { title })}</Text>,
            onConfirm: () => answers.withdraw(offer),
          })
        }
      >
        {t('ui.offers.withdraw')}
      </Button>
    );
  }
  if (offer.turn !== 'buyer') return null;
  const mayCounter = offer.kind === 'offer' && offer.counters < offer.max_counters;
  return (
    <>
      <AcceptOfferButton offer={offer} body="ui.offers.acceptBuyer" onAccept={() => answers.accept(offer)} />
      <Button
        size="xs"
        color="red"
        variant="light"
        aria-label={t('ui.offers.declineTitle', { title })}
        data-testid="offer-decline"
        onClick={() =>
          confirmDialog({
            title: t('ui.offers.declineTitle', { title }),
            confirmLabel: t('ui.offers.decline'),
            destructive: true,
            confirmTestId: 'confirm-decline',
            children: <Text size="sm">{t('ui.offers.declineBuyer', { title })}</Text>,
            onConfirm: () => answers.decline(offer),
          })
        }
      >
        {t('ui.offers.decline')}
      </Button>
      {mayCounter ? (
        <Button
          size="xs"
          variant="default"
          aria-label={t('ui.offers.counterTitle', { title })}
          data-testid="offer-counter"
          onClick={() => onCounter(offer)}
        >
          {t('ui.offers.counter')}
        </Button>
      ) : null}
    </>
  );
}

/** The temporary cart: the accepted offers waiting to be paid, each with Pay now (and all at once). */
function TempCart() {
  const { t } = useTranslation();
  const cart = useQuery(tempCartQuery());
  const lines = cart.data?.records.filter(toPay) ?? [];
  if (lines.length === 0) return null;
  const total = lines.reduce((sum, offer) => sum + offer.price * offer.qty, 0);
  return (
    <Card component="section" aria-labelledby="temp-cart-title" mb="lg" data-testid="temp-cart">
      <Title order={2} fz={20} id="temp-cart-title">
        {t('ui.offers.tempCartTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.offers.tempCartIntro')}
      </Text>
      <Stack component="ul" gap="xs" className={classes.list}>
        {lines.map((offer) => (
          <Group
            component="li"
            key={offer.id}
            gap="sm"
            wrap="nowrap"
            align="center"
            data-testid="temp-cart-line"
            data-invoice-id={offer.invoice_id}
          >
            <LotImage
              src={lineImage(offer.image)}
              alt=""
              w={48}
              h={48}
              radius="sm"
              className={classes.image}
            />
            <div className={classes.body}>
              <AnchorLink
                to="/productview/$pid"
                params={{ pid: offer.product_id }}
                size="sm"
                fw={600}
                className={classes.title}
              >
                {offer.title}
              </AnchorLink>
              <Text size="sm" c="dimmed">
                {t('ui.offers.terms', { qty: offer.qty, price: formatMoney(offer.price) })} ·{' '}
                {formatMoney(offer.price * offer.qty)}
              </Text>
            </div>
            <ButtonLink
              size="xs"
              to="/checkout/$type/$cart_id"
              params={{ type: 'offer', cart_id: offer.invoice_id }}
              data-testid="temp-cart-pay"
            >
              {t('ui.offers.payNow')}
            </ButtonLink>
          </Group>
        ))}
      </Stack>
      {lines.length > 1 ? (
        <Group justify="flex-end" mt="sm">
          <ButtonLink
            to="/checkout/$type/$cart_id"
            params={{ type: 'offer', cart_id: 'all' }}
            data-testid="temp-cart-pay-all"
          >
            {t('ui.offers.payAll')} ({formatMoney(total)})
          </ButtonLink>
        </Group>
      ) : null}
    </Card>
  );
}

/**
 * /offers (issue 36): the buyer's offers by status, with the temporary cart on top; each answered
 * where it stands. The socket's offer messages load them again.
 */
export function MyOffers({ view, onChange }: MyOffersProps) {
  const { t } = useTranslation();
  useOfferChanges();
  const answers = useBuyerAnswers();
  const [countering, setCountering] = useState<OfferView | null>(null);
  const list = useQuery({
    ...myOffersQuery({ status: view.status, page: view.page, limit: OFFERS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <Container py="xl">
      <Title order={1} mb={4}>
        {t('ui.offers.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('ui.offers.intro')}
      </Text>
      <TempCart />
      <Card component="section" aria-label={t('ui.offers.title')}>
        <OfferList
          view={view}
          onChange={onChange}
          query={list}
          perspective="buyer"
          actionsOf={(offer) => <BuyerActions offer={offer} answers={answers} onCounter={setCountering} />}
          empty={
            <>
              {t('ui.offers.empty')} {t('ui.offers.emptyHint')}{' '}
              <AnchorLink to="/search">{t('ui.offers.browse')}</AnchorLink>
            </>
          }
        />
      </Card>
      {countering ? (
        <CounterOfferDialog
          offer={countering}
          onClose={() => setCountering(null)}
          onSubmit={(terms) => answers.counter(countering, terms)}
        />
      ) : null}
    </Container>
  );
}
