import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { CartValues } from '@wine/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { taxPercent } from '../../lib/cart.ts';
import { formatMoney } from '../../lib/format.ts';

export interface CartTotalsProps {
  values: CartValues;
  /** The heading; 'Order summary' unless told. */
  title?: string;
  /** Shown under the figures (the checkout's 'Updating the totals…'). */
  footer?: ReactNode;
  children?: ReactNode;
  /** Issue 31: a delivery shows its shipping line, 'Free' when nothing is charged. */
  delivery?: boolean;
}

function Row({
  label,
  cents,
  testId,
  strong,
}: {
  label: string;
  cents: number;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        {formatMoney(cents)}
      </Text>
    </Group>
  );
}

/**
 * seeds 001 §3 cartValues (DOMAIN.md "Money"): the subtotal, the buyer's premium (auctions only), tax
 * on both at the rate of the delivery state, the total; paid and due once something is paid.
 */
export function CartTotals({ values, title, footer, children, delivery }: CartTotalsProps) {
  const { t } = useTranslation();
  const shipping = values.shipping ?? 0;
  return (
    <Card component="section" aria-labelledby="totals-title" data-testid="cart-totals">
      <Title order={2} fz={22} id="totals-title" mb="sm">
        {title ?? t('ui.totals.title')}
      </Title>
      <Stack gap={6}>
        <Row label={t('ui.totals.subtotal')} cents={values.subtotal} testId="total-subtotal" />
        {values.premium_percent > 0 || values.premium > 0 ? (
          <Row
            label={t('ui.totals.premium', { percent: values.premium_percent })}
            cents={values.premium}
            testId="total-premium"
          />
        ) : null}
        {delivery || shipping > 0 ? (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{t('ui.shipping.charge')}</Text>
            <Text size="sm" fw={500} data-testid="total-shipping">
              {shipping === 0 ? t('ui.shipping.free') : formatMoney(shipping)}
            </Text>
          </Group>
        ) : null}
        <Row
          label={t('ui.totals.tax', { rate: taxPercent(values.tax_rate) })}
          cents={values.tax}
          testId="total-tax"
        />
        {/* Issue 38 §2: an admin fee staff set on the order (not taxed). */}
        {values.admin_fee ? (
          <Row label={t('ui.orders.adminFee')} cents={values.admin_fee} testId="total-admin-fee" />
        ) : null}
        <Divider my={4} />
        <Row label={t('ui.totals.total')} cents={values.total} testId="total-total" strong />
        {values.paid > 0 ? (
          <>
            <Row label={t('ui.totals.paid')} cents={values.paid} testId="total-paid" />
            <Row label={t('ui.totals.due')} cents={values.due} testId="total-due" strong />
          </>
        ) : null}
      </Stack>
      {footer}
      {children}
    </Card>
  );
}
