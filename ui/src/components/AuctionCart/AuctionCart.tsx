import { Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartItem } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { auctionCartQuery, invalidateCarts } from '../../api/queries.ts';
import { groupByInvoice } from '../../lib/cart.ts';
import { formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import { CartLine, CartLineList } from '../CartLine/CartLine.tsx';
import { CartTotals } from '../CartTotals/CartTotals.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { CartSkeleton } from '../Skeletons/Skeletons.tsx';

/** One invoice's group of won lots, with what it offers (Pay, Pay later; or Pay with the others). */
function InvoiceGroup({
  invoiceId,
  items,
  aside,
  onStatus,
}: {
  invoiceId: string;
  items: CartItem[];
  aside: boolean;
  onStatus: (invoiceId: string, status: 'cart' | 'saved') => void;
}) {
  const { t } = useTranslation();
  return (
    <Card
      component="section"
      aria-labelledby={`invoice-${invoiceId}`}
      data-testid={aside ? 'invoice-aside' : 'invoice-group'}
      data-invoice-id={invoiceId}
    >
      <Group justify="space-between" wrap="wrap" mb="sm" gap="xs">
        <Title order={2} fz={20} id={`invoice-${invoiceId}`}>
          {t('ui.auctionCart.invoice', { id: invoiceId })}
        </Title>
        <Group gap="sm">
          <Text fw={600}>{formatMoney(items.reduce((sum, line) => sum + line.amount, 0))}</Text>
          {/* Issue 38 §2 (seeds 001 §7 cart/changeStatus): set aside from Pay all, or put back. */}
          <Button
            size="sm"
            variant="subtle"
            onClick={() => onStatus(invoiceId, aside ? 'cart' : 'saved')}
            aria-label={t(aside ? 'ui.orders.putBackOf' : 'ui.orders.payLaterOf', { id: invoiceId })}
            data-testid={aside ? 'put-back' : 'set-aside'}
          >
            {t(aside ? 'ui.orders.putBack' : 'ui.orders.payLater')}
          </Button>
          <ButtonLink
            to="/checkout/$type/$cart_id"
            params={{ type: 'auction', cart_id: invoiceId }}
            size="sm"
            variant={aside ? 'light' : 'filled'}
            aria-label={t('ui.auctionCart.payInvoice', { id: invoiceId })}
            data-testid="pay-invoice"
          >
            {t('ui.auctionCart.pay')}
          </ButtonLink>
        </Group>
      </Group>
      <CartLineList label={t('ui.auctionCart.invoice', { id: invoiceId })}>
        {items.map((line) => (
          <CartLine key={line.product_id} line={line} />
        ))}
      </CartLineList>
    </Card>
  );
}

/**
 * seeds 001 §2 /cart: the lots won at auction waiting for payment, one group per invoice with 'Pay',
 * 'Pay all', and the totals with the buyer's premium and tax (DOMAIN.md "Money"); an invoice set aside
 * to pay later (issue 38 §2) is listed apart and left out of 'Pay all'.
 */
export function AuctionCart() {
  const { t } = useTranslation();
  const cart = useQuery(auctionCartQuery());
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);

  const changeStatus = async (invoiceId: string, status: 'cart' | 'saved') => {
    try {
      const { message } = await callForMessage('cartChangeStatus', { invoice_id: invoiceId, status });
      const told = status === 'saved' ? t('orders.invoiceSetAside') : t('orders.invoiceBackInCart');
      pushAlert({ msg: messageOr(message, told), type: 'success' });
      await invalidateCarts(queryClient);
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    }
  };
  const onStatus = (invoiceId: string, status: 'cart' | 'saved') => void changeStatus(invoiceId, status);

  return (
    <Container py="xl">
      <Title order={1} mb={4}>
        {t('ui.auctionCart.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('ui.auctionCart.intro')}
      </Text>
      <QueryState query={cart} error="page" loader={<CartSkeleton label={t('ui.cart.loading')} />}>
        {(data) => {
          const aside = data.nonCartItems.filter((line) => line.saved === true);
          return data.cartItems.length === 0 && aside.length === 0 ? (
            <Card data-testid="cart-empty" ta="center" py="xl">
              <Text mb="md">{t('ui.auctionCart.empty')}</Text>
              <ButtonLink to="/auction" variant="light" w="fit-content" mx="auto">
                {t('ui.auctionCart.browse')}
              </ButtonLink>
            </Card>
          ) : (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Stack gap="lg">
                  {data.cartItems.length === 0 ? (
                    <Text c="dimmed" data-testid="nothing-to-pay-now">
                      {t('ui.orders.nothingToPayNow')}
                    </Text>
                  ) : null}
                  {groupByInvoice(data.cartItems).map((group) => (
                    <InvoiceGroup
                      key={group.invoiceId}
                      invoiceId={group.invoiceId}
                      items={group.items}
                      aside={false}
                      onStatus={onStatus}
                    />
                  ))}
                  {aside.length > 0 ? (
                    <section aria-labelledby="aside-title" data-testid="invoices-aside">
                      <Title order={2} fz={20} id="aside-title" mb={4}>
                        {t('ui.orders.setAsideTitle')}
                      </Title>
                      <Text size="sm" c="dimmed" mb="sm">
                        {t('ui.orders.setAsideHint')}
                      </Text>
                      <Stack gap="md">
                        {groupByInvoice(aside).map((group) => (
                          <InvoiceGroup
                            key={group.invoiceId}
                            invoiceId={group.invoiceId}
                            items={group.items}
                            aside
                            onStatus={onStatus}
                          />
                        ))}
                      </Stack>
                    </section>
                  ) : null}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <CartTotals values={data.cartValues}>
                  {data.cartItems.length > 0 ? (
                    <ButtonLink
                      to="/checkout/$type/$cart_id"
                      params={{ type: 'auction', cart_id: 'all' }}
                      fullWidth
                      mt="md"
                      size="md"
                      data-testid="pay-all"
                    >
                      {t('ui.auctionCart.payAll')}
                    </ButtonLink>
                  ) : null}
                </CartTotals>
              </Grid.Col>
            </Grid>
          );
        }}
      </QueryState>
    </Container>
  );
}
