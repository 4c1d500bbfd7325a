/** Helpers for test suites that run against real servers (never a fake one). */

/** Issue 35 §5: a local double of Google's Places API, for specs only. */
export { type GooglePlacesDouble, startGooglePlacesDouble } from '../maps/google-places-double.ts';
/** Issue 35: a local double of AvaTax's API, for specs only. */
export { type AvaTaxDouble, startAvaTaxDouble } from '../tax/avatax-double.ts';
export { dockerReachable } from './docker.ts';
export { eventually } from './eventually.ts';
export { closedUnsold, listedLot } from './lots.ts';
export { natsReachable, natsUrl } from './nats.ts';
export { seeded } from './seeded.ts';
export { newEvent, recordedEvent } from './test-events.ts';
