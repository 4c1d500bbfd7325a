import { z } from 'zod';
import { atMost } from '../accounts/fields.ts';
import { action } from '../action.ts';
import { t } from '../i18n/index.ts';
import { plainText } from '../text.ts';

/** Issue 35 §5: what the buyer has typed in the street field, at most a short line. */
export const ADDRESS_LOOKUP_MAX_TEXT = 200;

/** One typing session's id, made by the browser (the provider bills the typing and the choice as one). */
const LookupSession = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const AddressAutocompleteInput = z.strictObject({
  text: plainText(() => t('labels.address'))
    .min(1)
    .max(ADDRESS_LOOKUP_MAX_TEXT, atMost(ADDRESS_LOOKUP_MAX_TEXT)),
  session: LookupSession,
});

export const AddressDetailsInput = z.strictObject({
  /** A suggestion's place id (Google's are base64url-like, `ChIJ...`). */
  place_id: z.string().regex(/^[A-Za-z0-9_-]{1,300}$/),
  session: LookupSession,
});

export const AddressSuggestionView = z.object({ description: z.string(), place_id: z.string() });
export type AddressSuggestionView = z.infer<typeof AddressSuggestionView>;

/** seeds 001 §3 "Address form": the chosen place's address1, city, state, zip, coordinates and ids. */
export const PlaceAddressView = z.object({
  place_id: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
  full_address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type PlaceAddressView = z.infer<typeof PlaceAddressView>;

/**
 * Issue 35 §5 (seeds 001 §7 "a maps geocode and place-details service for address fields"): the
 * address form's suggestions as the buyer types (debounced 200 ms, seeds 001 §9), in the request's
 * language, then the chosen one's parts. Served by the command-service, which asks the maps port.
 */
export const addressLookupActions = {
  addressAutocomplete: action({
    path: '/api/user/addressAutocomplete',
    side: 'command',
    auth: 'user',
    input: AddressAutocompleteInput,
    output: z.object({ suggestions: z.array(AddressSuggestionView) }),
  }),
  addressDetails: action({
    path: '/api/user/addressDetails',
    side: 'command',
    auth: 'user',
    input: AddressDetailsInput,
    output: PlaceAddressView,
  }),
} as const;
