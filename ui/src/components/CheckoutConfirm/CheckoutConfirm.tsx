import { Alert, Card, Container, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CheckoutResult } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { invalidateAction, invalidateCarts, invoiceQuery } from '../../api/queries.ts';
import { browser } from '../../lib/browser.ts';
import { formatMoney } from '../../lib/format.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { BankTransferDetails } from '../BankTransfer/BankTransferDetails.tsx';
import { ButtonLink } from '../ButtonLink.tsx';
import { useInvoiceName } from '../InvoiceNumber/InvoiceName.tsx';
import { InvoicesTogether } from '../InvoicesTogether/InvoicesTogether.tsx';

export interface ConfirmSearch {
  /** The invoices of a placed order, comma-separated. */
  invoice?: string | undefined;
  /** Back from the card issuer's page, or PayPal's: the payment to confirm. */
  payment_id?: string | undefined;
  /** Back from PayPal's page (approved or cancelled): PayPal's order id, which PayPal names `token`. */
  token?: string | undefined;
  /** Back from a hosted gateway's page (seeds 001 "Payments"): which gateway, and its return's fields (a query string). */
  gateway?: 'paytm' | 'cashfree' | undefined;
  fields?: string | undefined;
  status?: 'paid' | 'unpaid' | undefined;
}

/**
 * An order placed to pay offline: how much, quoting which invoices, held until when, made from the
 * buyer's own invoices as the server answers them (never from the link).
 */
/** Issue 31: a confirmed invoice's link, named by its number. */
function ConfirmedInvoice({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <AnchorLink to="/invoice/$id" params={{ id }}>
      {t('ui.confirm.invoice', { id: useInvoiceName(id) })}
    </AnchorLink>
  );
}

function OfflineInstructions({ ids }: { ids: string[] }) {
  const { t } = useTranslation();
  const answers = useQueries({ queries: ids.map((id) => invoiceQuery(id)) });
  const invoices = answers.flatMap((a) => (a.data && a.data.due > 0 ? [a.data] : []));
  if (invoices.length === 0) return null;
  const due = invoices.reduce((sum, invoice) => sum + invoice.due, 0);
  const until = invoices.map((invoice) => invoice.due_at).sort()[0] ?? '';
  // Issue 31: the invoices' numbers are the transfer's reference.
  const reference = invoices.map((invoice) => invoice.number ?? invoice.id).join(', ');
  return (
    <Alert color="blue" variant="light" title={t('ui.confirm.howToPay')} mb="md" data-testid="confirm-note">
      {t('checkout.offlineInstructions', {
        amount: formatMoney(due),
        invoice: reference,
        until: until.slice(0, 10),
      })}
      <Card mt="sm" p="sm" withBorder>
        <BankTransferDetails amount={due} reference={reference} />
      </Card>
    </Alert>
  );
}

/**
 * Where the buyer comes back from: PayPal's page carries its order as `token` (seeds 001 "Payments":
 * paypal_response), the card issuer's does not (confirmPayment).
 */
const confirmationOf = (
  paymentId: string,
  invoiceIds: string[],
  back: Pick<ConfirmSearch, 'token' | 'gateway' | 'fields'>,
) => {
  if (back.gateway) {
    // seeds 001 paytm_response, cashfree_response: the gateway's fields as it gave them; the server checks them.
    const fields = Object.fromEntries(new URLSearchParams(back.fields ?? ''));
    const input = { payment_id: paymentId, invoice_ids: invoiceIds, fields };
    return call(back.gateway === 'paytm' ? 'paytmResponse' : 'cashfreeResponse', input);
  }
  return back.token
    ? call('paypalResponse', { payment_id: paymentId, invoice_ids: invoiceIds, token: back.token })
    : call('confirmPayment', { payment_id: paymentId, invoice_ids: invoiceIds });
};

/**
 * seeds 001 §4: back from the card issuer or PayPal, the payment is confirmed (once) and the page then
 * shows its invoices, so a reload does not confirm again.
 */
function useConfirmedPayment(
  paymentId: string | undefined,
  invoiceIds: string[],
  back: Pick<ConfirmSearch, 'token' | 'gateway' | 'fields'>,
): string | null {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  const invoices = invoiceIds.join(',');
  const { token, gateway, fields } = back;
  useEffect(() => {
    // A gateway's membership payment (a bid deposit) has no invoices.
    if (!paymentId || (!invoices && !gateway) || started.current === paymentId) return;
    started.current = paymentId;
    setFailure(null);
    confirmationOf(paymentId, invoices ? invoices.split(',') : [], { token, gateway, fields }).then(
      (result: CheckoutResult) => {
        void invalidateCarts(queryClient);
        void invalidateAction(queryClient, 'alltransactions');
        if (result.status === 'requires_action' && result.url) return browser.assign(result.url);
        if (result.invoice_ids.length === 0) {
          // A membership payment (a bid deposit paid on the gateway): the deposits show it in the wallet.
          void invalidateAction(queryClient, 'deposits');
          void invalidateAction(queryClient, 'getCreditHistory');
          const paid = result.status === 'paid';
          pushAlert({
            msg: t(paid ? 'ui.wallet.depositPaidOnGateway' : 'ui.wallet.depositGatewayPending'),
            type: paid ? 'success' : 'info',
          });
          return void navigate({ to: '/transactions', replace: true });
        }
        void navigate({
          to: '/checkout_confirm',
          search: {
            invoice: result.invoice_ids.join(','),
            status: result.status === 'paid' ? 'paid' : 'unpaid',
          },
          replace: true,
        });
      },
      (error: unknown) => setFailure(errorMessage(error)),
    );
  }, [paymentId, invoices, token, gateway, fields, navigate, queryClient, pushAlert, t]);
  return failure;
}

/** seeds 001 §2 /checkout_confirm: the order's outcome, with its invoices. */
export function CheckoutConfirm({ search }: { search: ConfirmSearch }) {
  const { t } = useTranslation();
  const invoices = (search.invoice ?? '').split(',').filter(Boolean);
  // The card issuer's (or PayPal's) return address carries the payment and the invoices it was for.
  const confirming = Boolean(search.payment_id) && (invoices.length > 0 || Boolean(search.gateway));
  const failure = useConfirmedPayment(search.payment_id, invoices, search);
  let body: ReactNode;
  if (confirming && failure) {
    body = (
      <Alert color="red" title={t('ui.confirm.notCompleted')} data-testid="confirm-failed">
        <Text role="alert" size="sm">
          {failure}
        </Text>
        <Group gap="md" mt="md">
          <ButtonLink to="/buynowcart" variant="light" color="red">
            {t('ui.confirm.backToCart')}
          </ButtonLink>
          <AnchorLink to="/cart">{t('ui.accountMenu.wonLots')}</AnchorLink>
        </Group>
      </Alert>
    );
  } else if (confirming) {
    body = (
      <Group gap="sm" role="status" data-testid="confirming">
        <Loader size="sm" />
        <Text>{t('ui.confirm.confirming')}</Text>
      </Group>
    );
  } else if (invoices.length > 0 && !search.payment_id) {
    const paid = search.status !== 'unpaid';
    body = (
      <Card data-testid="confirm-result" data-status={paid ? 'paid' : 'unpaid'}>
        <Title order={2} fz={26} mb="xs" c={paid ? 'green.9' : undefined}>
          {paid ? t('checkout.paid') : t('checkout.placedUnpaid')}
        </Title>
        <Text mb="md">{paid ? t('ui.confirm.paidText') : t('ui.confirm.unpaidText')}</Text>
        {paid ? null : <OfflineInstructions ids={invoices} />}
        <Text fw={600} size="sm" mb={4}>
          {t('ui.confirm.invoices')}
        </Text>
        <List mb="lg" data-testid="confirm-invoices">
          {invoices.map((id) => (
            <List.Item key={id}>
              <ConfirmedInvoice id={id} />
            </List.Item>
          ))}
        </List>
        {invoices.length > 1 ? (
          <Stack mb="lg">
            <InvoicesTogether ids={invoices} />
          </Stack>
        ) : null}
        <Group gap="md">
          <ButtonLink to="/invoices/$status" params={{ status: paid ? 'paid' : 'unpaid' }} variant="light">
            {t(paid ? 'ui.confirm.paidInvoices' : 'ui.accountMenu.invoices')}
          </ButtonLink>
          <AnchorLink to="/search">{t('ui.confirm.keepShopping')}</AnchorLink>
        </Group>
      </Card>
    );
  } else {
    body = (
      <Card>
        <Text mb="md">{t('ui.confirm.nothing')}</Text>
        <AnchorLink to="/search">{t('ui.confirm.keepShopping')}</AnchorLink>
      </Card>
    );
  }
  return (
    <Container py="xl" size="sm">
      <Stack gap="md">
        <Title order={1}>{t('ui.confirm.title')}</Title>
        {body}
      </Stack>
    </Container>
  );
}
