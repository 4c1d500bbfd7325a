import { Checkbox, Radio, Skeleton, Stack, Text } from '@mantine/core';
import type { CardRecord } from '@wine/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { AddCardInCheckout } from '../CheckoutCard/AddCardInCheckout.tsx';
import { brandName, formatExpiry } from '../PaymentCards/cards.ts';
import { gatewayLabel, type HostedGateway } from './payment-gateways.ts';

export interface PaymentChoiceProps {
  /** Paid now (a card, wallet credit) or offline later (bank transfer, at pickup). */
  method: 'card' | 'offline';
  onMethod: (method: 'card' | 'offline') => void;
  /** The saved cards; undefined while they load. */
  cards: CardRecord[] | undefined;
  cardId: string | null;
  onCard: (id: string) => void;
  /** The wallet's balance in cents; undefined while it loads. */
  balance: number | undefined;
  useWallet: boolean;
  onUseWallet: (use: boolean) => void;
  /** The site takes PayPal (paymentGateways): offered beside the cards. */
  paypalOffered?: boolean;
  /** PayPal is chosen instead of a card. */
  paypal?: boolean;
  onPayPal?: (use: boolean) => void;
  /** The hosted gateways the site takes (paymentGateways: Paytm, Cashfree), offered beside the cards. */
  gatewaysOffered?: readonly HostedGateway[];
  /** The hosted gateway chosen instead of a card, or null. */
  gateway?: HostedGateway | null;
  onGateway?: (gateway: HostedGateway) => void;
  /** The card provider takes a new card for one payment, kept nowhere (cardProvider's new_card_payments). */
  newCardOffered?: boolean;
  /** A new card is chosen instead of a saved card or PayPal. */
  newCard?: boolean;
  onNewCard?: () => void;
  /** The new card's fields, shown below the choice while it is chosen. */
  newCardFields?: ReactNode;
  error?: string | null;
}

/** PayPal's and a new card's values among the cards' ids: a colon, which no card id has. */
const PAYPAL = ':paypal';
const NEW_CARD = ':new-card';
/** A hosted gateway's value: `:gateway:paytm`. */
const GATEWAY = ':gateway:';

/**
 * How the buyer pays: now (contracts PaymentChoice: a saved card or PayPal, wallet credit, or the
 * wallet first), or offline (seeds 001 §7 offline/payCartOffline: placed unpaid, paid by bank
 * transfer or at pickup, recorded by finance).
 */
export function PaymentChoice({
  method,
  onMethod,
  cards,
  cardId,
  onCard,
  balance,
  useWallet,
  onUseWallet,
  paypalOffered = false,
  paypal = false,
  onPayPal = () => {},
  gatewaysOffered = [],
  gateway = null,
  onGateway = () => {},
  newCardOffered = false,
  newCard = false,
  onNewCard = () => {},
  newCardFields,
  error,
}: PaymentChoiceProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Radio.Group
        aria-label={t('ui.checkout.payHow')}
        value={method}
        onChange={(value) => onMethod(value === 'offline' ? 'offline' : 'card')}
      >
        <Stack gap="xs">
          <Radio
            value="card"
            label={t(paypalOffered ? 'ui.checkout.payNowOrPayPal' : 'ui.checkout.payNow')}
            data-testid="pay-now"
          />
          <Radio
            value="offline"
            label={t('ui.checkout.payOffline')}
            description={t('ui.checkout.payOfflineHint')}
            data-testid="pay-offline"
          />
        </Stack>
      </Radio.Group>
      {method === 'card' ? (
        <CardPayment
          cards={cards}
          cardId={cardId}
          onCard={onCard}
          balance={balance}
          useWallet={useWallet}
          onUseWallet={onUseWallet}
          paypalOffered={paypalOffered}
          paypal={paypal}
          onPayPal={onPayPal}
          gatewaysOffered={gatewaysOffered}
          gateway={gateway}
          onGateway={onGateway}
          newCardOffered={newCardOffered}
          newCard={newCard}
          onNewCard={onNewCard}
          newCardFields={newCardFields}
          error={error}
        />
      ) : (
        <Text size="sm" c="dimmed" data-testid="offline-explained">
          {t('ui.checkout.offlineExplained')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A saved card, PayPal (where the site takes it) or a new card (where the provider takes one), and the
 * wallet's credit first if the buyer wants.
 */
function CardPayment({
  cards,
  cardId,
  onCard,
  balance,
  useWallet,
  onUseWallet,
  paypalOffered,
  paypal,
  onPayPal,
  gatewaysOffered = [],
  gateway,
  onGateway,
  newCardOffered,
  newCard,
  onNewCard,
  newCardFields,
  error,
}: Omit<PaymentChoiceProps, 'method' | 'onMethod'> & {
  onPayPal: (use: boolean) => void;
  onGateway: (gateway: HostedGateway) => void;
  onNewCard: () => void;
}) {
  const { t } = useTranslation();
  const choose = (value: string) => {
    if (value === PAYPAL) return onPayPal(true);
    if (value === NEW_CARD) return onNewCard();
    const chosenGateway = gatewaysOffered.find((name) => value === `${GATEWAY}${name}`);
    if (chosenGateway) return onGateway(chosenGateway);
    onCard(value);
  };
  const chosen = newCard ? NEW_CARD : gateway ? `${GATEWAY}${gateway}` : paypal ? PAYPAL : cardId;
  const otherWays = paypalOffered || newCardOffered || gatewaysOffered.length > 0;
  return (
    <Stack gap="sm" pl={{ base: 0, xs: 'lg' }}>
      {cards === undefined ? <Skeleton height={60} /> : null}
      {cards?.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-cards">
          {t('ui.checkout.noCards')}
        </Text>
      ) : null}
      {cards !== undefined && (cards.length > 0 || otherWays) ? (
        <Radio.Group
          label={t(
            gatewaysOffered.length > 0
              ? 'ui.checkout.cardOrGateway'
              : paypalOffered
                ? 'ui.checkout.cardOrPayPal'
                : 'ui.checkout.cards',
          )}
          value={chosen}
          onChange={choose}
          error={error}
          data-testid="payment-cards"
        >
          <Stack gap="xs" mt="xs">
            {cards.map((card) => (
              <Radio
                key={card.id}
                value={card.id}
                label={t('ui.checkout.card', {
                  brand: brandName(card),
                  last4: card.last4,
                  expiry: formatExpiry(card),
                })}
              />
            ))}
            {paypalOffered ? (
              <Radio
                value={PAYPAL}
                label={t('ui.checkout.paypal')}
                description={t('ui.checkout.paypalHint')}
                data-testid="pay-paypal"
              />
            ) : null}
            {gatewaysOffered.map((name) => (
              <Radio
                key={name}
                value={`${GATEWAY}${name}`}
                label={t(gatewayLabel[name])}
                description={t('ui.checkout.gatewayHint', { gateway: t(gatewayLabel[name]) })}
                data-testid={`pay-${name}`}
              />
            ))}
            {newCardOffered ? (
              <Radio value={NEW_CARD} label={t('ui.checkout.newCard')} data-testid="pay-new-card" />
            ) : null}
          </Stack>
        </Radio.Group>
      ) : null}
      {newCardOffered && newCard ? newCardFields : null}
      {/* Issue 31: a card is added here, without leaving the checkout. */}
      <AddCardInCheckout onAdded={(card) => onCard(card.id)} />
      <Checkbox
        label={t('ui.checkout.useWallet', { balance: formatMoney(balance ?? 0) })}
        checked={useWallet}
        disabled={!balance}
        onChange={(event) => onUseWallet(event.currentTarget.checked)}
        data-testid="use-wallet"
      />
      {error && cards?.length === 0 && !otherWays ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
