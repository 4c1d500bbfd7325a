import { describe, it } from 'vitest';
import { deciderSpec } from '../../core/decider-spec.ts';
import { userDecider } from '../decide.ts';
import { deactivated, registered } from '../fixtures.ts';

const spec = deciderSpec(userDecider);

describe('user decider: an admin on an account', () => {
  it('lets an admin deactivate, reactivate and force out; a deactivated user can change nothing', () => {
    const at = '2026-11-22T14:00:00.000Z';
    // A deactivation ends every earlier session: a reactivation does not bring them back.
    spec([registered])
      .when({ type: 'ChangeStatus', status: 'deactivate', at })
      .then([deactivated, { type: 'LogoutForced', data: { at } }]);
    spec([registered, deactivated]).when({ type: 'ChangeStatus', status: 'deactivate', at }).then([]);
    spec([registered, deactivated])
      .when({ type: 'ChangeStatus', status: 'active', at })
      .then([{ type: 'UserStatusChanged', data: { status: 'active' } }]);
    spec([registered, deactivated])
      .when({ type: 'ForceLogout', at })
      .then([{ type: 'LogoutForced', data: { at } }]);
    spec([registered, deactivated])
      .when({ type: 'UpdateProfile', firstName: 'X' })
      .thenThrows({ code: 'DEACTIVATED' });
  });
});
