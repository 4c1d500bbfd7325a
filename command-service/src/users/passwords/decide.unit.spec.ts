import { describe, it } from 'vitest';
import { deciderSpec } from '../../core/decider-spec.ts';
import { userDecider } from '../decide.ts';
import { registered } from '../fixtures.ts';

const spec = deciderSpec(userDecider);

describe('user decider: passwords', () => {
  it('records a reset request and a password change with its instant', () => {
    const at = '2026-11-22T13:00:00.000Z';
    spec([registered])
      .when({ type: 'RequestPasswordReset', expiresAt: at })
      .then([{ type: 'PasswordResetRequested', data: { expiresAt: at } }]);
    spec([registered])
      .when({ type: 'ChangePassword', via: 'reset', at })
      .then([{ type: 'PasswordChanged', data: { via: 'reset', at } }]);
  });
});
