import { Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auctionCartQuery } from '../../api/queries.ts';
import { groupByInvoice } from '../../lib/cart.ts';
import { formatMoney } from '../../lib/format.ts';
import { ButtonLink } from '../ButtonLink.tsx';
import { CartLine, CartLineList } from '../CartLine/CartLine.tsx';
import { CartTotals } from '../CartTotals/CartTotals.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { CartSkeleton } from '../Skeletons/Skeletons.tsx';

/**
 * seeds 001 §2 /cart: the lots won at auction waiting for payment, one group per invoice with 'Pay',
 * 'Pay all', and the totals with the buyer's premium and tax (DOMAIN.md "Money").
 */
export function AuctionCart() {
  const { t } = useTranslation();
  const cart = useQuery(auctionCartQuery());
  return (
    <Container py="xl">
      <Title order={1} mb={4}>
        {t('ui.auctionCart.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('ui.auctionCart.intro')}
      </Text>
      <QueryState query={cart} error="page" loader={<CartSkeleton label={t('ui.cart.loading')} />}>
        {(data) =>
          data.cartItems.length === 0 ? (
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
                  {groupByInvoice(data.cartItems).map((group) => (
                    <Card
                      key={group.invoiceId}
                      component="section"
                      aria-labelledby={`invoice-${group.invoiceId}`}
                      data-testid="invoice-group"
                      data-invoice-id={group.invoiceId}
                    >
                      <Group justify="space-between" wrap="wrap" mb="sm" gap="xs">
                        <Title order={2} fz={20} id={`invoice-${group.invoiceId}`}>
                          {t('ui.auctionCart.invoice', { id: group.invoiceId })}
                        </Title>
                        <Group gap="sm">
                          <Text fw={600}>
                            {formatMoney(group.items.reduce((sum, line) => sum + line.amount, 0))}
                          </Text>
                          <ButtonLink
                            to="/checkout/$type/$cart_id"
                            params={{ type: 'auction', cart_id: group.invoiceId }}
                            size="sm"
                            aria-label={t('ui.auctionCart.payInvoice', { id: group.invoiceId })}
                            data-testid="pay-invoice"
                          >
                            {t('ui.auctionCart.pay')}
                          </ButtonLink>
                        </Group>
                      </Group>
                      <CartLineList label={t('ui.auctionCart.invoice', { id: group.invoiceId })}>
                        {group.items.map((line) => (
                          <CartLine key={line.product_id} line={line} />
                        ))}
                      </CartLineList>
                    </Card>
                  ))}
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <CartTotals values={data.cartValues}>
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
                </CartTotals>
              </Grid.Col>
            </Grid>
          )
        }
      </QueryState>
    </Container>
  );
}
