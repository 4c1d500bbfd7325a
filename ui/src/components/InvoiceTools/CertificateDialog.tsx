import { Modal, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertificateView } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { CertificateForm } from './CertificateForm.tsx';

/**
 * Issue 38 §2 (seeds 001 buynow/updateOwnershipCertificate): the seller attaches the provenance
 * certificate of a lot they sold to its line of the buyer's invoice (shown on the invoice).
 */
export function CertificateDialog({
  invoiceId,
  productId,
  title,
  initial,
  onClose,
}: {
  invoiceId: string;
  productId: string;
  title: string;
  initial: CertificateView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pushAlert = useSetAtom(pushAlertAtom);
  const save = useMutation({
    mutationFn: (certificate: CertificateView) =>
      callForMessage('updateOwnershipCertificate', {
        invoice_id: invoiceId,
        product_id: productId,
        certificate,
      }),
    onSuccess: ({ message }) => {
      pushAlert({ msg: messageOr(message, t('orders.certificateAttached', { title })), type: 'success' });
      void invalidateAction(queryClient, 'salesOrders');
      onClose();
    },
  });
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('ui.common.close') }}
      onClose={onClose}
      title={t('ui.orders.certificateOf', { title })}
    >
      <CertificateForm
        initial={initial}
        busy={save.isPending}
        onCancel={onClose}
        onSubmit={(c) => save.mutate(c)}
      />
      {save.isError ? (
        <Text size="sm" c="red.8" role="alert" mt="xs" data-testid="dialog-failure">
          {errorMessage(save.error)}
        </Text>
      ) : null}
    </Modal>
  );
}
