import { useDebouncedValue } from '@mantine/hooks';
import type { CartValues, InputOf, PickupLocation } from '@wine/contracts';
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
}

export interface Quote {
  /** The cart's values for the current choice; null until it is complete and priced. */
  values: CartValues | null;
  location: PickupLocation | null;
  addressProblem: string | null;
  error: string | null;
  /** A newer choice is being priced. */
  updating: boolean;
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
        });
      },
      (failure: unknown) => {
        if (latest.current !== settled) return;
        const invalid = failure instanceof ApiError && failure.code === 'ADDRESS_INVALID';
        setAnswer({
          key: settled,
          values: null,
          location: null,
          addressProblem: invalid ? failure.message : null,
          error: invalid ? null : errorMessage(failure),
        });
      },
    );
  }, [settled]);

  const current = key !== null && answer !== null && answer.key === settled;
  return {
    values: current ? answer.values : null,
    location: answer?.location ?? null,
    addressProblem: current ? answer.addressProblem : null,
    error: current ? answer.error : null,
    updating: key !== null && (key !== settled || answer?.key !== settled),
  };
}
