import { createGooglePlacesMaps } from './google-places.ts';
import type { Maps } from './port.ts';
import { createSandboxMaps } from './sandbox.ts';

export { createGooglePlacesMaps, type GooglePlacesOptions } from './google-places.ts';
export { type KnownPlace, knownPlaces } from './places.ts';
export * from './port.ts';
export { createSandboxMaps } from './sandbox.ts';

/** Google's Maps Platform web services root. */
export const GOOGLE_MAPS_DEFAULT_URL = 'https://maps.googleapis.com';

/**
 * Configuration picks the maps service for the address fields (issue 35 §5-6): MAPS_PROVIDER
 * `sandbox` (the default) suggests from the built-in list and never calls out; `google` asks Google's
 * Places API at GOOGLE_MAPS_URL with GOOGLE_MAPS_API_KEY (refused at start when it is missing).
 */
export function openMaps(config: {
  MAPS_PROVIDER?: 'sandbox' | 'google' | undefined;
  GOOGLE_MAPS_URL?: string | undefined;
  GOOGLE_MAPS_API_KEY?: string | undefined;
  MAPS_TIMEOUT_MS?: number | undefined;
}): Maps {
  if ((config.MAPS_PROVIDER ?? 'sandbox') === 'sandbox') return createSandboxMaps();
  if (!config.GOOGLE_MAPS_API_KEY) throw new Error('MAPS_PROVIDER=google needs GOOGLE_MAPS_API_KEY');
  return createGooglePlacesMaps({
    baseUrl: config.GOOGLE_MAPS_URL ?? GOOGLE_MAPS_DEFAULT_URL,
    apiKey: config.GOOGLE_MAPS_API_KEY,
    ...(config.MAPS_TIMEOUT_MS !== undefined && { timeoutMs: config.MAPS_TIMEOUT_MS }),
  });
}
