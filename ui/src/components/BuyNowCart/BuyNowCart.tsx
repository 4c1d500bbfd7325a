import { Alert, Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type CartItem, type CartView, lineAmount } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { actionKey, buynowCartQuery, invalidateCarts, pendingCountQuery } from '../../api/queries.ts';
import { t as translate } from '../../i18n/index.ts';
import { newCheckoutId } from '../../lib/cart.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { ButtonLink } from '../ButtonLink.tsx';
import { CartLine, CartLineList } from '../CartLine/CartLine.tsx';
import { CartTotals } from '../CartTotals/CartTotals.tsx';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { LoadError } from '../LoadError/LoadError.tsx';
import { CartSkeleton } from '../Skeletons/Skeletons.tsx';
import { CartQuantity } from './CartQuantity.tsx';

/**
 * seeds 001 §7 buynow/refreshCart: on open the cart is priced again against its lots (lines no longer
 * for sale leave it) once, before it is shown. True once that is done, or failed (the cart shows as is).
 */
function useRefreshedOnce(): boolean {
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const [done, setDone] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const { removed, repriced } = await call('refreshCart', {});
        if (removed.length > 0 || repriced.length > 0) {
          pushAlert({ msg: translate('checkout.cartRefreshed'), type: 'info' });
        }
      } catch {
        // The cart still shows as it was; checkout checks every line again.
      }
      await queryClient.fetchQuery({ ...buynowCartQuery(), staleTime: 0 }).catch(() => undefined);
      setDone(true);
    })();
  }, [queryClient, pushAlert]);
  return done;
}

/** The server's answer to a quantity change, shown at once; the totals follow when the cart loads again. */
function applyLines(
  queryClient: QueryClient,
  lines: { product_id: string; qty: number; unit_price: number }[],
) {
  queryClient.setQueryData<CartView>(actionKey('buynowCart', {}), (cart) =>
    cart
      ? {
          ...cart,
          cartItems: cart.cartItems.map((item) => {
            const line = lines.find((l) => l.product_id === item.product_id);
            return line
              ? {
                  ...item,
                  qty: line.qty,
                  unit_price: line.unit_price,
                  amount: lineAmount(line.qty, line.unit_price),
                }
              : item;
          }),
        }
      : cart,
  );
}

/** seeds 001 §2 /buynowcart: the buy-now lines, the lines no longer for sale, the totals and Checkout. */
export function BuyNowCart() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const navigate = useNavigate();
  const refreshed = useRefreshedOnce();
  const cart = useQuery({ ...buynowCartQuery(), enabled: refreshed });
  const counts = useQuery(pendingCountQuery());

  const setQuantity = async (line: CartItem, qty: number) => {
    const { lines } = await call('addToCart', { cart: [{ product_id: line.product_id, qty }] });
    applyLines(queryClient, lines);
    await invalidateCarts(queryClient);
  };

  const remove = (line: CartItem) =>
    confirmDialog({
      title: t('ui.cart.removeTitle'),
      children: <Text>{t('ui.cart.removeQuestion', { title: line.title })}</Text>,
      confirmLabel: t('ui.common.remove'),
      destructive: true,
      confirmTestId: 'confirm-remove',
      onConfirm: async () => {
        await call('cancelItem', { product_id: line.product_id });
        pushAlert({ msg: t('checkout.itemRemoved'), type: 'success' });
        await invalidateCarts(queryClient);
      },
    });

  // Issue 38 §2 (seeds 001 §7 buynow/changeStatus): a line saved for later, out of the checkout, or back.
  const changeStatus = async (line: CartItem, status: 'cart' | 'saved') => {
    try {
      const { message } = await callForMessage('buynowChangeStatus', { product_id: line.product_id, status });
      const told = status === 'saved' ? t('orders.savedForLater') : t('orders.movedToCart');
      pushAlert({ msg: messageOr(message, told), type: 'success' });
      await invalidateCarts(queryClient);
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };

  const statusButton = (line: CartItem, status: 'cart' | 'saved') => (
    <Button
      size="compact-sm"
      variant="subtle"
      onClick={() => void changeStatus(line, status)}
      aria-label={t(status === 'saved' ? 'ui.orders.saveForLaterOf' : 'ui.orders.moveToCartOf', {
        title: line.title,
      })}
      data-testid={status === 'saved' ? 'line-save' : 'line-move-to-cart'}
    >
      {t(status === 'saved' ? 'ui.orders.saveForLater' : 'ui.orders.moveToCart')}
    </Button>
  );

  const removeButton = (line: CartItem) => (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red"
      onClick={() => remove(line)}
      aria-label={t('ui.cart.removeOf', { title: line.title })}
      data-testid="line-remove"
    >
      {t('ui.common.remove')}
    </Button>
  );

  const wonLots = counts.data?.auctionCount.totalRecords ?? 0;
  // Issue 38 §2: lines saved for later, apart from those no longer for sale.
  const saved = cart.data?.nonCartItems.filter((line) => line.saved === true) ?? [];
  const unavailable = cart.data?.nonCartItems.filter((line) => line.saved !== true) ?? [];
  return (
    <Container py="xl">
      <Title order={1} mb="md">
        {t('ui.cart.title')}
      </Title>
      {wonLots > 0 ? (
        <Alert color="gold" mb="md" data-testid="won-lots-notice">
          <Text size="sm">
            {t('ui.cart.wonLots', { count: wonLots })}{' '}
            <AnchorLink to="/cart" fw={600}>
              {t('ui.cart.payWonLots')}
            </AnchorLink>
          </Text>
        </Alert>
      ) : null}
      {cart.isError ? (
        <LoadError error={cart.error} />
      ) : !refreshed || !cart.data ? (
        <CartSkeleton label={t('ui.cart.loading')} />
      ) : cart.data.cartItems.length === 0 && cart.data.nonCartItems.length === 0 ? (
        <Card data-testid="cart-empty" ta="center" py="xl">
          <Text mb="md">{t('ui.cart.empty')}</Text>
          <ButtonLink to="/search" variant="light" w="fit-content" mx="auto">
            {t('ui.cart.browse')}
          </ButtonLink>
        </Card>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <CartLineList label={t('ui.cart.title')}>
                {cart.data.cartItems.map((line) => (
                  <CartLine
                    key={line.product_id}
                    line={line}
                    quantity={<CartQuantity line={line} onChange={(qty) => setQuantity(line, qty)} />}
                    action={
                      <Group gap={4} wrap="nowrap">
                        {statusButton(line, 'saved')}
                        {removeButton(line)}
                      </Group>
                    }
                    holdExpired={line.hold_expired === true}
                  />
                ))}
              </CartLineList>
              {saved.length > 0 ? (
                <section aria-labelledby="saved-title" data-testid="saved-lines">
                  <Title order={2} fz={20} id="saved-title" mb={4}>
                    {t('ui.orders.savedTitle')}
                  </Title>
                  <Text size="sm" c="dimmed" mb="xs">
                    {t('ui.orders.savedHint')}
                  </Text>
                  <CartLineList label={t('ui.orders.savedTitle')}>
                    {saved.map((line) => (
                      <CartLine
                        key={line.product_id}
                        line={line}
                        action={
                          <Group gap={4} wrap="nowrap">
                            {statusButton(line, 'cart')}
                            {removeButton(line)}
                          </Group>
                        }
                      />
                    ))}
                  </CartLineList>
                </section>
              ) : null}
              {unavailable.length > 0 ? (
                <section aria-labelledby="unavailable-title">
                  <Title order={2} fz={20} id="unavailable-title" mb="xs">
                    {t('ui.cart.unavailableLines')}
                  </Title>
                  <CartLineList label={t('ui.cart.unavailableLines')}>
                    {unavailable.map((line) => (
                      <CartLine
                        key={line.product_id}
                        line={line}
                        unavailable={t('ui.cart.noLongerAvailable')}
                        action={removeButton(line)}
                      />
                    ))}
                  </CartLineList>
                </section>
              ) : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <CartTotals values={cart.data.cartValues}>
              <Button
                fullWidth
                mt="md"
                size="md"
                disabled={cart.data.cartItems.length === 0}
                onClick={() =>
                  void navigate({
                    to: '/checkout/$type/$cart_id',
                    params: { type: 'buynow', cart_id: newCheckoutId() },
                  })
                }
                data-testid="go-checkout"
              >
                {t('ui.cart.checkout')}
              </Button>
            </CartTotals>
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
