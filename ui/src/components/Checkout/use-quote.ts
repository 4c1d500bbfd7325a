import { useDebouncedValue } from '@mantine/hooks';
import type { CartValues, InputOf, PickupLocation, ShippingQuoteView } from '@wine/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError, call, errorMessage } from '../../api/client.ts';

/** How long the page waits after the last keystroke of an address before it prices it. */
const SETTLE_MS = 400;

interface Answer {
  key: string;
  values: CartValues | null;
  location: PickupLocation | null;
  /** ADDRESS_INVALID: shown at the address. */
  addressProblem: string | null;
  /** Any other refusal (the cart is empty, the invoice is paid). */
  error: string | null;
  /** Issue 31: a delivery's shipping (charge, the hold's dates). */
  shipping?: ShippingQuoteView | null;
  /** Issue 31: the hold refused (its date, its season): shown at the ship date. */
  shippingProblem?: string | null;
  /** Issue 35 §5: the tax is the configured table's, the tax service not answering in time. */
  taxFallback?: boolean;
}

/** Issue 31: refusals shown where their field is, not as the page's error. */
const atAddress = new Set(['ADDRESS_INVALID', 'SHIPPING_NOT_ALLOWED']);
const atShipDate = new Set(['SHIP_DATE_INVALID', 'SHIP_HOLD_OUT_OF_SEASON']);

export interface Quote {
  /** The cart's values for the current choice; null until it is complete and priced. */
  values: CartValues | null;
  location: PickupLocation | null;
  addressProblem: string | null;
  error: string | null;
  /** A newer choice is being priced. */
  updating: boolean;
  /** Issue 31: the last delivery quote's shipping (kept while a newer choice is priced). */
  shipping: ShippingQuoteView | null;
  shippingProblem: string | null;
  /** Issue 35 §5: the current values' tax is the configured table's (the tax service did not answer). */
  taxFallback: boolean;
}

/**
 * seeds 001 §7 cart/saveAddress: whenever the delivery choice or a complete address changes, the
 * server saves it and answers the cart's values with tax at that address. Only the latest answer counts.
 */
export function useQuote(input: InputOf<'saveAddress'> | null): Quote {
  const key = input ? JSON.stringify(input) : null;
  const [settled] = useDebouncedValue(key, SETTLE_MS);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const latest = useRef<string | null>(null);

  useEffect(() => {
    latest.current = settled;
    if (settled === null) return;
    call('saveAddress', JSON.parse(settled) as InputOf<'saveAddress'>).then(
      (quote) => {
        if (latest.current !== settled) return;
        setAnswer({
          key: settled,
          values: quote.cartValues,
          location: quote.cartLocation,
          addressProblem: null,
          error: null,
          shipping: quote.shipping ?? null,
          taxFallback: quote.tax_fallback === true,
        });
      },
      (failure: unknown) => {
        if (latest.current !== settled) return;
        const code = failure instanceof ApiError ? failure.code : '';
        const invalid = atAddress.has(code);
        const shipDate = atShipDate.has(code);
        setAnswer((previous) => ({
          key: settled,
          values: null,
          location: null,
          addressProblem: invalid ? errorMessage(failure) : null,
          shippingProblem: shipDate ? errorMessage(failure) : null,
          error: invalid || shipDate ? null : errorMessage(failure),
          // The hold's dates stay known while a refused choice is corrected.
          shipping: previous?.shipping ?? null,
        }));
      },
    );
  }, [settled]);

  const current = key !== null && answer !== null && answer.key === settled;
  return {
    values: current ? answer.values : null,
    location: answer?.location ?? null,
    addressProblem: current ? answer.addressProblem : null,
    error: current ? answer.error : null,
    shipping: answer?.shipping ?? null,
    shippingProblem: current ? (answer.shippingProblem ?? null) : null,
    taxFallback: current ? answer.taxFallback === true : false,
    updating: key !== null && (key !== settled || answer?.key !== settled),
  };
}
