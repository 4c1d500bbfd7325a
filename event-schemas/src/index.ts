export * from './cart-events.ts';
export * from './envelope.ts';
export * from './lot-events.ts';
export * from './registry.ts';
export * from './streams.ts';
export * from './user-events.ts';

import { cartEventDefinitions } from './cart-events.ts';
import { lotEventDefinitions } from './lot-events.ts';
import { createRegistry } from './registry.ts';
import { userEventDefinitions } from './user-events.ts';

/** Every event type of the product. Adding an event means adding its definition here. */
export const events = createRegistry([
  ...lotEventDefinitions,
  ...cartEventDefinitions,
  ...userEventDefinitions,
]);

export type MarketEvent =
  | import('./lot-events.ts').LotEvent
  | import('./cart-events.ts').CartEvent
  | import('./user-events.ts').UserEvent
  | import('./user-events.ts').EmailClaimEvent;
