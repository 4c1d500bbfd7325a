import { accountMessages, actions, t } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { SessionAuth } from '../session/session-auth.ts';
import type { ProfileService } from './profile-service.ts';

export interface ProfileRouteDeps {
  profile: ProfileService;
  auth: SessionAuth;
}

/** seeds 001 §7: updateProfile, updatePreference, resetUserProfile and userAddress. */
export const profileRoutes: FastifyPluginAsync<ProfileRouteDeps> = async (app, { profile, auth }) => {
  registerAction(app, actions.updateProfile, auth, (input, ctx) =>
    profile.update(
      auth.sessionOf(ctx.request),
      {
        type: 'UpdateProfile',
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
        acknowledgePopup: input.popup_message === 0,
      },
      ctx,
    ),
  );
  registerAction(app, actions.updatePreference, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const user = await profile.update(session, { type: 'UpdatePreferences', preferences: input }, ctx);
    ctx.setMessage(accountMessages.preferencesSaved);
    return user;
  });
  registerAction(app, actions.resetUserProfile, auth, async (_input, ctx) => {
    const user = await profile.update(auth.sessionOf(ctx.request), { type: 'ResetPreferences' }, ctx);
    ctx.setMessage(t('account.preferencesReset'));
    return user;
  });
  registerAction(app, actions.userAddress, auth, async (input, ctx) => {
    const user = await profile.update(
      auth.sessionOf(ctx.request),
      {
        type: 'SetAddress',
        address: {
          address1: input.address1,
          city: input.city,
          state: input.state,
          zip: input.zip,
          latitude: input.latitude,
          longitude: input.longitude,
          fullAddress: input.full_address || `${input.address1}, ${input.city}, ${input.state} ${input.zip}`,
          placeId: input.place_id,
        },
      },
      ctx,
    );
    ctx.setMessage(t('account.addressSaved'));
    return user;
  });
};
