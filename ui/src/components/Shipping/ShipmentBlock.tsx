import { Stack, Text } from '@mantine/core';
import type { InvoiceDetail } from '@wine/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';
import { Block } from '../InvoiceDetail/InvoiceBlocks.tsx';
import { shipMethodLabels } from './ShippingMethod.tsx';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Text size="sm" data-testid={testId}>
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/**
 * Issue 31: a delivery invoice's block in place of the pickup ones: how it ships, the hold's ship date,
 * and the carrier and tracking number once staff entered them (where to is the delivery address block
 * beside it).
 */
export function ShipmentBlock({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const shipment = invoice.shipment ?? null;
  return (
    <Block name="shipment" title={t('ui.shipping.block')}>
      <Stack gap={6}>
        {shipment ? (
          <Field label={t('ui.shipping.methodLabel')} testId="shipment-method">
            {t(shipMethodLabels[shipment.method])}
          </Field>
        ) : null}
        {shipment?.ship_date ? (
          <Field label={t('ui.shipping.shipsOn')} testId="shipment-date">
            {formatDate(`${shipment.ship_date}T12:00:00.000Z`)}
          </Field>
        ) : null}
        {shipment?.tracking_number ? (
          <>
            <Field label={t('ui.shipping.carrier')} testId="shipment-carrier">
              {shipment.carrier}
            </Field>
            <Field label={t('ui.shipping.tracking')} testId="shipment-tracking">
              <Text span fw={600} ff="monospace" size="sm">
                {shipment.tracking_number}
              </Text>
            </Field>
          </>
        ) : (
          <Text size="sm" c="dimmed" data-testid="shipment-not-shipped">
            {t('ui.shipping.notShipped')}
          </Text>
        )}
      </Stack>
    </Block>
  );
}
