import { Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  bidMessages,
  buyNowAvailable,
  buyNowMessages,
  buyNowUnitPrice,
  initialQuantity,
  type LotView,
  quantityMessage,
  quantityProblem,
  remainingStock,
} from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateCarts } from '../../api/queries.ts';
import { newCheckoutId } from '../../lib/cart.ts';
import { formatMoney } from '../../lib/format.ts';
import { availabilityText } from '../../lib/lot.ts';
import { buyNowOfferOf, quantityTermsOf } from '../../lib/lot-terms.ts';
import { useAddCardFirst } from '../../lib/use-add-card-first.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { useServerNow } from '../../state/clock.ts';
import { currentUserAtom } from '../../state/session.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { DiscountTable } from '../DiscountTable/DiscountTable.tsx';
import { Price } from '../Price/Price.tsx';

export interface BuyNowBoxProps {
  lot: LotView;
  bprice: number;
}

/** seeds 000 §4.4 / §5: the buy-now price and discounts, the quantity, and Confirm buy now. */
export function BuyNowBox({ lot, bprice }: BuyNowBoxProps) {
  const { t } = useTranslation();
  const now = useServerNow();
  const user = useAtomValue(currentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const addCardFirst = useAddCardFirst();
  const queryClient = useQueryClient();
  const [qty, setQty] = useState<number | null>(() => initialQuantity(quantityTermsOf(lot)));
  const [error, setError] = useState<string | null>(null);
  const available = buyNowAvailable(buyNowOfferOf(lot), now);
  const unit = buyNowUnitPrice(bprice, lot.discount_buynow_records, qty ?? 1);
  const addToCart = useMutation({
    mutationFn: (quantity: number) =>
      callForMessage('addToCart', { cart: [{ product_id: lot.id, qty: quantity }] }),
    onSuccess: ({ message }) => {
      pushAlert({ msg: messageOr(message, buyNowMessages.added), type: 'success' });
      // The header's cart badge and the cart page count the new line.
      void invalidateCarts(queryClient);
    },
    onError: (e) => {
      // seeds 000 §5: no card on file (removed meanwhile): told so and sent to add one.
      if (e instanceof ApiError && e.code === 'ADD_CARD') addCardFirst(bidMessages.addCardToBuy);
      else pushAlert({ msg: errorMessage(e), type: 'error' });
    },
  });

  // seeds 001 §7 buynow/addToBuynow (issue 38 §2): this lot alone, straight to its checkout; the rest
  // of the cart waits saved for later.
  const navigate = useNavigate();
  const buyAlone = useMutation({
    mutationFn: (quantity: number) => callForMessage('addToBuynow', { product_id: lot.id, qty: quantity }),
    onSuccess: ({ message }) => {
      pushAlert({ msg: messageOr(message, buyNowMessages.added), type: 'success' });
      void invalidateCarts(queryClient);
      void navigate({ to: '/checkout/$type/$cart_id', params: { type: 'buynow', cart_id: newCheckoutId() } });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.code === 'ADD_CARD') addCardFirst(bidMessages.addCardToBuy);
      else pushAlert({ msg: errorMessage(e), type: 'error' });
    },
  });
  const checkOutAlone = () => {
    const problem = quantityProblem(quantityTermsOf(lot), qty);
    if (problem) return setError(quantityMessage(problem));
    setError(null);
    if (!user?.card_on_file) return addCardFirst(bidMessages.addCardToBuy);
    buyAlone.mutate(qty as number);
  };

  const buyNow = () => {
    const problem = quantityProblem(quantityTermsOf(lot), qty);
    if (problem) return setError(quantityMessage(problem));
    setError(null);
    if (!user?.card_on_file) {
      addCardFirst(bidMessages.addCardToBuy);
      return;
    }
    const quantity = qty as number;
    // The answer, good or bad, is told in a toast: the dialog closes once it is in.
    confirmDialog({
      title: t('ui.buyNowBox.confirmTitle'),
      confirmLabel: t('ui.common.submit'),
      confirmTestId: 'confirm-buy',
      children: (
        <>
          <Text>
            <Trans
              i18nKey="ui.buyNowBox.confirm"
              values={{
                qty: quantity,
                title: lot.title,
                unit: formatMoney(unit),
                total: formatMoney(unit * quantity),
              }}
              components={{ strong: <strong data-testid="buy-total" /> }}
            />
          </Text>
          <Text size="sm" c="dimmed">
            {t('ui.buyNowBox.yoursOnce')}
          </Text>
        </>
      ),
      onConfirm: async () => {
        try {
          await addToCart.mutateAsync(quantity);
        } catch {
          // Told in a toast (onError).
        }
      },
    });
  };

  return (
    <Card data-testid="buy-now-box">
      <Text size="sm" c="dimmed">
        {t('ui.buyNowBox.perBottle')}
      </Text>
      <Price cents={bprice} fz={24} data-testid="buy-now-price" />
      <DiscountTable rows={lot.discount_buynow_records} unitPrice={bprice} />
      <Text size="sm" c="dimmed" mt="xs">
        {t('ui.buyNowBox.available', { value: availabilityText(lot) })}
      </Text>
      {available && !user ? (
        <Button
          component="a"
          href={`/login?pid=${encodeURIComponent(lot.id)}`}
          mt="md"
          variant="outline"
          fullWidth
          data-testid="login-to-buy"
        >
          {t('ui.buyNowBox.loginToBuy')}
        </Button>
      ) : null}
      {available && user && lot.own_lot === 1 ? (
        <Text size="sm" mt="md" c="dimmed" data-testid="own-lot-buy">
          {buyNowMessages.ownLot}
        </Text>
      ) : null}
      {available && user && lot.own_lot === 0 ? (
        <Stack gap="xs" mt="md">
          <Group align="flex-end" gap="xs">
            <NumberInput
              label={t('ui.buyNowBox.quantity')}
              min={1}
              max={Math.max(1, remainingStock(lot.qty, lot.sold))}
              allowDecimal={false}
              // The seeds' quantity messages say what is wrong; a silent clamp would hide them.
              clampBehavior="none"
              value={qty ?? ''}
              onChange={(value) => {
                setQty(typeof value === 'number' ? value : null);
                setError(null);
              }}
              w={120}
              data-testid="buy-qty"
            />
            <Button variant="outline" onClick={buyNow} style={{ flex: 1 }} data-testid="buy-now">
              {t('ui.buyNowBox.buyNow')}
            </Button>
          </Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={checkOutAlone}
            loading={buyAlone.isPending}
            data-testid="buy-alone"
          >
            {t('ui.buyNowBox.buyAlone')}
          </Button>
          {error ? (
            <Text size="sm" c="red.8" role="alert" data-testid="buy-error">
              {error}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Card>
  );
}
