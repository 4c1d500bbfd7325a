import type { UserEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../../core/decider.ts';
import { deciderSpec } from '../../core/decider-spec.ts';
import { userDecider } from '../decide.ts';
import { deactivated, registered } from '../fixtures.ts';
import { userRecord } from '../user.ts';

const spec = deciderSpec(userDecider);

describe('user decider: roles', () => {
  it('grants and revokes roles once each, keeps several, and reads a pre-roles seller as a seller', () => {
    const granted = (role: 'admin' | 'seller' | 'finance'): UserEvent => ({
      type: 'RoleGranted',
      data: { role },
    });
    spec([registered])
      .when({ type: 'GrantRole', role: 'admin' })
      .then([granted('admin')]);
    spec([registered, granted('admin')])
      .when({ type: 'GrantRole', role: 'admin' })
      .then([]);
    spec([registered, granted('admin')])
      .when({ type: 'RevokeRole', role: 'admin' })
      .then([{ type: 'RoleRevoked', data: { role: 'admin' } }]);
    spec([registered]).when({ type: 'RevokeRole', role: 'admin' }).then([]);
    spec([]).when({ type: 'GrantRole', role: 'admin' }).thenThrows({ code: 'USER_NOT_FOUND' });
    // A deactivated user's roles can be taken away, not given.
    spec([registered, granted('finance'), deactivated])
      .when({ type: 'RevokeRole', role: 'finance' })
      .then([{ type: 'RoleRevoked', data: { role: 'finance' } }]);
    spec([registered, deactivated])
      .when({ type: 'GrantRole', role: 'admin' })
      .thenThrows({ code: 'DEACTIVATED' });
    const user = fold(userDecider, [
      registered,
      granted('finance'),
      { type: 'SellerStatusChanged', data: { seller: true } },
      granted('admin'),
    ]);
    expect(userRecord(user).roles).toEqual(['finance', 'seller', 'admin']);
    expect(userRecord(user)).toMatchObject({ isAdmin: true, is_seller: true });
    const stopped = fold(userDecider, [
      registered,
      granted('seller'),
      { type: 'SellerStatusChanged', data: { seller: false } },
    ]);
    expect(userRecord(stopped)).toMatchObject({ roles: [], is_seller: false, isAdmin: false });
  });
});
