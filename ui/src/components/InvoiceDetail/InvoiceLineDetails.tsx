import { Badge, Group, Text } from '@mantine/core';
import type { CertificateView, InvoiceProductStatus } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';

/** A line's status in the buyer's words (the shared texts, as the server's messages say them). */
export const productStatusKeys = {
  processing: 'orders.statusProcessing',
  ready: 'orders.statusReady',
  collected: 'orders.statusCollected',
  shipped: 'orders.statusShipped',
} as const;

const statusColours: Record<InvoiceProductStatus, string> = {
  processing: 'gray',
  ready: 'blue',
  collected: 'green',
  shipped: 'green',
};

/**
 * Issue 38 §2: what an invoice line says beyond its figures: where it stands in the cellar (seeds 001
 * §4 "Invoice product status change"), once it is more than being prepared, and its provenance
 * certificate (seeds 001 buynow/updateOwnershipCertificate).
 */
export function InvoiceLineDetails({
  certificate,
  status,
}: {
  certificate?: CertificateView | null | undefined;
  status?: InvoiceProductStatus | undefined;
}) {
  const { t } = useTranslation();
  if (!certificate && (!status || status === 'processing')) return null;
  return (
    <Group gap="xs" wrap="wrap" data-testid="line-details">
      {status && status !== 'processing' ? (
        <Badge color={statusColours[status]} variant="light" data-testid="line-status">
          {t(productStatusKeys[status])}
        </Badge>
      ) : null}
      {certificate ? (
        <Text size="sm" data-testid="line-certificate">
          <Text span c="dimmed" size="sm">
            {t('ui.orders.certificate')}:{' '}
          </Text>
          {t('ui.orders.certificateText', {
            reference: certificate.reference,
            issuer: certificate.issuer,
            date: formatDate(certificate.issued_on),
          })}
        </Text>
      ) : null}
    </Group>
  );
}
