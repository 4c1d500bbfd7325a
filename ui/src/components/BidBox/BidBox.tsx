import { Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BidConfirmResult,
  bidMessages,
  bidOptions,
  bidStatusMessage,
  type LotView,
} from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError, call, errorMessage } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { checkBidAmount } from '../../lib/bid-form.ts';
import { formatMoney } from '../../lib/format.ts';
import { priceLabel } from '../../lib/lot.ts';
import { useAddCardFirst } from '../../lib/use-add-card-first.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { useServerNow } from '../../state/clock.ts';
import { useMarketSettings } from '../../state/market.ts';
import { currentUserAtom } from '../../state/session.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { Countdown } from '../Countdown/Countdown.tsx';
import { statusColour } from '../LotCard/LotCard.tsx';
import { PremiumNote } from '../PremiumNote/PremiumNote.tsx';
import { Price } from '../Price/Price.tsx';

export interface BidBoxProps {
  lot: LotView;
  /** The bid was accepted: the page shows the new price and standing at once (the socket confirms). */
  onBid: (result: BidConfirmResult) => void;
}

/** seeds 000 §4.2 / §4.3: the current bid, the user's standing, the bid dropdown and Confirm Bid. */
export function BidBox({ lot, onBid }: BidBoxProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const market = useMarketSettings();
  const now = useServerNow();
  const pushAlert = useSetAtom(pushAlertAtom);
  const addCardFirst = useAddCardFirst();
  const [chosen, setChosen] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const proxy = market.proxy_bidding_settings !== 0;
  // The server clock decides: past the (extended) close no more bids, whatever the status says yet.
  const open = lot.market_status === 'open' && !lot.future_active && Date.parse(lot.date_closed) > now;
  const options = bidOptions(market.bid_increments, lot.next_bid);
  const leading = lot.bidtopstatus === 'winner';
  const action = leading
    ? t(proxy ? 'ui.bidBox.increaseMaxBid' : 'ui.bidBox.increaseHardBid')
    : t('ui.bidBox.placeBid');

  const bid = useMutation({
    mutationFn: (wsprice: number) =>
      call('bidConfirm', { id: lot.id, wsprice, bidding_type: proxy ? 'proxy' : 'hard' }),
    onSuccess: (result) => {
      pushAlert({ msg: bidMessages.placed, type: 'success' });
      onBid(result);
      setChosen(null);
      setTyped('');
      // My Bids has changed (the lot's history follows its bid count: BidHistory).
      void invalidateAction(queryClient, 'myBids');
    },
    onError: (e) => {
      // seeds 000 §5: no card on file (the card was removed meanwhile): told so and sent to add one.
      if (e instanceof ApiError && e.code === 'ADD_CARD') addCardFirst(bidMessages.addCard);
      else pushAlert({ msg: errorMessage(e), type: 'error' });
    },
  });

  const placeBid = () => {
    const checked = checkBidAmount(typed || (chosen ? formatMoney(Number(chosen)) : ''), lot.next_bid);
    if ('error' in checked) return setError(checked.error);
    setError(null);
    // seeds 000 §5: a card must be on file first.
    if (!user?.card_on_file) return addCardFirst(bidMessages.addCard);
    // The answer, good or bad, is told in a toast: the dialog closes once it is in.
    confirmDialog({
      title: t('ui.bidBox.confirmTitle'),
      confirmLabel: t('ui.common.submit'),
      confirmTestId: 'confirm-bid',
      children: (
        <>
          <Text>
            <Trans
              i18nKey={proxy ? 'ui.bidBox.confirmProxy' : 'ui.bidBox.confirmHard'}
              values={{ amount: formatMoney(checked.cents), title: lot.title }}
              components={{ strong: <strong data-testid="confirm-amount" /> }}
            />
          </Text>
          {proxy ? (
            <Text size="sm" c="dimmed">
              {t('ui.bidBox.proxyNote')}
            </Text>
          ) : null}
          <Text size="sm" c="dimmed">
            {t('ui.bidBox.premiumAdded', { premium: market.buyer_premium })}
          </Text>
        </>
      ),
      onConfirm: async () => {
        try {
          await bid.mutateAsync(checked.cents);
        } catch {
          // Told in a toast (onError).
        }
      },
    });
  };

  return (
    <Card data-testid="auction-box">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed">
            {priceLabel(lot.cbidtext)}
          </Text>
          <Price
            cents={lot.market_status === 'sold' && lot.buynowamount !== null ? lot.buynowamount : lot.wprice}
            fz={28}
            c="burgundy.8"
            data-testid="current-bid"
          />
          <Text size="sm" c="dimmed">
            <span data-testid="bid-count">
              {t(lot.bid_count === 1 ? 'ui.lot.bidOne' : 'ui.lot.bidMany', { n: lot.bid_count })}
            </span>
            {open ? (
              <>
                {' · '}
                {t('ui.bidBox.nextBid')} <Price cents={lot.next_bid} size="sm" data-testid="next-bid" />
              </>
            ) : null}
          </Text>
        </div>
        <Countdown lot={lot} size="md" />
      </Group>

      {lot.bidtopstatus ? (
        <Text mt="sm" fw={600} c={statusColour[lot.bidtopstatus]} data-testid="bid-status" role="status">
          {bidStatusMessage[lot.bidtopstatus]}
        </Text>
      ) : null}
      {open && proxy && lot.my_max_bid !== null && lot.bidtopstatus !== null ? (
        <Text size="sm" c="dimmed" data-testid="my-max-bid">
          {t('ui.bidBox.myMaxBid', { amount: formatMoney(lot.my_max_bid) })}
        </Text>
      ) : null}

      {open && !user ? (
        <Button
          component="a"
          href={`/login?pid=${encodeURIComponent(lot.id)}`}
          mt="md"
          fullWidth
          size="md"
          data-testid="login-to-bid"
        >
          {t('ui.bidBox.loginToBid')}
        </Button>
      ) : null}
      {open && user && lot.own_lot === 1 ? (
        <Text mt="md" c="dimmed" data-testid="own-lot">
          {bidMessages.ownLot}
        </Text>
      ) : null}
      {open && user && lot.own_lot === 0 ? (
        <Stack gap="xs" mt="md">
          <Group align="flex-end" gap="xs" grow>
            <Select
              label={t(proxy ? 'ui.bidBox.yourMaxBid' : 'ui.bidBox.yourBid')}
              placeholder={bidMessages.selectAmount}
              data={options.map((cents) => ({ value: String(cents), label: formatMoney(cents) }))}
              value={chosen}
              onChange={(value) => {
                setChosen(value);
                setTyped('');
                setError(null);
              }}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="bid-select"
            />
            <TextInput
              label={t('ui.bidBox.orEnterAmount')}
              placeholder={formatMoney(lot.next_bid)}
              inputMode="decimal"
              value={typed}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setChosen(null);
                setError(null);
              }}
              data-testid="bid-amount"
            />
          </Group>
          {error ? (
            <Text size="sm" c="red.8" role="alert" data-testid="bid-error">
              {error}
            </Text>
          ) : null}
          <Button onClick={placeBid} size="md" data-testid="place-bid">
            {action}
          </Button>
        </Stack>
      ) : null}

      <PremiumNote mt="sm" />
    </Card>
  );
}
