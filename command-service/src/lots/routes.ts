import { actions } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { type Authorize, type Clock, type EventStore, registerAction } from '@wine/platform';
import type { FastifyInstance } from 'fastify';
import { handleCommand } from '../core/command-handler.ts';
import { lotDecider } from './decide.ts';
import { lotFromInput } from './list-lot.ts';

export interface LotRoutesDeps {
  store: EventStore;
  clock: Clock;
  authorize: Authorize;
}

export function lotRoutes(app: FastifyInstance, { store, clock, authorize }: LotRoutesDeps): void {
  registerAction(app, actions.createLot, authorize, async (input, { commandId, correlationId }) => {
    const now = clock.now();
    // Until the accounts issue brings roles, the admin key lists lots on the house's behalf.
    const lot = lotFromInput(input, 'house', now, commandId);
    const result = await handleCommand(
      store,
      lotStream(lot.lotId),
      lotDecider,
      { type: 'ListLot', data: lot, now },
      { commandId, correlationId, actor: { kind: 'admin', id: 'admin-key' }, now },
    );
    return { id: lot.lotId, position: result.position ?? '' };
  });
}
