import type { UserEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../core/decider.ts';
import { deciderSpec } from '../core/decider-spec.ts';
import { userDecider } from './decide.ts';
import { registered } from './fixtures.ts';
import { userRecord, userSlices } from './user.ts';

const spec = deciderSpec(userDecider);

describe('user decider', () => {
  it('refuses every command for a user that does not exist', () => {
    spec([]).when({ type: 'SignIn' }).thenThrows({ code: 'USER_NOT_FOUND' });
  });

  it('answers a user record with no secret and the seeds field names', () => {
    const verified: UserEvent = { type: 'EmailVerified', data: { via: 'code' } };
    const user = fold(userDecider, [registered, verified]);
    const record = userRecord(user);
    expect(record).toMatchObject({
      id: 'u-1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      status: 'active',
      email_verified: true,
      popup_message: 1,
      force_logout: 0,
    });
    expect(JSON.stringify(record)).not.toMatch(/password|hash|token/i);
  });
});

describe('user slices', () => {
  it('give every user event exactly one evolver, so no slice silently overrides another', () => {
    const owners = new Map<string, number>();
    for (const slice of userSlices) {
      for (const type of Object.keys(slice.evolve)) owners.set(type, (owners.get(type) ?? 0) + 1);
    }
    expect([...owners].filter(([, count]) => count !== 1)).toEqual([]);
  });

  it('start from disjoint fields, so no slice resets another slice’s initial value', () => {
    const fields = userSlices.flatMap((slice) => Object.keys(slice.initial));
    expect(fields.length).toBe(new Set(fields).size);
  });
});
