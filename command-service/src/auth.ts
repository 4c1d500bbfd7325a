import { timingSafeEqual } from 'node:crypto';
import { type Authorize, httpErrors } from '@wine/platform';

/**
 * Until the accounts issue brings users and roles, admin actions are authorised by the admin key
 * from configuration, sent as the `x-admin-key` header.
 */
export function adminKeyAuthorizer(adminKey: string): Authorize {
  const expected = Buffer.from(adminKey);
  return (request, action) => {
    if (action.auth === 'public') return;
    const given = request.headers['x-admin-key'];
    const ok =
      typeof given === 'string' &&
      given.length === expected.length &&
      timingSafeEqual(Buffer.from(given), expected);
    if (!ok) throw httpErrors.forbidden(action.auth === 'admin' ? 'Admin key required' : 'Login required');
  };
}
