import { NumberInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type CartItem, quantityMessage } from '@wine/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client.ts';
import { formatMoney } from '../../lib/format.ts';

/** How long the picker waits after the last change before it asks the server (typing '12' is one change). */
const SETTLE_MS = 450;

export interface CartQuantityProps {
  line: CartItem;
  /** Sets the line's quantity on the server (addToCart); rejects with its message. */
  onChange: (qty: number) => Promise<void>;
}

/**
 * The buy-now line's quantity (seeds 000 §5 quantity rules): a whole number from 1 to what the lot
 * still has; the unit price follows the lot's quantity-discount rows once the server has it.
 */
export function CartQuantity({ line, onChange }: CartQuantityProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | ''>(line.qty);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's quantity wins whenever it changes (this tab's answer, or another tab's change).
  useEffect(() => setValue(line.qty), [line.qty]);

  const send = useDebouncedCallback(async (qty: number | '') => {
    if (qty === '' || !Number.isInteger(qty) || qty < 1)
      return setError(quantityMessage({ rule: 'enterQuantity' }));
    // Nothing left: the lot is sold out (not 'Max Quantity 0').
    if (line.remaining <= 0) return setError(quantityMessage({ rule: 'soldOut' }));
    if (qty > line.remaining)
      return setError(quantityMessage({ rule: 'maxQuantity', count: line.remaining }));
    if (qty === line.qty) return;
    setBusy(true);
    try {
      await onChange(qty);
    } catch (failure) {
      setError(errorMessage(failure));
      setValue(line.qty);
    } finally {
      setBusy(false);
    }
  }, SETTLE_MS);

  const next = [...line.discounts]
    .sort((a, b) => a.quantity - b.quantity)
    .find((row) => typeof value === 'number' && row.quantity > value);
  return (
    <NumberInput
      label={t('ui.lines.quantity')}
      aria-label={t('ui.cart.quantityOf', { title: line.title })}
      min={1}
      max={Math.max(1, line.remaining)}
      allowDecimal={false}
      allowNegative={false}
      // The seeds' quantity messages say what is wrong; a silent clamp would hide them.
      clampBehavior="none"
      value={value}
      onChange={(next) => {
        const qty = typeof next === 'number' ? next : '';
        setValue(qty);
        setError(null);
        send(qty);
      }}
      description={
        next
          ? t('ui.cart.nextDiscount', { count: next.quantity, price: formatMoney(next.bprice) })
          : undefined
      }
      error={error}
      disabled={busy}
      w={{ base: 140, sm: 160 }}
      size="xs"
      data-testid="line-qty-input"
    />
  );
}
