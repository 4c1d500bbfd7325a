import { useQueryClient } from '@tanstack/react-query';
import { useCartChanges } from '../../state/realtime.ts';
import { invalidateOffers } from './offer-queries.ts';

/**
 * The offer screens load again when the socket says the user's offers changed (`offerChanged`,
 * heard with the carts' messages: an accepted offer joins the temporary cart) or may have changed
 * while it was away (a resync).
 */
export function useOfferChanges(): void {
  const queryClient = useQueryClient();
  useCartChanges(() => void invalidateOffers(queryClient));
}
