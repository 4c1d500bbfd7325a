import { Alert, Card, Container, Grid, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PublicInvoiceView } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError, call, errorMessage } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { pageTitle, useDocumentMeta } from '../../lib/use-document-meta.ts';
import { CartTotals } from '../CartTotals/CartTotals.tsx';
import { DateTime } from '../DateTime/DateTime.tsx';
import { InvoiceLineDetails } from '../InvoiceDetail/InvoiceLineDetails.tsx';
import { InvoiceStatusBadge } from '../InvoiceList/InvoiceStatusBadge.tsx';
import { PickupLocation } from '../PickupLocation/PickupLocation.tsx';

const methodKeys = {
  card: 'ui.orders.methodCard',
  wallet: 'ui.orders.methodWallet',
  giftcard: 'ui.orders.methodGiftcard',
  offline: 'ui.orders.methodOffline',
  paypal: 'ui.orders.methodPaypal',
  gateway: 'ui.orders.methodGateway',
} as const;

/** The shared invoice's answer, asked once per token (the link does not change while it works). */
export const publicInvoiceQuery = (token: string) => ({
  queryKey: actionKey('publicInvoice', { token }),
  queryFn: ({ signal }: { signal: AbortSignal }) => call('publicInvoice', { token }, { signal }),
  retry: false,
  staleTime: 60_000,
});

function Body({ invoice }: { invoice: PublicInvoiceView }) {
  const { t } = useTranslation();
  const id = invoice.number ?? '';
  useDocumentMeta({ title: pageTitle(t('ui.orders.publicTitle', { id })) });
  return (
    <>
      <Group gap="sm" mb={4}>
        <Title order={1}>{t('ui.orders.publicTitle', { id })}</Title>
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      <Group gap="lg" mb="xs" wrap="wrap">
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('ui.invoice.issued')}:{' '}
          </Text>
          {formatDate(invoice.created_at)}
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {invoice.paid_at ? t('ui.invoice.paidOn') : t('ui.invoice.dueBy')}:{' '}
          </Text>
          {formatDate(invoice.paid_at ?? invoice.due_at)}
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('ui.invoice.method')}:{' '}
          </Text>
          {t(invoice.delivery_method === 'delivery' ? 'ui.checkout.delivery' : 'ui.checkout.pickup')}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mb="lg" data-testid="public-invoice-intro">
        {t('ui.orders.publicIntro')}
      </Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Card component="section" aria-labelledby="public-items-title">
              <Title order={2} fz={22} id="public-items-title" mb="sm">
                {t('ui.invoice.items')}
              </Title>
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {invoice.items.map((item, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the shared view names no ids (nothing private); its lines never move
                  <li key={i} data-testid="public-item">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Text fw={600}>{item.title}</Text>
                      <Text fw={600}>{formatMoney(item.amount)}</Text>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {t('ui.lines.quantity')}: {item.qty} · {t('ui.lines.unitPrice')}:{' '}
                      {formatMoney(item.unit_price)}
                    </Text>
                    <InvoiceLineDetails certificate={item.certificate} />
                  </li>
                ))}
              </Stack>
            </Card>
            <Card component="section" aria-labelledby="public-payments-title">
              <Title order={2} fz={22} id="public-payments-title" mb="sm">
                {t('ui.orders.publicPayments')}
              </Title>
              {invoice.payments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('ui.orders.publicNoPayments')}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={360}>
                  <Table data-testid="public-payments">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('ui.invoices.date')}</Table.Th>
                        <Table.Th>{t('ui.orders.paymentType')}</Table.Th>
                        <Table.Th ta="right">{t('ui.invoices.total')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {invoice.payments.map((p, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the shared view names no payment ids; the list never moves
                        <Table.Tr key={i}>
                          <Table.Td>
                            <DateTime iso={p.created_at} />
                          </Table.Td>
                          <Table.Td>
                            {t(p.type === 'refund' ? 'ui.orders.refundType' : 'ui.orders.paymentType')} ·{' '}
                            {t(methodKeys[p.method])}
                          </Table.Td>
                          <Table.Td ta="right">
                            {p.type === 'refund' ? '-' : ''}
                            {formatMoney(p.amount)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <CartTotals
              values={invoice.cartValues}
              title={t('ui.invoice.values')}
              delivery={invoice.delivery_method === 'delivery'}
            />
            {invoice.returned > 0 ? (
              <Text size="sm">
                {t('ui.orders.publicReturned')}: {formatMoney(invoice.returned)}
              </Text>
            ) : null}
            <Card component="section" aria-labelledby="public-issuer-title">
              <Title order={2} fz={20} id="public-issuer-title" mb="xs">
                {t('ui.orders.publicIssuedBy')}
              </Title>
              <PickupLocation location={invoice.locationDetail} />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

/**
 * seeds 001 §7 public_invoice (issue 38 §2): the invoice its owner shared, for anyone with the link
 * (their accountant), without signing in; a link never made or no longer shared says it does not work.
 */
export function PublicInvoice({ token }: { token: string }) {
  const { t } = useTranslation();
  const invoice = useQuery(publicInvoiceQuery(token));
  return (
    <Container py="xl" data-testid="public-invoice">
      {invoice.data ? (
        <Body invoice={invoice.data} />
      ) : invoice.isError ? (
        <Alert
          color="red"
          role="alert"
          title={t('ui.orders.publicInvalid')}
          data-testid="public-invoice-invalid"
        >
          {invoice.error instanceof ApiError &&
          (invoice.error.code === 'INVOICE_LINK_INVALID' || invoice.error.responseType === 400)
            ? t('errors.INVOICE_LINK_INVALID')
            : errorMessage(invoice.error)}
        </Alert>
      ) : (
        <Loader aria-label={t('ui.orders.publicLoading')} />
      )}
    </Container>
  );
}
