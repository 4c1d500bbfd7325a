import { actions } from '@wine/contracts';
import { investorStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { details, person } from './investing-fixture.ts';

/**
 * seeds 001 §7 paymentThird/northcapital createParty and createEntity: Transact's party and entity
 * creation, each made with its checks, account and links in the one call onboarding is (aliases of
 * onBoardIndividual and onBoardEntity), on the investing sandbox.
 */
const NC = '/api/paymentThird/northcapital';
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const onboardings = async (userId: string) =>
  (await service.service.streams.store.readStream(investorStream(userId))).filter(
    (e) => e.type === 'InvestorOnboarded',
  );

describe('createParty and createEntity (North Capital), the investor’s own calls', () => {
  it('are onboarding’s own calls at the seeds’ paths', () => {
    expect(actions.onBoardIndividual.aliases).toEqual([`${NC}/createParty`]);
    expect(actions.onBoardEntity.aliases).toEqual([`${NC}/createEntity`]);
  });

  it("createParty makes the investor's party, checked and with its account; a second is refused", async () => {
    const ivy = await service.signUp('ivy@create-party.example');
    const made = await service.post(
      `${NC}/createParty`,
      { ...person('Ivy', 'Party', 'ivy@create-party.example'), ssn: '123-45-6789' },
      { token: ivy.token },
    );
    expect(made.status).toBe(200);
    expect(made.body.data.message).toBe('Your investor profile is complete');
    expect(details(made)).toMatchObject({
      onboarded: true,
      kind: 'individual',
      name: 'Ivy Party',
      owners: [{ name: 'Ivy Party', kyc: 'approved' }],
    });
    const again = await service.post(
      `${NC}/createParty`,
      person('Ivy', 'Party', 'ivy@create-party.example'),
      {
        token: ivy.token,
      },
    );
    expect([again.status, again.body.data.code]).toEqual([409, 'INVESTOR_ONBOARDED']);
    expect(await onboardings(ivy.id)).toHaveLength(1);
    // The SSN went to the service only.
    const log = JSON.stringify(await service.service.streams.store.readStream(investorStream(ivy.id)));
    expect(log).not.toContain('123-45-6789');
  });

  it('createEntity makes the entity with its owners checked and linked', async () => {
    const ada = await service.signUp('ada@create-party.example');
    const made = await service.post(
      `${NC}/createEntity`,
      {
        entity_name: 'Party Cellar LLC',
        entity_type: 'LLC',
        email: 'llc@create-party.example',
        address1: '1 Main St',
        city: 'Evanston',
        state: 'IL',
        zip: '60201',
        owners: [
          person('Ada', 'Owner', 'ada@create-party.example'),
          person('Ben', 'Disapprove', 'ben@create-party.example'),
        ],
      },
      { token: ada.token },
    );
    expect([made.status, made.body.data.message]).toEqual([200, 'The entity’s investor profile is complete']);
    expect(details(made)).toMatchObject({
      kind: 'entity',
      name: 'Party Cellar LLC',
      owners: [
        { name: 'Ada Owner', kyc: 'approved' },
        { name: 'Ben Disapprove', kyc: 'disapproved' },
      ],
      may_invest: false,
    });
  });

  it('makes one party for one x-command-id, sent at once to createParty and onBoardIndividual', async () => {
    const max = await service.signUp('max@create-party.example');
    const body = person('Max', 'Party', 'max@create-party.example');
    const [first, second] = await Promise.all([
      service.post(`${NC}/createParty`, body, { token: max.token, commandId: 'max-party-1' }),
      service.post(actions.onBoardIndividual.path, body, { token: max.token, commandId: 'max-party-1' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(details(second)).toEqual(details(first));
    // Sent again later under the same key: the first answer again, nothing asked of the service.
    const later = await service.post(`${NC}/createParty`, body, {
      token: max.token,
      commandId: 'max-party-1',
    });
    expect([later.status, details(later)]).toEqual([200, details(first)]);
    expect(await onboardings(max.id)).toHaveLength(1);
  });

  it('refuses without a session before the body is read, and an incomplete party, writing nothing', async () => {
    for (const path of [`${NC}/createParty`, `${NC}/createEntity`]) {
      const visitor = await service.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json' },
        payload: '{"not json',
      });
      expect([visitor.statusCode, visitor.json().data.code]).toEqual([403, 'SESSION_INVALID']);
    }
    const zoe = await service.signUp('zoe@create-party.example');
    const { dob: _dob, ...noBirthday } = person('Zoe', 'Party', 'zoe@create-party.example');
    const incomplete = await service.post(`${NC}/createParty`, noBirthday, { token: zoe.token });
    expect([incomplete.status, incomplete.body.data.code]).toEqual([400, 'VALIDATION']);
    const noOwners = await service.post(
      `${NC}/createEntity`,
      {
        entity_name: 'Empty LLC',
        entity_type: 'LLC',
        email: 'empty@create-party.example',
        address1: '1 Main St',
        city: 'Evanston',
        state: 'IL',
        zip: '60201',
        owners: [],
      },
      { token: zoe.token },
    );
    expect([noOwners.status, noOwners.body.data.code]).toEqual([400, 'VALIDATION']);
    expect(await onboardings(zoe.id)).toEqual([]);
  });
});
