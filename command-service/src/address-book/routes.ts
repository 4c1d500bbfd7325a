import { actions, MAX_ADDRESS_BOOK } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { userDecider } from '../users/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { invoiceAddressOf } from './invoice-address.ts';

export interface AddressBookRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
}

/**
 * Issue 31: the buyer's address book on their own stream. A new address's id is derived from the
 * request's command id, so the same request sent again saves it once.
 */
export const addressBookRoutes: FastifyPluginAsync<AddressBookRouteDeps> = async (
  app,
  { streams, clock, auth },
) => {
  registerAction(app, actions.saveAddressBookEntry, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const id = input.address_id ?? derivedId('AD', session.user.id, ctx.commandId);
    await streams.handle(
      userStream(session.user.id),
      userDecider,
      {
        type: 'SaveAddressBookEntry',
        entry: {
          id,
          label: input.label,
          address: invoiceAddressOf(input.address),
        },
      },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    return { id, max: MAX_ADDRESS_BOOK };
  });
  registerAction(app, actions.removeAddressBookEntry, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await streams.handle(
      userStream(session.user.id),
      userDecider,
      { type: 'RemoveAddressBookEntry', addressId: input.address_id },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    return { id: input.address_id };
  });
};
