import {
  type AddressComponent,
  AddressType,
  Client,
  type Language,
  PlaceAutocompleteType,
  type PlaceData,
  Status,
} from '@googlemaps/google-maps-services-js';
import {
  type AddressSuggestion,
  MAX_SUGGESTIONS,
  type Maps,
  MapsServiceError,
  type PlaceAddress,
} from './port.ts';

export interface GooglePlacesOptions {
  /** The API's root: https://maps.googleapis.com (a test points it at its local double). */
  baseUrl: string;
  /** An API key with the Places API enabled (Google Cloud console > APIs & Services > Credentials). */
  apiKey: string;
  /** How long one call may take: the buyer is typing, so a late answer is no use. */
  timeoutMs?: number;
}

const SERVICE = 'google';
/** What the address form needs of a place, and nothing billed beyond it (Places "Basic" fields). */
const DETAIL_FIELDS = ['address_component', 'formatted_address', 'geometry/location', 'place_id'];

/** Google's own status and message from a refusal, or UNREACHABLE / HTTP_<n> when there was none. */
function serviceError(error: unknown): MapsServiceError {
  const { response, message } = (error ?? {}) as {
    response?: { status?: number; data?: unknown };
    message?: string;
  };
  if (!response)
    return new MapsServiceError(SERVICE, 'UNREACHABLE', String(message ?? 'no answer').slice(0, 200));
  const data = (response.data ?? {}) as { status?: unknown; error_message?: unknown };
  const code = typeof data.status === 'string' && data.status ? data.status : `HTTP_${response.status}`;
  const text = typeof data.error_message === 'string' ? data.error_message : String(message ?? '');
  return new MapsServiceError(SERVICE, code, text.slice(0, 200));
}

const statusOf = (error: unknown) =>
  ((error as { response?: { data?: { status?: unknown } } })?.response?.data?.status ?? null) as
    | string
    | null;

function part(components: AddressComponent[], type: AddressType) {
  return components.find((c) => (c.types as string[]).includes(type));
}

/**
 * The maps port on Google's Places API (the legacy web service the maintained Node SDK
 * `@googlemaps/google-maps-services-js` speaks; issue 35 §5):
 * - `placeAutocomplete`: `GET {base}/maps/api/place/autocomplete/json` with `input`, `sessiontoken`,
 *   `language`, `types=address` and `components=country:us` (the merchant ships within the US);
 * - `placeDetails`: `GET {base}/maps/api/place/details/json` with the suggestion's `place_id`, the same
 *   `sessiontoken` (ending the billed session) and only the fields the form keeps.
 * The SDK's client is pointed at `baseUrl` through each request's `url`, with its retries off (a
 * retried suggestion arrives after the buyer typed on). Google answers `status` in the body: OK and
 * ZERO_RESULTS are answers; NOT_FOUND or INVALID_REQUEST for a place id is no such place (null); any
 * other (REQUEST_DENIED for a bad key, OVER_QUERY_LIMIT...) is a MapsServiceError with Google's status
 * and message, never the key.
 */
export function createGooglePlacesMaps(options: GooglePlacesOptions): Maps {
  const base = options.baseUrl.replace(/\/+$/, '');
  const client = new Client({
    config: { timeout: options.timeoutMs ?? 5_000, raxConfig: { retry: 0, noResponseRetries: 0 } },
  });
  const key = options.apiKey;

  return {
    name: SERVICE,
    async autocomplete(text, session, language): Promise<AddressSuggestion[]> {
      let predictions: { description: string; place_id: string }[];
      try {
        const response = await client.placeAutocomplete({
          url: `${base}/maps/api/place/autocomplete/json`,
          params: {
            input: text,
            sessiontoken: session,
            language,
            types: PlaceAutocompleteType.address,
            components: ['country:us'],
            key,
          },
        });
        predictions = response.data.status === Status.OK ? response.data.predictions : [];
      } catch (error) {
        throw serviceError(error);
      }
      return predictions
        .slice(0, MAX_SUGGESTIONS)
        .map(({ description, place_id }) => ({ description, place_id }));
    },

    async placeDetails(placeId, session, language = 'en'): Promise<PlaceAddress | null> {
      let result: Partial<PlaceData> | undefined;
      try {
        const response = await client.placeDetails({
          url: `${base}/maps/api/place/details/json`,
          params: {
            place_id: placeId,
            sessiontoken: session,
            language: language as Language,
            fields: DETAIL_FIELDS,
            key,
          },
        });
        result = response.data.result;
      } catch (error) {
        const status = statusOf(error);
        if (status === Status.NOT_FOUND || status === Status.INVALID_REQUEST) return null;
        throw serviceError(error);
      }
      const components = result?.address_components ?? [];
      const location = result?.geometry?.location;
      if (!result?.place_id || !location) return null;
      const number = part(components, AddressType.street_number)?.long_name;
      const route = part(components, AddressType.route)?.short_name ?? '';
      const city =
        part(components, AddressType.locality) ??
        part(components, AddressType.postal_town) ??
        part(components, AddressType.sublocality) ??
        part(components, AddressType.administrative_area_level_3);
      return {
        place_id: result.place_id,
        address1: number ? `${number} ${route}` : route,
        city: city?.long_name ?? '',
        state: part(components, AddressType.administrative_area_level_1)?.short_name ?? '',
        zip: part(components, AddressType.postal_code)?.long_name ?? '',
        country: part(components, AddressType.country)?.short_name ?? '',
        full_address: result.formatted_address ?? '',
        latitude: location.lat,
        longitude: location.lng,
      };
    },
  };
}
