import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardRecord, InputOf } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr, onceKeys } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { brandName } from '../PaymentCards/cards.ts';

/** The cards on file again, with their holds as they are now (and the user's card_on_file). */
const refreshCards = (queryClient: ReturnType<typeof useQueryClient>) =>
  invalidateAction(queryClient, 'getCards');

/**
 * seeds 001 "Payments" payment/authorize: on an auction (or accepted offers') checkout, the total with
 * the delivery chosen is held on the card chosen without taking it, to pay later; paying with the card
 * takes the hold. Shown while a saved card is chosen and the choice is priced (`input`); a card that
 * holds an amount already says so, with the hold given back from here.
 */
export function HoldOnCard({
  input,
  card,
}: {
  input: InputOf<'saveAddress'> | null;
  card: CardRecord | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  // Pressed again after the network failed, the same request: the card is held once.
  const [keys] = useState(() => onceKeys());
  const hold = useMutation({
    mutationFn: (body: InputOf<'authorizeCard'>) =>
      callForMessage('authorizeCard', body, { commandId: keys.keyFor(body) }),
    onSuccess: ({ message, responseData }) => {
      pushAlert({ msg: messageOr(message, formatMoney(responseData.amount)), type: 'success' });
      void refreshCards(queryClient);
    },
    onError: (error) => pushAlert({ msg: errorMessage(error), type: 'error' }),
    onSettled: (_data, error) => keys.settled(error),
  });
  if (!input || input.type === 'buynow' || !card) return null;
  if (card.hold) return <CardHoldNote card={card} hold={card.hold} />;
  const { type, ...choice } = input;
  return (
    <>
      <Button
        variant="default"
        fullWidth
        onClick={() => hold.mutate({ ...choice, type, card_id: card.id })}
        loading={hold.isPending}
        data-testid="hold-on-card"
      >
        {t('ui.cardHolds.hold')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('ui.cardHolds.holdHint')}
      </Text>
    </>
  );
}

/** A card's hold: how much until when, and the buyer gives it back (payment/releaseAuthorization). */
export function CardHoldNote({
  card,
  hold,
  compact = false,
}: {
  card: Pick<CardRecord, 'brand' | 'last4'>;
  hold: NonNullable<CardRecord['hold']>;
  /** On the card's line of a list: the amount and date only, beside the button. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const release = useMutation({
    mutationFn: () => callForMessage('releaseCardHold', { hold_id: hold.id }),
    onSuccess: ({ message }) => {
      pushAlert({ msg: messageOr(message, t('ui.cardHolds.release')), type: 'success' });
      void refreshCards(queryClient);
    },
    onError: (error) => pushAlert({ msg: errorMessage(error), type: 'error' }),
  });
  const amount = formatMoney(hold.amount);
  const date = formatDate(hold.expires_at);
  const releaseProps = {
    onClick: () => release.mutate(),
    loading: release.isPending,
    'aria-label': t('ui.cardHolds.releaseOf', { amount, card: `${brandName(card)} ${card.last4}` }),
    'data-testid': 'release-hold',
  };
  if (!compact) {
    // In the checkout's column: the full-width button, as the column's other actions (it stands where
    // "Hold the total on this card" was), under what is held.
    return (
      <Stack gap="xs" data-testid="card-hold">
        <Text size="sm" c="dimmed">
          {t('ui.cardHolds.heldOnCard', { amount, date })}
        </Text>
        <Button variant="default" fullWidth {...releaseProps}>
          {t('ui.cardHolds.release')}
        </Button>
      </Stack>
    );
  }
  return (
    <Group gap="xs" justify="space-between" wrap="wrap" data-testid="card-hold">
      <Text size="sm" c="dimmed">
        {t('ui.cardHolds.held', { amount, date })}
      </Text>
      <Button size="compact-sm" variant="subtle" {...releaseProps}>
        {t('ui.cardHolds.release')}
      </Button>
    </Group>
  );
}
