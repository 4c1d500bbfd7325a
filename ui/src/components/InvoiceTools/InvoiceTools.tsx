import { Button, Divider, Group, Loader, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type InputOf,
  type InvoiceDetail,
  type InvoiceProductStatus,
  UpdateAdminFeeInput,
} from '@wine/contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction, invoiceQuery } from '../../api/queries.ts';
import { dollarsToCents, formatMoney } from '../../lib/format.ts';
import { mayCall } from '../../lib/may-call.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { currentUserAtom } from '../../state/session.ts';
import { InvoiceLineDetails, productStatusKeys } from '../InvoiceDetail/InvoiceLineDetails.tsx';
import { CertificateForm } from './CertificateForm.tsx';

/** What the tools send, and the alert of its answer. */
function useSend() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  return useMutation({
    mutationFn: async (
      request:
        | { name: 'updateAdminFee'; input: InputOf<'updateAdminFee'> }
        | { name: 'updateOwnershipCertificate'; input: InputOf<'updateOwnershipCertificate'> }
        | { name: 'changeInvoiceProductStatus'; input: InputOf<'changeInvoiceProductStatus'> },
    ) =>
      request.name === 'updateAdminFee'
        ? callForMessage('updateAdminFee', request.input)
        : request.name === 'updateOwnershipCertificate'
          ? callForMessage('updateOwnershipCertificate', request.input)
          : callForMessage('changeInvoiceProductStatus', request.input),
    onSuccess: ({ message }, request) => {
      pushAlert({ msg: messageOr(message, t('common.ok')), type: 'success' });
      void invalidateAction(queryClient, 'invoice', { id: request.input.invoice_id });
      void invalidateAction(queryClient, 'staffInvoices');
      void invalidateAction(queryClient, 'salesOrders');
    },
    onError: (error) => pushAlert({ msg: errorMessage(error), type: 'error' }),
  });
}

/**
 * seeds 001 §7 buynow/updateAdminFee (issue 38 §2): the order's admin fee, in dollars as staff type
 * them (sent as whole cents), with why; empty, the configured fee. Only while nothing is paid on it.
 */
function AdminFee({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const send = useSend();
  const [dollars, setDollars] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ fee?: string; note?: string }>({});
  const current = invoice.cartValues.admin_fee ?? 0;
  const locked = invoice.paid > 0 || invoice.status === 'void' || invoice.status === 'paid';
  const submit = (remove: boolean) => {
    const cents = remove ? 0 : dollars.trim() === '' ? undefined : dollarsToCents(dollars);
    const checked = UpdateAdminFeeInput.safeParse({
      invoice_id: invoice.id,
      ...(cents === undefined ? {} : { fee: cents ?? -1 }),
      note,
    });
    if (cents === null) return setErrors({ fee: t('ui.orders.feeNotAmount') });
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) {
        if (issue.path[0] === 'fee') found.fee ??= issue.message;
        if (issue.path[0] === 'note') found.note ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    send.mutate({ name: 'updateAdminFee', input: checked.data });
  };
  return (
    <Stack gap="xs" data-testid="admin-fee">
      <Title order={3} fz={18}>
        {t('ui.orders.feeTitle')}
      </Title>
      <Text size="sm" data-testid="admin-fee-now">
        {current > 0 ? t('ui.orders.feeNow', { amount: formatMoney(current) }) : t('ui.orders.feeNone')}
      </Text>
      {locked ? (
        <Text size="sm" c="dimmed" data-testid="admin-fee-locked">
          {t('ui.orders.feeLocked')}
        </Text>
      ) : (
        <>
          <Group gap="xs" align="flex-start" grow>
            <TextInput
              label={t('ui.orders.feeLabel')}
              description={t('ui.orders.feeConfigured')}
              inputMode="decimal"
              value={dollars}
              onChange={(e) => setDollars(e.currentTarget.value)}
              error={errors.fee}
              data-testid="admin-fee-amount"
            />
            <TextInput
              label={t('ui.orders.feeNote')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              error={errors.note}
              required
              data-testid="admin-fee-note"
            />
          </Group>
          <Group gap="xs">
            <Button onClick={() => submit(false)} loading={send.isPending} data-testid="admin-fee-save">
              {t('ui.orders.feeSave')}
            </Button>
            {current > 0 ? (
              <Button
                variant="subtle"
                color="red"
                onClick={() => submit(true)}
                data-testid="admin-fee-remove"
              >
                {t('ui.orders.feeRemove')}
              </Button>
            ) : null}
          </Group>
        </>
      )}
    </Stack>
  );
}

const statuses: InvoiceProductStatus[] = ['processing', 'ready', 'collected', 'shipped'];

/** One line: where it stands (finance, admins) and its certificate (admins). */
function LineTools({
  invoice,
  line,
  certificates,
}: {
  invoice: InvoiceDetail;
  line: InvoiceDetail['invoiceItems'][number];
  certificates: boolean;
}) {
  const { t } = useTranslation();
  const send = useSend();
  const [status, setStatus] = useState<InvoiceProductStatus>(line.product_status ?? 'processing');
  const [editing, setEditing] = useState(false);
  const input = { invoice_id: invoice.id, product_id: line.product_id };
  return (
    <Stack gap={6} data-testid="line-tools" data-product-id={line.product_id}>
      <Text fw={600}>{line.title}</Text>
      <InvoiceLineDetails certificate={line.certificate} status={line.product_status} />
      <Group gap="xs" align="flex-end">
        <Select
          label={t('ui.orders.statusOf', { title: line.title })}
          data={statuses.map((value) => ({ value, label: t(productStatusKeys[value]) }))}
          value={status}
          onChange={(value) => value && setStatus(value as InvoiceProductStatus)}
          allowDeselect={false}
          w={220}
          data-testid="line-status-select"
        />
        <Button
          variant="light"
          onClick={() => send.mutate({ name: 'changeInvoiceProductStatus', input: { ...input, status } })}
          loading={send.isPending}
          data-testid="line-status-save"
        >
          {t('ui.orders.statusSave')}
        </Button>
      </Group>
      {certificates ? (
        editing ? (
          <CertificateForm
            initial={line.certificate ?? null}
            busy={send.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(certificate) =>
              send.mutate(
                { name: 'updateOwnershipCertificate', input: { ...input, certificate } },
                { onSuccess: () => setEditing(false) },
              )
            }
          />
        ) : (
          <Group gap="xs">
            <Button variant="subtle" onClick={() => setEditing(true)} data-testid="certificate-edit">
              {line.certificate ? t('ui.orders.certificateEdit') : t('ui.orders.certificateAdd')}
            </Button>
            {line.certificate ? (
              <Button
                variant="subtle"
                color="red"
                onClick={() =>
                  send.mutate({ name: 'updateOwnershipCertificate', input: { ...input, certificate: null } })
                }
                data-testid="certificate-remove"
              >
                {t('ui.orders.certificateRemove')}
              </Button>
            ) : null}
          </Group>
        )
      ) : null}
    </Stack>
  );
}

/**
 * Issue 38 §2, the staff's invoice screen: an invoice's admin fee (seeds 001 buynow/updateAdminFee),
 * each line's status (seeds 001 §4) and, for admins, its ownership certificate
 * (buynow/updateOwnershipCertificate). The server checks every call; this decides what to show.
 */
export function InvoiceToolsDialog({
  invoiceId,
  shownId,
  onClose,
}: {
  invoiceId: string;
  shownId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const invoice = useQuery(invoiceQuery(invoiceId));
  const certificates = user
    ? mayCall(user, 'updateOwnershipCertificate') && user.roles.includes('admin')
    : false;
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
      onClose={onClose}
      title={t('ui.orders.toolsTitle', { id: shownId })}
      size="lg"
    >
      {invoice.data ? (
        <Stack gap="md" data-testid="invoice-tools">
          <AdminFee invoice={invoice.data} />
          <Divider />
          <Title order={3} fz={18}>
            {t('ui.orders.linesTitle')}
          </Title>
          {invoice.data.invoiceItems.map((line) => (
            <LineTools key={line.product_id} invoice={invoice.data} line={line} certificates={certificates} />
          ))}
        </Stack>
      ) : invoice.isError ? (
        <Text c="red.8" role="alert">
          {errorMessage(invoice.error)}
        </Text>
      ) : (
        <Loader aria-label={t('ui.orders.toolsLoading')} />
      )}
    </Modal>
  );
}
