import { action, NoData } from '../action.ts';
import { EmptyInput } from './fields.ts';
import { LoginResult, UserRecord } from './session.ts';
import { SendEmailCodeInput, VerifyEmailCodeInput, VerifyEmailLinkInput } from './verification.ts';

/** Proving an e-mail address or a phone number (seeds 001 §7). */
export const verificationActions = {
  // 'viewer': with a session, for the signed-in user; without one, for a registration's address.
  sendEmailVerifyCode: action({
    path: '/api/user/sendEmailVerifyCode',
    side: 'command',
    auth: 'viewer',
    input: SendEmailCodeInput,
    output: NoData,
  }),
  // seeds 001 §7: "may return a token": the code of a registration signs the new user in.
  verifyEmailVerifyCode: action({
    path: '/api/user/verifyEmailVerifyCode',
    side: 'command',
    auth: 'viewer',
    input: VerifyEmailCodeInput,
    output: LoginResult.or(UserRecord),
  }),
  sendPhoneVerifyCode: action({
    path: '/api/user/sendPhoneVerifyCode',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: NoData,
  }),
  verifyPhoneVerifyCode: action({
    path: '/api/user/verifyPhoneVerifyCode',
    side: 'command',
    auth: 'user',
    input: VerifyEmailCodeInput,
    output: UserRecord,
  }),
  sendEmailVerifyLink: action({
    path: '/api/user/sendEmailVerifyLink',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: NoData,
  }),
  verifyEmail: action({
    path: '/api/user/verifyEmail',
    side: 'command',
    auth: 'public',
    input: VerifyEmailLinkInput,
    output: NoData,
  }),
} as const;
