import { accountMessages, actions, cardMessages } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { eventIdFor } from '../core/command-handler.ts';
import type { Accounts } from './accounts.ts';
import type { SessionAuth } from './session-auth.ts';

export interface UserRouteDeps {
  accounts: Accounts;
  auth: SessionAuth;
  /** Requests per minute per client and address on sign-in, registration and code endpoints. */
  rateLimit: number;
}

export function userRoutes(app: FastifyInstance, { accounts, auth, rateLimit }: UserRouteDeps) {
  const { sessionOf, adminOf } = auth;
  const limited: RouteShorthandOptions = {
    config: {
      rateLimit: {
        max: rateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => {
          const email = (request.body as { email?: unknown } | undefined)?.email;
          return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
        },
      },
    },
  };
  // Sign-in is also limited per client whatever the address (password spraying); wrong passwords
  // are counted per address from every client by the accounts themselves.
  const limitedByClient: RouteShorthandOptions = {
    config: { rateLimit: { max: rateLimit * 3, timeWindow: '1 minute' } },
  };
  const limitedBySession: RouteShorthandOptions = {
    config: {
      rateLimit: {
        max: rateLimit,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => {
          // A registration's code requests name no session: they count per address as well.
          const email = (request.body as { email?: unknown } | undefined)?.email;
          const address = typeof email === 'string' ? email.trim().toLowerCase() : '';
          return `${request.ip}|${request.headers.authorization ?? ''}|${address}`;
        },
      },
    },
  };

  registerAction(
    app,
    actions.register,
    auth,
    async (input, ctx) => {
      const result = await accounts.register(input, ctx);
      if (!result.session) ctx.setMessage(accountMessages.registrationSent);
      return result;
    },
    limited,
  );
  registerAction(
    app,
    actions.login,
    auth,
    (input, ctx) => accounts.login(input.email, input.password, ctx),
    limitedByClient,
  );
  registerAction(app, actions.logout, auth, async (_input, ctx) => {
    await accounts.logout(sessionOf(ctx.request), ctx);
    ctx.setMessage(accountMessages.loggedOut);
    return null;
  });
  registerAction(app, actions.validateUser, auth, async (_input, ctx) =>
    accounts.record(sessionOf(ctx.request)),
  );
  registerAction(
    app,
    actions.sendEmailVerifyCode,
    auth,
    async (input, ctx) => {
      await accounts.sendEmailCode(auth.sessionIfAny(ctx.request), input.email, ctx);
      ctx.setMessage(accountMessages.verificationSent);
      return null;
    },
    limitedBySession,
  );
  registerAction(
    app,
    actions.verifyEmailVerifyCode,
    auth,
    async (input, ctx) => {
      const user = await accounts.verifyEmailCode(
        auth.sessionIfAny(ctx.request),
        input.code,
        input.email,
        ctx,
      );
      ctx.setMessage(accountMessages.emailVerified);
      return user;
    },
    limitedBySession,
  );
  registerAction(
    app,
    actions.sendEmailVerifyLink,
    auth,
    async (_input, ctx) => {
      await accounts.sendEmailLink(sessionOf(ctx.request), ctx);
      ctx.setMessage(accountMessages.verificationSent);
      return null;
    },
    limitedBySession,
  );
  registerAction(
    app,
    actions.sendPhoneVerifyCode,
    auth,
    async (_input, ctx) => {
      await accounts.sendPhoneCode(sessionOf(ctx.request), ctx);
      ctx.setMessage(accountMessages.phoneCodeSent);
      return null;
    },
    limitedBySession,
  );
  registerAction(
    app,
    actions.verifyPhoneVerifyCode,
    auth,
    async (input, ctx) => {
      const user = await accounts.verifyPhoneCode(sessionOf(ctx.request), input.code, ctx);
      ctx.setMessage(accountMessages.phoneVerified);
      return user;
    },
    limitedBySession,
  );
  registerAction(app, actions.verifyEmail, auth, async (input, ctx) => {
    await accounts.verifyEmailLink(input.token, ctx);
    ctx.setMessage(accountMessages.emailVerified);
    return null;
  });
  registerAction(
    app,
    actions.forgotPassword,
    auth,
    async (input, ctx) => {
      await accounts.forgotPassword(input.email, ctx);
      ctx.setMessage(accountMessages.resetSent);
      return null;
    },
    limited,
  );
  registerAction(
    app,
    actions.resetPassword,
    auth,
    async (input, ctx) => {
      await accounts.resetPassword(input.token, input.password, ctx);
      ctx.setMessage(accountMessages.passwordChanged);
      return null;
    },
    limited,
  );
  registerAction(
    app,
    actions.changePassword,
    auth,
    async (input, ctx) => {
      const result = await accounts.changePassword(
        sessionOf(ctx.request),
        input.current_password,
        input.password,
        ctx,
      );
      ctx.setMessage(accountMessages.passwordUpdated);
      return result;
    },
    limitedBySession,
  );
  registerAction(app, actions.updateProfile, auth, (input, ctx) =>
    accounts.update(
      sessionOf(ctx.request),
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
    const user = await accounts.update(
      sessionOf(ctx.request),
      { type: 'UpdatePreferences', preferences: input },
      ctx,
    );
    ctx.setMessage(accountMessages.preferencesSaved);
    return user;
  });
  registerAction(app, actions.getCards, auth, async (_input, ctx) => accounts.cards(sessionOf(ctx.request)));
  registerAction(
    app,
    actions.addCard,
    auth,
    async (input, ctx) => {
      const list = await accounts.addCard(sessionOf(ctx.request), input, ctx);
      ctx.setMessage(cardMessages.added);
      return list;
    },
    limitedBySession,
  );
  registerAction(app, actions.updateCard, auth, async (input, ctx) => {
    const list = await accounts.updateCard(sessionOf(ctx.request), input, ctx);
    ctx.setMessage(cardMessages.updated);
    return list;
  });
  registerAction(app, actions.deleteCard, auth, async (input, ctx) => {
    const list = await accounts.removeCard(sessionOf(ctx.request), input.id, ctx);
    ctx.setMessage(cardMessages.removed);
    return list;
  });
  registerAction(app, actions.defaultCard, auth, async (input, ctx) => {
    const list = await accounts.setDefaultCard(sessionOf(ctx.request), input.id, ctx);
    ctx.setMessage(cardMessages.defaultSet);
    return list;
  });
  registerAction(app, actions.userAddress, auth, async (input, ctx) => {
    const user = await accounts.update(
      sessionOf(ctx.request),
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
    ctx.setMessage('Address saved');
    return user;
  });
  registerAction(app, actions.inviteUser, auth, async (input, ctx) => {
    await accounts.invite(input, ctx, adminOf(ctx.request));
    ctx.setMessage('Invitation sent');
    return null;
  });
  registerAction(
    app,
    actions.getInviteDetails,
    auth,
    (input) => accounts.inviteDetails(input.token),
    limited,
  );
  registerAction(app, actions.runKycCheck, auth, async (input, ctx) =>
    accounts.runKycCheck(sessionOf(ctx.request), input, ctx),
  );
  registerAction(app, actions.requestBidLimit, auth, async (input, ctx) => {
    const user = await accounts.update(
      sessionOf(ctx.request),
      { type: 'RequestBidLimit', amount: input.amount },
      ctx,
    );
    ctx.setMessage('Bid limit request sent');
    return user;
  });
  registerAction(app, actions.approveBidLimitRequest, auth, async (input, ctx) => {
    await accounts.approveBidLimit(input.id, input.amount, ctx, adminOf(ctx.request));
    return null;
  });
  const owner = (
    input: { name: string; title: string; email: string; ownership_percent: number },
    ownerId: string,
  ) => ({
    ownerId,
    name: input.name,
    title: input.title,
    email: input.email,
    ownershipPercent: input.ownership_percent,
  });
  registerAction(app, actions.getCompanyOwners, auth, async (_input, ctx) =>
    accounts.owners(sessionOf(ctx.request)),
  );
  registerAction(app, actions.addCompanyOwner, auth, (input, ctx) =>
    accounts.changeOwners(
      sessionOf(ctx.request),
      { type: 'AddCompanyOwner', owner: owner(input, eventIdFor(ctx.commandId, 'owner', 0)) },
      ctx,
    ),
  );
  registerAction(app, actions.updateCompanyOwner, auth, (input, ctx) =>
    accounts.changeOwners(
      sessionOf(ctx.request),
      { type: 'UpdateCompanyOwner', owner: owner(input, input.id) },
      ctx,
    ),
  );
  registerAction(app, actions.removeCompanyOwner, auth, (input, ctx) =>
    accounts.changeOwners(sessionOf(ctx.request), { type: 'RemoveCompanyOwner', ownerId: input.id }, ctx),
  );
  registerAction(app, actions.switchUser, auth, (input, ctx) =>
    accounts.switchUser(input.id, adminOf(ctx.request).id, ctx),
  );
  registerAction(app, actions.changeUserStatus, auth, async (input, ctx) => {
    await accounts.changeStatus(input.id, input.status, ctx, adminOf(ctx.request));
    return null;
  });
  registerAction(app, actions.grantRole, auth, async (input, ctx) => {
    await accounts.adminCommand(input.id, { type: 'GrantRole', role: input.role }, ctx, adminOf(ctx.request));
    ctx.setMessage(`Role ${input.role} granted`);
    return null;
  });
  registerAction(app, actions.revokeRole, auth, async (input, ctx) => {
    await accounts.adminCommand(
      input.id,
      { type: 'RevokeRole', role: input.role },
      ctx,
      adminOf(ctx.request),
    );
    ctx.setMessage(`Role ${input.role} revoked`);
    return null;
  });
  registerAction(app, actions.forceLogout, auth, async (input, ctx) => {
    await accounts.forceLogout(input.id, ctx, adminOf(ctx.request));
    return null;
  });
}
