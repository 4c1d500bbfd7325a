import { Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { type InvoiceDetail as Invoice, invoicePdfPath } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fetchFile } from '../../api/client.ts';
import { browser } from '../../lib/browser.ts';
import { formatDate } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { BankTransferDetails } from '../BankTransfer/BankTransferDetails.tsx';
import { ButtonLink } from '../ButtonLink.tsx';
import { CartLine, CartLineList } from '../CartLine/CartLine.tsx';
import { CartTotals } from '../CartTotals/CartTotals.tsx';
import { InvoiceStatusBadge } from '../InvoiceList/InvoiceStatusBadge.tsx';
import { InvoiceReturnBadge, InvoiceReturns, ReturnLineAction } from '../InvoiceReturns/InvoiceReturns.tsx';
import { InvoiceShare } from '../InvoiceShare/InvoiceShare.tsx';
import { PickupAppointment } from '../PickupAppointment/PickupAppointment.tsx';
import { ShipmentBlock } from '../Shipping/ShipmentBlock.tsx';
import { TransactionTable } from '../TransactionTable/TransactionTable.tsx';
import {
  AddressBlocks,
  Block,
  CustomerBlock,
  LocationBlock,
  NotesBlock,
  OrderLogBlock,
  SellersBlock,
} from './InvoiceBlocks.tsx';
import { InvoiceLineDetails } from './InvoiceLineDetails.tsx';

/** What the invoice is for, by its kind (issue 36: an accepted offer too). */
const invoiceKindLabels = {
  auction: 'ui.invoice.kindAuction',
  buynow: 'ui.invoice.kindBuynow',
  offer: 'ui.invoice.kindOffer',
} as const;

/** 'Download PDF': the invoice's PDF, fetched with the session's token, saved as invoice-<id>.pdf. */
function useDownloadPdf(id: string) {
  const pushAlert = useSetAtom(pushAlertAtom);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      browser.saveBlob(await fetchFile(invoicePdfPath(id)), `invoice-${id}.pdf`);
    } catch (error) {
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

function Dated({ label, iso }: { label: string; iso: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {formatDate(iso)}
    </Text>
  );
}

/** seeds 001 §2 /invoice/:id: every block of the invoice (seeds 001 §3 "Invoice detail"). */
export function InvoiceDetail({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const pdf = useDownloadPdf(invoice.id);
  // Paid at the checkout of its cart: a won lot's or an accepted offer's (a buy-now order is paid as placed).
  const payType = invoice.kind === 'buynow' ? null : invoice.kind;
  const payable = payType !== null && (invoice.status === 'unpaid' || invoice.status === 'partial');
  return (
    <Container py="xl" data-testid="invoice-detail">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md" mb="lg">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>{t('ui.invoice.title', { id: invoice.number ?? invoice.id })}</Title>
            {/* Issue 31: once money went back for returns it reads Partly refunded / Refunded, not Paid. */}
            {invoice.return_status === 'none' ? <InvoiceStatusBadge status={invoice.status} /> : null}
            <InvoiceReturnBadge invoice={invoice} />
          </Group>
          <Group gap="lg" wrap="wrap">
            <Text size="sm">{t(invoiceKindLabels[invoice.kind])}</Text>
            {invoice.number ? (
              <Text size="sm" c="dimmed" data-testid="invoice-internal-id">
                {t('ui.invoiceUx.reference', { id: invoice.id })}
              </Text>
            ) : null}
            <Dated label={t('ui.invoice.issued')} iso={invoice.created_at} />
            {invoice.paid_at ? (
              <Dated label={t('ui.invoice.paidOn')} iso={invoice.paid_at} />
            ) : (
              <Dated label={t('ui.invoice.dueBy')} iso={invoice.due_at} />
            )}
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                {t('ui.invoice.method')}:{' '}
              </Text>
              {t(invoice.delivery_method === 'delivery' ? 'ui.checkout.delivery' : 'ui.checkout.pickup')}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs" data-print="hide">
          {payable ? (
            <ButtonLink
              to="/checkout/$type/$cart_id"
              params={{ type: payType, cart_id: invoice.id }}
              data-testid="pay-now"
            >
              {t('ui.invoice.payNow')}
            </ButtonLink>
          ) : null}
          <Button variant="default" onClick={() => browser.print()} data-testid="print">
            {t('ui.invoice.print')}
          </Button>
          <Button
            variant="default"
            onClick={() => void pdf.download()}
            loading={pdf.busy}
            data-testid="download-pdf"
          >
            {t('ui.invoice.pdf')}
          </Button>
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Block name="items" title={t('ui.invoice.items')}>
              <CartLineList label={t('ui.invoice.items')}>
                {invoice.invoiceItems.map((line) => (
                  <CartLine
                    key={line.product_id}
                    line={line}
                    action={<ReturnLineAction invoice={invoice} line={line} />}
                    details={
                      <InvoiceLineDetails certificate={line.certificate} status={line.product_status} />
                    }
                  />
                ))}
              </CartLineList>
            </Block>
            <Block name="transactions" title={t('ui.invoice.transactions')}>
              <TransactionTable
                records={invoice.allTransactions}
                empty={t('ui.invoice.noTransactions')}
                testId="all-transactions"
              />
            </Block>
            <Block name="returns" title={t('ui.invoice.returns')}>
              <InvoiceReturns invoice={invoice} />
            </Block>
            <NotesBlock invoice={invoice} />
            <OrderLogBlock invoice={invoice} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <CartTotals
              values={invoice.cartValues}
              title={t('ui.invoice.values')}
              delivery={invoice.delivery_method === 'delivery'}
            />
            {invoice.due > 0 && invoice.status !== 'void' ? (
              <Card data-print="keep">
                <BankTransferDetails amount={invoice.due} reference={invoice.number ?? invoice.id} />
              </Card>
            ) : null}
            <CustomerBlock invoice={invoice} />
            <AddressBlocks invoice={invoice} />
            {invoice.delivery_method === 'delivery' ? (
              <ShipmentBlock invoice={invoice} />
            ) : (
              <>
                <PickupAppointment invoice={invoice} />
                <LocationBlock invoice={invoice} />
              </>
            )}
            <SellersBlock invoice={invoice} />
            <InvoiceShare invoice={invoice} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
