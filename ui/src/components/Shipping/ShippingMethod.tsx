import { Alert, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type ShipMethod, ShipMethods, type ShippingQuoteView } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../lib/format.ts';

export interface ShippingMethodProps {
  method: ShipMethod;
  shipDate: string;
  onChange: (change: { shipMethod?: ShipMethod; shipDate?: string }) => void;
  /** The server's last quote of this delivery: the charge, whether the hold is offered, its dates. */
  quote: ShippingQuoteView | null;
  /** What is wrong with the ship date (missing, outside the window, out of season). */
  problem?: string | null | undefined;
}

/** Each method's name and hint, named in full so the i18n spec sees them used. */
export const shipMethodLabels = {
  ground: 'ui.shipping.ground',
  temperature: 'ui.shipping.temperature',
  hold: 'ui.shipping.hold',
} as const;
const hints = {
  ground: 'ui.shipping.groundHint',
  temperature: 'ui.shipping.temperatureHint',
  hold: 'ui.shipping.holdHint',
} as const;
/** A day as the buyer reads it, from `YYYY-MM-DD` (noon UTC: the same day in every zone of the US). */
const day = (iso: string) => formatDate(`${iso}T12:00:00.000Z`);

/**
 * Issue 31: how a delivery ships. Ground, temperature-controlled, or the seasonal hold wine merchants
 * offer in summer and winter, which ships on the date the buyer picks within the server's window.
 * The charge is the server's (saveAddress); the page never computes one.
 */
export function ShippingMethod({ method, shipDate, onChange, quote, problem }: ShippingMethodProps) {
  const { t } = useTranslation();
  const hold = quote?.hold;
  const holdClosed = hold !== undefined && !hold.offered;
  // Issue 34: a method the house does not offer is shown, but cannot be chosen.
  const offered = (m: ShipMethod) => quote?.methods.includes(m) ?? true;
  return (
    <Stack gap="sm" data-testid="shipping-method">
      <Radio.Group
        label={t('ui.shipping.method')}
        value={method}
        onChange={(value) =>
          onChange({
            shipMethod: (ShipMethods as readonly string[]).includes(value) ? (value as ShipMethod) : 'ground',
          })
        }
      >
        <Stack gap="xs" mt="xs">
          {ShipMethods.map((m) => (
            <Radio
              key={m}
              value={m}
              label={t(shipMethodLabels[m])}
              description={
                !offered(m)
                  ? t('ui.shipping.methodNotOffered')
                  : m === 'hold' && holdClosed
                    ? t('ui.shipping.holdNotOffered')
                    : t(hints[m])
              }
              disabled={method !== m && (!offered(m) || (m === 'hold' && holdClosed))}
              data-testid={`ship-method-${m}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      {method === 'hold' ? (
        <TextInput
          type="date"
          label={t('ui.shipping.shipDate')}
          description={
            hold ? t('ui.shipping.shipDateHint', { from: day(hold.from), to: day(hold.to) }) : undefined
          }
          required
          value={shipDate}
          min={hold?.from}
          max={hold?.to}
          onChange={(event) => onChange({ shipDate: event.currentTarget.value })}
          error={problem ?? undefined}
          maw={260}
          data-testid="ship-date"
        />
      ) : null}
      {quote && quote.method === method ? (
        <Text size="sm" data-testid="shipping-charge">
          <Text span c="dimmed" size="sm">
            {t('ui.shipping.charge')}:{' '}
          </Text>
          {quote.charge === 0 ? t('ui.shipping.free') : formatMoney(quote.charge)}
          {quote.taxable && quote.charge > 0 ? (
            <Text span c="dimmed" size="sm">
              {' '}
              {t('ui.shipping.taxed')}
            </Text>
          ) : null}
        </Text>
      ) : null}
      {problem && method !== 'hold' ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
