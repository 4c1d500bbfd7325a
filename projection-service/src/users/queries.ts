import { actions, registrationExtraFields } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';

/** The users area's queries: the extra fields a registration asks for. */
export const userQueries: QueryPlugin = async (app, { auth }) => {
  registerAction(app, actions.registrationFields, auth.authorize, async () => ({
    fields: registrationExtraFields.filter((f) => f.active),
  }));
};
