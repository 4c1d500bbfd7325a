import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenDouble } from '../http/double-server.ts';
import type { KnownPlace } from './places.ts';
import { fullAddressOf, placeMatches, suggestionOf } from './sandbox.ts';

/** One request the double received, as Google would read it. */
export interface PlacesDoubleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
}

export interface GooglePlacesDouble {
  /** The root to configure the adapter with: http://127.0.0.1:<port> */
  url: string;
  requests: PlacesDoubleRequest[];
  /** While on, every call is answered HTTP 503 with an HTML page (the service is down). */
  outage(on: boolean): void;
  close(): Promise<void>;
}

const [streetNumberOf, routeOf] = [
  (address1: string) => address1.split(' ')[0] ?? '',
  (address1: string) => address1.split(' ').slice(1).join(' '),
];

/** A place's `address_components` as the Places API answers them (short and long names). */
function componentsOf(place: KnownPlace) {
  return [
    {
      long_name: streetNumberOf(place.address1),
      short_name: streetNumberOf(place.address1),
      types: ['street_number'],
    },
    { long_name: routeOf(place.address1), short_name: routeOf(place.address1), types: ['route'] },
    { long_name: place.city, short_name: place.city, types: ['locality', 'political'] },
    { long_name: place.state, short_name: place.state, types: ['administrative_area_level_1', 'political'] },
    { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
    { long_name: place.zip, short_name: place.zip, types: ['postal_code'] },
  ];
}

/**
 * A test double of Google's Places API (legacy web service), on 127.0.0.1 at a random port, speaking
 * its wire format as documented (developers.google.com/maps/documentation/places/web-service/autocomplete
 * and /details): `GET /maps/api/place/autocomplete/json?input=&key=&sessiontoken=&language=&types=&components=`
 * answers `{ predictions: [{ description, place_id, ... }], status }`; `GET /maps/api/place/details/json?
 * place_id=&key=&fields=` answers `{ result: { address_components, formatted_address, geometry, place_id },
 * status }` with only the fields asked. Always HTTP 200 with `status` in the body: OK, ZERO_RESULTS,
 * REQUEST_DENIED (a missing or wrong key, with `error_message`), INVALID_REQUEST (no input or place id,
 * a `types` it does not take), NOT_FOUND (no such place). It holds the places it is given. Only the
 * specs start it.
 */
export async function startGooglePlacesDouble(options: {
  apiKey: string;
  places: readonly KnownPlace[];
}): Promise<GooglePlacesDouble> {
  const requests: PlacesDoubleRequest[] = [];
  let down = false;

  const answer = (response: ServerResponse, body: Record<string, unknown>) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    response.end(JSON.stringify(body));
  };

  function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://double');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: request.method ?? '', path: url.pathname, query });
    if (down) {
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('<html><body>Service Unavailable</body></html>');
      return;
    }
    const language = query.language ?? 'en';
    if (request.method !== 'GET' || !url.pathname.startsWith('/maps/api/place/')) {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<html><body>Not Found</body></html>');
      return;
    }
    if (!query.key)
      return answer(response, {
        status: 'REQUEST_DENIED',
        error_message: 'You must use an API key to authenticate each request to Google Maps Platform APIs.',
        ...(url.pathname.includes('autocomplete') ? { predictions: [] } : { html_attributions: [] }),
      });
    if (query.key !== options.apiKey)
      return answer(response, {
        status: 'REQUEST_DENIED',
        error_message: 'The provided API key is invalid.',
        ...(url.pathname.includes('autocomplete') ? { predictions: [] } : { html_attributions: [] }),
      });
    if (url.pathname === '/maps/api/place/autocomplete/json') {
      const input = query.input ?? '';
      const types = query.types ?? '';
      if (
        !input ||
        (types && !['address', 'geocode', 'establishment', '(regions)', '(cities)'].includes(types))
      )
        return answer(response, { predictions: [], status: 'INVALID_REQUEST' });
      const onlyUs = !query.components || query.components.split('|').includes('country:us');
      // Google answers at most five predictions.
      const found = onlyUs ? options.places.filter((p) => placeMatches(p, input)).slice(0, 5) : [];
      if (found.length === 0) return answer(response, { predictions: [], status: 'ZERO_RESULTS' });
      return answer(response, {
        predictions: found.map((p) => ({
          ...suggestionOf(p, language),
          reference: p.place_id,
          types: ['premise', 'geocode'],
          terms: [{ offset: 0, value: p.address1 }],
          matched_substrings: [{ length: Math.min(input.length, p.address1.length), offset: 0 }],
          structured_formatting: {
            main_text: p.address1,
            secondary_text: suggestionOf(p, language).description.slice(p.address1.length + 2),
          },
        })),
        status: 'OK',
      });
    }
    if (url.pathname === '/maps/api/place/details/json') {
      if (!query.place_id) return answer(response, { html_attributions: [], status: 'INVALID_REQUEST' });
      const found = options.places.find((p) => p.place_id === query.place_id);
      if (!found) return answer(response, { html_attributions: [], status: 'NOT_FOUND' });
      const full: Record<string, unknown> = {
        address_components: componentsOf(found),
        formatted_address: fullAddressOf(found, language),
        geometry: { location: { lat: found.latitude, lng: found.longitude } },
        place_id: found.place_id,
        name: found.address1,
      };
      // `fields` (comma-separated) limits the answer; `geometry/location` asks for geometry.
      const asked = query.fields ? query.fields.split(',').map((f) => f.split('/')[0] ?? f) : null;
      const fieldName = (f: string) => (f === 'address_component' ? 'address_components' : f);
      const result = asked
        ? Object.fromEntries(Object.entries(full).filter(([k]) => asked.map(fieldName).includes(k)))
        : full;
      return answer(response, { html_attributions: [], result, status: 'OK' });
    }
    return answer(response, { status: 'INVALID_REQUEST', error_message: 'Unknown endpoint.' });
  }

  const server = await listenDouble(handle);
  return {
    url: server.url,
    requests,
    outage: (on) => {
      down = on;
    },
    close: () => server.close(),
  };
}
