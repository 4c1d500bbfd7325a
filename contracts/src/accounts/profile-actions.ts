import { action, NoData } from '../action.ts';
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
} as const;
