import { actions, type UserRecord } from '@wine/contracts';
import { createSandboxKycProvider, type KycProvider, type KycSubject } from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';

const checked: KycSubject[] = [];
const sandbox = createSandboxKycProvider();
const watchedKyc: KycProvider = {
  name: sandbox.name,
  check: (subject) => {
    checked.push(subject);
    return sandbox.check(subject);
  },
};

let service: TestCommandService;
beforeAll(async () => {
  // 2026-11-22, noon UTC.
  service = await openTestCommandService({ kyc: watchedKyc });
});
afterAll(() => service.close());

const address = { address1: '100 N State St', city: 'Chicago', state: 'IL', zip: '60602', country: 'US' };

describe('identity check', () => {
  it('refuses a bidder under 21 (UNDER_AGE) before the provider sees anything', async () => {
    const ann = await service.signUp('ann@kyc.example');
    const answer = await service.post(
      actions.runKycCheck.path,
      { ...address, date_of_birth: '2005-11-23' },
      { token: ann.token },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('UNDER_AGE');
    expect(answer.body.data.responseData).toMatchObject({ field: 'date_of_birth' });
    expect(checked).toEqual([]);
  });

  it('checks a bidder who is 21 today and records the outcome', async () => {
    const bob = await service.signUp('bob@kyc.example');
    const answer = await service.post<UserRecord>(
      actions.runKycCheck.path,
      { ...address, date_of_birth: '2005-11-22' },
      { token: bob.token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.responseData.kyc_status).toBe('approved');
    expect(checked.map((s) => s.dateOfBirth)).toEqual(['2005-11-22']);
  });
});
