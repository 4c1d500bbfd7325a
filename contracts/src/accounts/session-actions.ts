import { action, NoData } from '../action.ts';
import { EmptyInput } from './fields.ts';
import {
  CheckValidationInput,
  CheckValidationResult,
  SendPhoneLoginCodeInput,
  VerifyPhoneLoginCodeInput,
} from './identity-extras.ts';
import { RegisterInput, RegisterResult } from './registration.ts';
import { LoginInput, LoginResult, UserRecord } from './session.ts';

/** Registration and sessions (seeds 001 §7 "Account and identity", area user). */
export const sessionActions = {
  register: action({
    path: '/api/user/register',
    side: 'command',
    auth: 'public',
    input: RegisterInput,
    output: RegisterResult,
  }),
  login: action({
    path: '/api/user/login',
    side: 'command',
    auth: 'public',
    input: LoginInput,
    output: LoginResult,
  }),
  logout: action({
    path: '/api/user/logout',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: NoData,
  }),
  // Served by the command-service: it folds the user's stream, so a deactivation or a forced
  // logout takes effect on the next request rather than when a read model catches up.
  validateUser: action({
    path: '/api/user/validateUser',
    side: 'command',
    auth: 'user',
    input: EmptyInput,
    output: UserRecord,
  }),
  /**
   * seeds 001 §7 checkValidation (issue 38 §3): is this e-mail or phone fit for a registration or a
   * profile change. 'viewer': a signed-in caller learns that a value is their own; nobody learns
   * whether another account holds it.
   */
  checkValidation: action({
    path: '/api/user/checkValidation',
    side: 'command',
    auth: 'viewer',
    input: CheckValidationInput,
    output: CheckValidationResult,
  }),
  /**
   * seeds 001 §7 sendPhoneLoginCode (issue 38 §3): a sign-in code texted to a verified phone. The same
   * answer whether or not the number belongs to an account.
   */
  sendPhoneLoginCode: action({
    path: '/api/user/sendPhoneLoginCode',
    side: 'command',
    auth: 'public',
    input: SendPhoneLoginCodeInput,
    output: NoData,
  }),
  /** Issue 38 §3: the phone and its texted code sign in, answered as login is (token, id, user). */
  verifyPhoneLoginCode: action({
    path: '/api/user/verifyPhoneLoginCode',
    side: 'command',
    auth: 'public',
    input: VerifyPhoneLoginCodeInput,
    output: LoginResult,
  }),
} as const;
