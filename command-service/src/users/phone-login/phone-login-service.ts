import { randomInt } from 'node:crypto';
import { type LoginResult, tIn, toLanguage } from '@wine/contracts';
import { AppError, sameSecret } from '@wine/platform';
import { mailedAddressCap } from '../rate-limits.ts';
import { secretKinds as kinds, type RequestContext, sha256, type UserService } from '../user-service.ts';
import { mayUsePhoneSignIn } from './decide.ts';
import { type PhoneNumber, phoneIndex } from './phone-index.ts';

/** How long a texted sign-in code is good for, and how many guesses it takes. */
export const LOGIN_CODE_MINUTES = 10;
export const MAX_LOGIN_CODE_ATTEMPTS = 5;
/** Codes texted to one number an hour, whoever asks (a number is not flooded with texts). */
export const LOGIN_CODES_PER_HOUR = 5;
/**
 * Whose code a number without a holder keeps: a number with no account does the same reads and writes
 * as one with an account (never an id: ids are `[\w-]`, this has a space).
 */
const NO_ACCOUNT = 'no account';

const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The hash kept for a code: bound to the account, the number and the code (never the code itself). */
const codeHash = (userId: string, numberKey: string, code: string) =>
  sha256(`phone-login:${userId}:${numberKey}:${code}`);

/**
 * seeds 001 §7 sendPhoneLoginCode and the sign-in with its code (issue 38 §3). The code's hash is in
 * the secret store, never in the log, a read model or a log line; it expires, takes
 * MAX_LOGIN_CODE_ATTEMPTS guesses, and a number gets LOGIN_CODES_PER_HOUR codes an hour. Whether a
 * number belongs to an account changes neither an answer nor the work done before it: the text
 * goes out after the answer.
 */
export function phoneLoginService(users: UserService) {
  const { clock, secrets, loadUser } = users;
  const index = phoneIndex(users);

  /** The account a code texted to `number` may sign in, or null. */
  async function holderOf(number: PhoneNumber) {
    const holderId = await index.holderOf(number);
    const user = await loadUser(holderId ?? NO_ACCOUNT);
    return holderId && mayUsePhoneSignIn(user, number) ? user : null;
  }

  return {
    /** The distinct addresses and numbers one client may have mail or texts sent to (rate-limits.ts). */
    destinationCap: (max: number) => mailedAddressCap(secrets, clock, max),

    async sendCode(number: PhoneNumber): Promise<void> {
      // A server with no text-message provider says so to everyone alike.
      if (!users.sms.available) throw new AppError('SMS_UNAVAILABLE');
      const key = index.keyOf(number);
      const now = clock.now().getTime();
      const sends = await secrets.increment(kinds.phoneLoginSends, key, {
        expiresAt: new Date(now + 3600_000),
      });
      if (sends > LOGIN_CODES_PER_HOUR) throw new AppError('RATE_LIMITED');
      const holder = await holderOf(number);
      const code = sixDigits();
      const expiresAt = new Date(now + LOGIN_CODE_MINUTES * 60_000);
      await secrets.put(kinds.phoneLoginCode, key, codeHash(holder?.id ?? NO_ACCOUNT, key, code), {
        expiresAt,
      });
      await secrets.delete(kinds.phoneLoginAttempts, key);
      if (!holder) return;
      // In the holder's language (the request's may be anyone's); read now, sent after the answer.
      const text = tIn(toLanguage(holder.preferences.language), 'mail.phoneLoginCode', {
        code,
        minutes: LOGIN_CODE_MINUTES,
      });
      void users.sms
        .send({ to: `${number.countryCode}${number.phone}`, text })
        .catch((error: unknown) => users.logger?.error({ err: error }, 'a sign-in code could not be texted'));
    },

    /** The number and its code sign in (a session as login's); every refusal is CODE_INVALID. */
    async signIn(number: PhoneNumber, code: string, request: RequestContext): Promise<LoginResult> {
      const key = index.keyOf(number);
      const attempts = await secrets.increment(kinds.phoneLoginAttempts, key, {
        expiresAt: new Date(clock.now().getTime() + LOGIN_CODE_MINUTES * 60_000),
      });
      if (attempts > MAX_LOGIN_CODE_ATTEMPTS) throw new AppError('TOO_MANY_ATTEMPTS');
      const holder = await holderOf(number);
      const kept = await secrets.get<string>(kinds.phoneLoginCode, key);
      const expected = codeHash(holder?.id ?? NO_ACCOUNT, key, code);
      if (!holder || kept === null || !sameSecret(kept, expected)) throw new AppError('CODE_INVALID');
      // One use: a second request with the same code finds nothing.
      if ((await secrets.take<string>(kinds.phoneLoginCode, key)) === null)
        throw new AppError('CODE_INVALID');
      await secrets.delete(kinds.phoneLoginAttempts, key);
      // The decider asks again whether the account may sign in with this number.
      return users.signIn(holder.id, request, { type: 'SignInWithPhoneCode', ...number });
    },
  };
}

export type PhoneLoginService = ReturnType<typeof phoneLoginService>;
