import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lineImage } from '../../lib/cart.ts';
import { formatMoney } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { LotImage } from '../LotImage/LotImage.tsx';
import classes from './CartLine.module.css';

export interface CartLineProps {
  line: {
    product_id: string;
    title: string;
    image: string | null;
    qty: number;
    unit_price: number;
    amount: number;
  };
  /** The quantity as a picker (the buy-now cart); the plain number otherwise. */
  quantity?: ReactNode;
  /** What the line offers (Remove). */
  action?: ReactNode;
  /** A line no longer for sale: greyed, with its reason. */
  unavailable?: string;
  /** The price label (an auction lot's 'Hammer price'); 'Unit price' unless told. */
  priceLabel?: string;
  /** Issue 31: the hold of the line's last checkout lapsed: said on the line, with what to do. */
  holdExpired?: boolean;
  /** Issue 38 §2: what more the line says (an invoice line's certificate and status), under its figures. */
  details?: ReactNode;
}

/** One wine of a cart, a checkout or an invoice: picture, title (to its page), price, quantity, amount. */
export function CartLine({
  line,
  quantity,
  action,
  unavailable,
  priceLabel,
  holdExpired,
  details,
}: CartLineProps) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      p="sm"
      component="li"
      className={classes.line}
      data-unavailable={unavailable ? true : undefined}
      data-hold-expired={holdExpired ? true : undefined}
      data-testid="cart-line"
      data-product-id={line.product_id}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        {/* The title beside it names the wine: the picture adds nothing for a screen reader. */}
        <LotImage src={lineImage(line.image)} alt="" w={72} h={72} radius="sm" className={classes.image} />
        <Stack gap={6} className={classes.body}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div className={classes.title}>
              <AnchorLink
                to="/productview/$pid"
                params={{ pid: line.product_id }}
                fw={600}
                data-testid="line-title"
              >
                {line.title}
              </AnchorLink>
              {unavailable ? (
                <Badge color="gray" variant="light" ml="xs" data-testid="line-unavailable">
                  {unavailable}
                </Badge>
              ) : null}
              {holdExpired ? (
                <Badge color="orange" variant="light" ml="xs" data-testid="line-hold-expired">
                  {t('ui.store.holdLapsed')}
                </Badge>
              ) : null}
            </div>
            {action ? <div className={classes.action}>{action}</div> : null}
          </Group>
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                {priceLabel ?? t('ui.lines.unitPrice')}:{' '}
              </Text>
              <span data-testid="line-unit-price">{formatMoney(line.unit_price)}</span>
            </Text>
            {quantity ?? (
              <Text size="sm">
                <Text span c="dimmed" size="sm">
                  {t('ui.lines.quantity')}:{' '}
                </Text>
                <span data-testid="line-qty">{line.qty}</span>
              </Text>
            )}
            <Text fw={600} className={classes.amount}>
              <Text span c="dimmed" size="sm" fw={400}>
                {t('ui.lines.amount')}:{' '}
              </Text>
              <span data-testid="line-amount">{formatMoney(line.amount)}</span>
            </Text>
          </Group>
          {holdExpired ? (
            <Text size="sm" c="orange.9" data-testid="line-hold-help">
              {t('ui.store.holdLapsedHelp')}{' '}
              <AnchorLink to="/productview/$pid" params={{ pid: line.product_id }} size="sm">
                {t('ui.store.holdLapsedCheck')}
              </AnchorLink>
            </Text>
          ) : null}
          {details}
        </Stack>
      </Group>
    </Paper>
  );
}

/** The lines as a list (each CartLine is an item). */
export function CartLineList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" aria-label={label} className={classes.list}>
      {children}
    </Stack>
  );
}
