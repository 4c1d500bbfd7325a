import { type KnownPlace, knownPlaces } from './places.ts';
import {
  type AddressSuggestion,
  countryLabel,
  MAX_SUGGESTIONS,
  type Maps,
  type PlaceAddress,
} from './port.ts';

/** `233 S Wacker Dr, Chicago, IL, USA`: how a suggestion reads (as Google's Places describe one). */
export const suggestionOf = (place: KnownPlace, language: string): AddressSuggestion => ({
  description: `${place.address1}, ${place.city}, ${place.state}, ${countryLabel('US', language)}`,
  place_id: place.place_id,
});

/** `233 S Wacker Dr, Chicago, IL 60606, USA`: the whole address (Google's formatted_address). */
export const fullAddressOf = (place: KnownPlace, language = 'en') =>
  `${place.address1}, ${place.city}, ${place.state} ${place.zip}, ${countryLabel('US', language)}`;

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(' ')
    .filter(Boolean);

/**
 * Whether `text` names the place: each word typed begins a word of its address (the last one may be
 * half typed), so `233 s wack` finds 233 S Wacker Dr.
 */
export function placeMatches(place: KnownPlace, text: string): boolean {
  const typed = words(text);
  const own = words(`${place.address1} ${place.city} ${place.state} ${place.zip}`);
  return typed.length > 0 && typed.every((word) => own.some((w) => w.startsWith(word)));
}

/**
 * The embedded default (issue 35 §5): suggests from the built-in list of US addresses (places.ts),
 * so the address form works offline; it never calls out. Fewer than three characters suggest nothing.
 */
export function createSandboxMaps(places: readonly KnownPlace[] = knownPlaces): Maps {
  return {
    name: 'sandbox',
    async autocomplete(text, _session, language) {
      if (text.trim().length < 3) return [];
      return places
        .filter((p) => placeMatches(p, text))
        .slice(0, MAX_SUGGESTIONS)
        .map((p) => suggestionOf(p, language));
    },
    async placeDetails(placeId, _session, language = 'en'): Promise<PlaceAddress | null> {
      const found = places.find((p) => p.place_id === placeId);
      if (!found) return null;
      const { place_id, address1, city, state, zip, latitude, longitude } = found;
      return {
        place_id,
        address1,
        city,
        state,
        zip,
        country: 'US',
        full_address: fullAddressOf(found, language),
        latitude,
        longitude,
      };
    },
  };
}
