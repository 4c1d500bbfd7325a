import { action, NoData } from '../action.ts';
import { EmptyInput } from './fields.ts';
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
} as const;
