import { Button, Card, CopyButton, Group, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceDetail } from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';

/**
 * Issue 38 §2 (seeds 001 §7 public_invoice): "Share with your accountant": the owner makes a link that
 * shows the invoice without signing in (and nothing private in it), shows it again while it lasts,
 * copies it, or stops sharing (every copy of the link stops working). Only on the owner's own invoice.
 */
export function InvoiceShare({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const pushAlert = useSetAtom(pushAlertAtom);
  const queryClient = useQueryClient();
  const [path, setPath] = useState<string | null>(null);
  const share = useMutation({
    mutationFn: () => call('shareInvoice', { invoice_id: invoice.id }),
    onSuccess: ({ path: shared }) => {
      setPath(shared);
      void invalidateAction(queryClient, 'invoice', { id: invoice.id });
    },
    onError: (error) => pushAlert({ msg: errorMessage(error), type: 'error' }),
  });
  if (!user || user.id !== invoice.invoiceUser.id || invoice.status === 'void') return null;
  const url = path ? `${window.location.origin}${path}` : null;

  const stop = () =>
    confirmDialog({
      title: t('ui.orders.shareStopTitle'),
      children: <Text>{t('ui.orders.shareStopQuestion')}</Text>,
      confirmLabel: t('ui.orders.shareStop'),
      destructive: true,
      confirmTestId: 'confirm-stop-sharing',
      onConfirm: async () => {
        const { message } = await callForMessage('revokeInvoiceShare', { invoice_id: invoice.id });
        pushAlert({ msg: messageOr(message, t('orders.shareRevoked')), type: 'success' });
        setPath(null);
        await invalidateAction(queryClient, 'invoice', { id: invoice.id });
      },
    });

  return (
    <Card component="section" aria-labelledby="share-title" data-print="hide" data-testid="invoice-share">
      <Title order={2} fz={20} id="share-title" mb={4}>
        {t('ui.orders.shareTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ui.orders.shareIntro')}
      </Text>
      {invoice.shared && !url ? (
        <Text size="sm" fw={600} mb="xs" data-testid="share-active">
          {t('ui.orders.shareActive')}
        </Text>
      ) : null}
      {url ? (
        <Group gap="xs" align="flex-end" wrap="nowrap" mb="xs">
          <TextInput
            label={t('ui.orders.shareLink')}
            value={url}
            readOnly
            style={{ flex: 1 }}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="share-link"
          />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} data-testid="share-copy">
                {copied ? t('ui.orders.shareCopied') : t('ui.orders.shareCopy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      ) : null}
      <Group gap="xs">
        {url ? null : (
          <Button
            variant="light"
            onClick={() => share.mutate()}
            loading={share.isPending}
            data-testid="share-create"
          >
            {invoice.shared ? t('ui.orders.shareShow') : t('ui.orders.shareCreate')}
          </Button>
        )}
        {invoice.shared || url ? (
          <Button variant="subtle" color="red" onClick={stop} data-testid="share-stop">
            {t('ui.orders.shareStop')}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
