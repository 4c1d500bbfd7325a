import { Checkbox, Radio, Skeleton, Stack, Text } from '@mantine/core';
import type { CardRecord } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { brandName, formatExpiry } from '../PaymentCards/cards.ts';

export interface PaymentChoiceProps {
  /** The saved cards; undefined while they load. */
  cards: CardRecord[] | undefined;
  cardId: string | null;
  onCard: (id: string) => void;
  /** The wallet's balance in cents; undefined while it loads. */
  balance: number | undefined;
  useWallet: boolean;
  onUseWallet: (use: boolean) => void;
  error?: string | null;
}

/** How the buyer pays (contracts PaymentChoice): a saved card, wallet credit, or the wallet first. */
export function PaymentChoice({
  cards,
  cardId,
  onCard,
  balance,
  useWallet,
  onUseWallet,
  error,
}: PaymentChoiceProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {cards === undefined ? (
        <Skeleton height={60} />
      ) : cards.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-cards">
          {t('ui.checkout.noCards')}
        </Text>
      ) : (
        <Radio.Group
          label={t('ui.checkout.cards')}
          value={cardId}
          onChange={onCard}
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
          </Stack>
        </Radio.Group>
      )}
      <AnchorLink to="/account/profile" size="sm">
        {t('ui.checkout.addCard')}
      </AnchorLink>
      <Checkbox
        label={t('ui.checkout.useWallet', { balance: formatMoney(balance ?? 0) })}
        checked={useWallet}
        disabled={!balance}
        onChange={(event) => onUseWallet(event.currentTarget.checked)}
        data-testid="use-wallet"
      />
      {error && cards?.length === 0 ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
