import { actions } from '@wine/contracts';
import {
  AppError,
  type Logger,
  languageOf,
  type Maps,
  MapsServiceError,
  registerAction,
} from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../users/session/session-auth.ts';

export interface AddressLookupRouteDeps {
  /** The maps service configuration picked (openMaps): the sandbox by default. */
  maps: Maps;
  auth: SessionAuth;
  logger: Logger;
  /** Lookups per minute per client (counted on arrival, before the body is read). */
  rateLimit: number;
}

/** Lookups per minute per client: a buyer typing, debounced at 200 ms, asks a few a second at most. */
export const ADDRESS_LOOKUP_RATE_LIMIT = 120;

/**
 * Issue 35 §5: the address form's suggestions and the chosen place's parts, asked of the maps port
 * (seeds 001 §7 "a maps geocode and place-details service for address fields"). Nothing is recorded:
 * the address is kept when the form is saved. A service that refuses or does not answer is
 * ADDRESS_LOOKUP_UNAVAILABLE (the buyer types the address on), logged with its code, never its key.
 */
export const addressLookupRoutes: FastifyPluginAsync<AddressLookupRouteDeps> = async (
  app,
  { maps, auth, logger, rateLimit },
) => {
  const limit = app.rateLimit({ max: rateLimit, timeWindow: '1 minute' });

  async function ask<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof MapsServiceError)) throw error;
      logger.warn(
        { service: error.service, code: error.code },
        'the maps service did not answer an address lookup',
      );
      throw new AppError('ADDRESS_LOOKUP_UNAVAILABLE');
    }
  }

  registerAction(
    app,
    actions.addressAutocomplete,
    auth,
    async (input, ctx) => {
      const suggestions = await ask(() =>
        maps.autocomplete(input.text, input.session, languageOf(ctx.request)),
      );
      return { suggestions };
    },
    { onRequest: [limit] },
  );

  registerAction(
    app,
    actions.addressDetails,
    auth,
    async (input, ctx) => {
      const place = await ask(() =>
        maps.placeDetails(input.place_id, input.session, languageOf(ctx.request)),
      );
      if (!place) throw new AppError('PLACE_NOT_FOUND');
      return place;
    },
    { onRequest: [limit] },
  );
};
