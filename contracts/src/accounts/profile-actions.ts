import { action, NoData } from '../action.ts';
import { EmptyInput } from './fields.ts';
import { DecryptedProfile, UpdateProfileKycInput } from './identity-extras.ts';
import { ChangePasswordInput, ForgotPasswordInput, ResetPasswordInput } from './passwords.ts';
import { UpdatePreferenceInput, UpdateProfileInput, UserAddressInput } from './profile.ts';
import { LoginResult, UserRecord } from './session.ts';

/** Passwords, the profile, preferences and the address (seeds 001 §7, /account pages). */
export const profileActions = {
  forgotPassword: action({
    path: '/api/user/forgotPassword',
    side: 'command',
    auth: 'public',
    input: ForgotPasswordInput,
    output: NoData,
  }),
  resetPassword: action({
    path: '/api/user/resetPassword',
    side: 'command',
    auth: 'public',
    input: ResetPasswordInput,
    output: NoData,
  }),
  changePassword: action({
    path: '/api/user/changePassword',
    side: 'command',
    auth: 'user',
    input: ChangePasswordInput,
    output: LoginResult,
  }),
  updateProfile: action({
    path: '/api/user/updateProfile',
    side: 'command',
    auth: 'user',
    input: UpdateProfileInput,
    output: UserRecord,
  }),
  updatePreference: action({
    path: '/api/user/updatePreference',
    side: 'command',
    auth: 'user',
    input: UpdatePreferenceInput,
    output: UserRecord,
  }),
  userAddress: action({
    path: '/api/user/userAddress',
    side: 'command',
    auth: 'user',
    input: UserAddressInput,
    output: UserRecord,
  }),
  /**
   * seeds 001 §7 updateProfileKYC (issue 38 §3): the identity details of the profile (date of birth,
   * nationality, the document's type and last 4 characters), sealed in the secret store; the log
   * records only which of them changed.
   */
  updateProfileKYC: action({
    path: '/api/user/updateProfileKYC',
    side: 'command',
    auth: 'user',
    input: UpdateProfileKycInput,
    output: UserRecord,
  }),
  /**
   * seeds 001 §7 resetUserProfile (issue 38 §3): the notification choices go back to the ones a new
   * account has: e-mail on, texts off, outbid alerts, closing reminders and won-lot mails on, live
   * "coming up" mails off. It keeps everything the user told us rather than chose: the language mail
   * and texts are written in (a reset must not start writing in a language they may not read), the
   * names, e-mail, phone and their verification, the address and address book, the identity details,
   * cards, bid limit, watchlist, follows and saved searches (each has its own remove).
   */
  resetUserProfile: action({
    path: '/api/user/resetUserProfile',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: UserRecord,
  }),
  /**
   * seeds 001 §7 decryptProfile ("without a service prefix"; issue 38 §3): the caller's own protected
   * details in full, for the profile's "Show". Only to the owner (a switched session is refused) in a
   * session signed in within the last minutes (SESSION_NOT_FRESH otherwise).
   */
  decryptProfile: action({
    path: '/api/decryptProfile',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: DecryptedProfile,
  }),
} as const;
