import { currentLanguage, type RegisterInput, type RegisterResult, t } from '@wine/contracts';
import type { Actor } from '@wine/event-schemas';
import type { z } from 'zod';
import { followUp } from '../../core/command-context.ts';
import { eventIdFor } from '../../core/command-handler.ts';
import type { InvitationService } from '../invitations/invitation-service.ts';
import { hashPassword } from '../passwords/passwords.ts';
import { defaultPreferences } from '../profile/decide.ts';
import { userRecord } from '../user.ts';
import { secretKinds as kinds, type RequestContext, selfActor, type UserService } from '../user-service.ts';
import type { VerificationService } from '../verification/verification-service.ts';

export interface RegistrationDeps {
  verification: Pick<VerificationService, 'sendVerification'>;
  invitations: Pick<InvitationService, 'accept'>;
}

type Claim = (email: string, userId: string, request: RequestContext) => Promise<void>;

/** What a registration keeps of the form's extra fields: the ones filled in. */
const filledIn = (extra: Record<string, string | boolean | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(extra).filter(
      (entry): entry is [string, string | boolean | string[]] => entry[1] !== undefined && entry[1] !== '',
    ),
  );

/**
 * seeds 001 §7 register, telling nothing about the address: a new one (or one whose earlier
 * registration was never verified) gets an account and a code to finish it; one that already has an
 * account gets the same answer after the same slow hash, and its owner a mail saying so. Only an
 * invitation (which proved the address) or the server's operator signs the user in at once.
 */
export function registration(users: UserService, deps: RegistrationDeps & { claim: Claim }) {
  const { clock, secrets, mailer, tokens, run, loadUser, ownerOf } = users;

  /** The owner of a proven address is told, in the words of the request's language. */
  async function tellOwner(holder: { email: string; firstName: string }) {
    const login = `${users.publicUrl()}/login`;
    const forgot = `${users.publicUrl()}/forgot_password`;
    await mailer.send({
      to: holder.email,
      subject: t('mail.registerTakenSubject'),
      text: [
        t('mail.hello', { name: holder.firstName }),
        '',
        t('mail.registerTakenBody'),
        t('mail.registerTakenIfYou', { login, forgot }),
        t('mail.registerTakenIfNot'),
      ].join('\n'),
    });
  }

  return async function register(
    input: z.output<typeof RegisterInput>,
    request: RequestContext,
    options: { vouchedBy?: Actor } = {},
  ): Promise<RegisterResult> {
    const userId = eventIdFor(request.commandId, 'user', 0);
    const owner = await ownerOf(input.email);
    const holder = owner && owner !== userId ? await loadUser(owner) : null;
    if (holder?.emailVerified) {
      await hashPassword(input.password);
      await tellOwner(holder);
      return { email: input.email, session: null };
    }
    await deps.claim(input.email, userId, request);
    if (!(await secrets.get(kinds.password, userId))) {
      await secrets.put(kinds.password, userId, await hashPassword(input.password));
    }
    const result = await run(
      userId,
      {
        type: 'Register',
        data: {
          userId,
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          phone: input.phone ?? null,
          countryCode: input.country_code,
          newsletter: input.newsletter,
          registeredAt: clock.now().toISOString(),
          // seeds 000 §4.8: the welcome popup is for users whose cards the processor change deleted; a
          // new account had none (issue 31: new users were greeted by it).
          popupMessage: 0,
          extra: filledIn(input.extra as Record<string, string | boolean | string[] | undefined>),
        },
      },
      request,
      selfActor(userId),
    );
    // Issue 31: notifications are written in the language the account was opened in, until changed.
    const language = currentLanguage();
    if (!result.replayed && language !== defaultPreferences.language) {
      const preferences = { ...defaultPreferences, language };
      await run(
        userId,
        { type: 'UpdatePreferences', preferences },
        followUp(request, 'language'),
        selfActor(userId),
      );
    }
    const next = followUp(request, 'verification');
    if (!result.replayed && (await deps.invitations.accept(input, userId, request))) {
      // The invitation reached this address, so the address is proven: no verification mail.
      await run(userId, { type: 'VerifyEmail', via: 'invite' }, next, selfActor(userId));
    } else if (!result.replayed && options.vouchedBy) {
      await run(userId, { type: 'VerifyEmail', via: 'operator' }, next, options.vouchedBy);
    } else if (!result.replayed) {
      await deps.verification.sendVerification(await loadUser(userId), next, 'both');
    }
    // A proven address signs in at once (a repeated request with the same password, too).
    if (!(await loadUser(userId)).emailVerified) return { email: input.email, session: null };
    const { token } = await tokens.issue(userId);
    return { email: input.email, session: { token, id: userId, user: userRecord(await loadUser(userId)) } };
  };
}
