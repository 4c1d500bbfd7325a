/** One suggestion while the buyer types an address (seeds 001 §3 "Address form"). */
export interface AddressSuggestion {
  /** As the buyer reads it, in the language asked: `233 S Wacker Dr, Chicago, IL, USA`. */
  description: string;
  place_id: string;
}

/**
 * A chosen place as the address form keeps it (seeds 001 §3: address1, city, state, zip, latitude,
 * longitude, full_address, place_id), with its country (ISO 3166-1 alpha-2, `US`).
 */
export interface PlaceAddress {
  place_id: string;
  address1: string;
  city: string;
  /** The state's code (`IL`), as the address form's state select takes it. */
  state: string;
  zip: string;
  country: string;
  full_address: string;
  latitude: number;
  longitude: number;
}

/**
 * The service refused the call or could not be reached: its own status (REQUEST_DENIED,
 * OVER_QUERY_LIMIT, UNREACHABLE...) and message, never the key.
 */
export class MapsServiceError extends Error {
  constructor(
    readonly service: string,
    readonly code: string,
    message: string,
  ) {
    super(`${service} ${code}: ${message}`);
    this.name = 'MapsServiceError';
  }
}

/**
 * The maps port (seeds 001 §7 "a maps geocode and place-details service for address fields"; issue
 * 35 §5): suggestions for what the buyer typed, then the chosen one's parts and coordinates. `session`
 * groups one buyer's typing and choice (the provider bills them as one session). Nothing found is an
 * empty list or null; a refusal or an unreachable service throws MapsServiceError. The embedded
 * default is the sandbox, which answers from a built-in list and never calls out.
 */
export interface Maps {
  /** 'sandbox' or 'google'. */
  readonly name: string;
  /** At most five suggestions of US street addresses for `text`, described in `language` ('en', 'es'). */
  autocomplete(text: string, session: string, language: string): Promise<AddressSuggestion[]>;
  /** The place a suggestion named, or null when there is no such place. */
  placeDetails(placeId: string, session: string, language?: string): Promise<PlaceAddress | null>;
}

/** Suggestions answered for one text, at most. */
export const MAX_SUGGESTIONS = 5;

/** The country as a description ends with it, by language (as Google's Places answer it). */
export function countryLabel(country: string, language: string): string {
  if (country !== 'US') return country;
  return language.toLowerCase().startsWith('es') ? 'EE. UU.' : 'USA';
}
