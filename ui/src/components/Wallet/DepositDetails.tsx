import { Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, errorMessage } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { CartLine, CartLineList } from '../CartLine/CartLine.tsx';

/** The deposit and what it paid, asked when its details are opened. */
function Details({ id }: { id: string }) {
  const { t } = useTranslation();
  const deposit = useQuery({
    queryKey: actionKey('deposit', { id }),
    queryFn: ({ signal }) => call('deposit', { id }, { signal }),
  });
  if (deposit.isError) {
    return (
      <Text c="red.8" role="alert">
        {errorMessage(deposit.error)}
      </Text>
    );
  }
  if (!deposit.data) return <Loader aria-label={t('ui.orders.depositLoading')} />;
  const { invoice, invoiceItems } = deposit.data;
  return (
    <Stack gap="sm" data-testid="deposit-details">
      {invoice ? (
        <AnchorLink to="/invoice/$id" params={{ id: invoice.id }} fw={600}>
          {t('ui.orders.depositSpentOn', { id: invoice.number ?? invoice.id })}
        </AnchorLink>
      ) : (
        <Text size="sm">{t('ui.orders.depositNotSpent')}</Text>
      )}
      {invoiceItems.length > 0 ? (
        <CartLineList label={t('ui.invoice.items')}>
          {invoiceItems.map((line) => (
            <CartLine key={line.product_id} line={line} />
          ))}
        </CartLineList>
      ) : null}
    </Stack>
  );
}

/**
 * seeds 001 §7 deposit/deposit (§3 "Deposits: invoiceItems", issue 38 §2): a deposit's details, the
 * invoice it was spent on and that invoice's lines.
 */
export function DepositDetailsButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => setOpen(true)}
        aria-label={t('ui.orders.depositDetailsOf', { id })}
        data-testid="deposit-details-open"
      >
        {t('ui.orders.depositDetails')}
      </Button>
      {open ? (
        <Modal
          opened
          closeButtonProps={{ 'aria-label': t('ui.common.close') }}
          onClose={() => setOpen(false)}
          title={t('ui.orders.depositDetailsOf', { id })}
        >
          <Details id={id} />
        </Modal>
      ) : null}
    </>
  );
}
