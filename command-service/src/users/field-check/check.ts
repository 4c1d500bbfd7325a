import type { CheckValidationResult } from '@wine/contracts';
import type { User } from '../user.ts';

/** What checkValidation is asked about: an e-mail or a phone (already well formed: the schema's part). */
export type FieldToCheck = { email: string } | { phone: string; countryCode: string };

/**
 * seeds 001 §7 checkValidation (issue 38 §3), enumeration-safe by construction: the answer is made from
 * the value and the caller's own account only, and nothing else is read, so neither its words nor its
 * time can tell whether another account holds the value. A value of the caller's own account is
 * `yours` (with whether it was proven); any other well-formed value `may_use`: a registration with an
 * e-mail that has an account answers the same and mails its owner (session/register.ts), and a phone
 * is proven by the code texted to it.
 */
export function checkField(field: FieldToCheck, own: User | null): CheckValidationResult {
  if ('email' in field) {
    const yours = own !== null && own.email === field.email;
    return {
      field: 'email',
      value: field.email,
      status: yours ? 'yours' : 'may_use',
      verified: yours && own.emailVerified,
    };
  }
  const yours = own !== null && own.phone === field.phone && own.countryCode === field.countryCode;
  return {
    field: 'phone',
    value: field.phone,
    status: yours ? 'yours' : 'may_use',
    verified: yours && own.verifiedPhone === field.phone,
  };
}
