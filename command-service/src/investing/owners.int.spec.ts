import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actions } from '@wine/contracts';
import { investorStream } from '@wine/event-schemas';
import {
  createLogger,
  createSandboxInvesting,
  manualClock,
  marketUpcaster,
  openSqliteEventStore,
} from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStreams } from '../core/command-handler.ts';
import { type Answer, openTestCommandService, type TestCommandService } from '../testing.ts';
import type { Session } from '../users/user-service.ts';
import { details, evidence, person } from './investing-fixture.ts';
import { investingService } from './service.ts';

/**
 * linkEntityOwner on the investing sandbox: an entity investor adds an owner after onboarding, made a
 * party and checked (KYC) as onboarding makes each owner, linked to the entity's account, recorded
 * without personal data; refused to a stranger, an individual and a fifth owner; answered once per
 * x-command-id; and a new owner still pending holds new orders.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const refusal = (answer: Answer) => [answer.status, answer.body.data.code];
const eventsOf = (userId: string) => service.service.streams.store.readStream(investorStream(userId));
const addOwner = (token: string, owner: object, commandId?: string) =>
  service.post(actions.linkEntityOwner.path, owner, { token, ...(commandId && { commandId }) });

/** A signed-up user onboarded as an entity owned by `owners` (last names), accredited. */
async function entityInvestor(email: string, owners: string[]) {
  const user = await service.signUp(email);
  const onboarded = await service.post(
    actions.onBoardEntity.path,
    {
      entity_name: `Trust of ${email}`,
      entity_type: 'LLC',
      email,
      address1: '1 Main St',
      city: 'Evanston',
      state: 'IL',
      zip: '60201',
      owners: owners.map((last, i) => person(`Owner${i + 1}`, last, `owner${i + 1}.${email}`)),
    },
    { token: user.token },
  );
  expect(onboarded.status).toBe(200);
  const accredited = await service.post(actions.uploadPartyDocument.path, evidence(), { token: user.token });
  expect(details(accredited).may_invest).toBe(true);
  return user;
}

describe("an entity's owner added after onboarding (linkEntityOwner)", () => {
  it('adds the owner with their identity checked, recorded as onboarding records an owner, nothing personal', async () => {
    const ada = await entityInvestor('ada.owners@investing.example', ['Owner', 'Owner']);
    const added = await addOwner(ada.token, {
      ...person('Cy', 'Vintner', 'cy@investing.example'),
      ssn: '987-65-4321',
    });
    expect([added.status, added.body.data.message]).toEqual([
      200,
      'Cy Vintner is added as an owner, and their identity is checked',
    ]);
    expect(details(added)).toMatchObject({
      kind: 'entity',
      owners: [
        { name: 'Owner1 Owner', kyc: 'approved' },
        { name: 'Owner2 Owner', kyc: 'approved' },
        { name: 'Cy Vintner', kyc: 'approved' },
      ],
      may_invest: true,
    });
    const recorded = (await eventsOf(ada.id)).filter((e) => e.type === 'InvestorOwnerAdded');
    expect(recorded).toHaveLength(1);
    expect(Object.keys(recorded[0]?.data ?? {}).sort()).toEqual(['kyc', 'name', 'partyId']);
    expect(JSON.stringify(await eventsOf(ada.id))).not.toMatch(/987-65-4321|1980-04-12|Wacker|60606/);
  });

  it('refuses a caller without a session, an individual investor, and a fifth owner, writing nothing', async () => {
    const owner = person('Dee', 'Owner', 'dee@investing.example');
    expect(refusal(await addOwner('', owner))).toEqual([403, 'SESSION_INVALID']);

    const ivy = await service.signUp('ivy.owners@investing.example');
    await service.post(
      actions.onBoardIndividual.path,
      person('Ivy', 'Investor', 'ivy.owners@investing.example'),
      {
        token: ivy.token,
      },
    );
    const before = (await eventsOf(ivy.id)).length;
    const individual = await addOwner(ivy.token, owner);
    expect([...refusal(individual), individual.body.data.message]).toEqual([
      400,
      'INVESTING_REFUSED',
      'Only an entity adds owners: an individual invests in their own name alone',
    ]);
    expect((await eventsOf(ivy.id)).length).toBe(before);

    const max = await entityInvestor('max.owners@investing.example', ['Owner', 'Owner', 'Owner']);
    expect(details(await addOwner(max.token, owner)).owners).toHaveLength(4);
    const full = (await eventsOf(max.id)).length;
    const fifth = await addOwner(max.token, person('Eve', 'Owner', 'eve@investing.example'));
    expect([...refusal(fifth), fifth.body.data.message]).toEqual([
      400,
      'INVESTING_REFUSED',
      'An entity has at most 4 owners',
    ]);
    expect((await eventsOf(max.id)).length).toBe(full);
  });

  it('answers a reused x-command-id with the first answer, one owner added', async () => {
    const bo = await entityInvestor('bo.owners@investing.example', ['Owner']);
    const owner = person('Fay', 'Owner', 'fay@investing.example');
    const [first, second] = await Promise.all([
      addOwner(bo.token, owner, 'bo-owner-0001'),
      addOwner(bo.token, owner, 'bo-owner-0001'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(details(second)).toEqual(details(first));
    const later = await addOwner(bo.token, owner, 'bo-owner-0001');
    expect(details(later).owners).toHaveLength(2);
    expect((await eventsOf(bo.id)).filter((e) => e.type === 'InvestorOwnerAdded')).toHaveLength(1);
  });

  it('refuses bad input with 400, naming the field, and writes nothing', async () => {
    const cal = await entityInvestor('cal.owners@investing.example', ['Owner']);
    const before = (await eventsOf(cal.id)).length;
    const owner = person('Gus', 'Owner', 'gus@investing.example');
    const badZip = await addOwner(cal.token, { ...owner, zip: '123' });
    expect([...refusal(badZip), badZip.body.data.responseData.field]).toEqual([400, 'VALIDATION', 'zip']);
    const noName = await addOwner(cal.token, { ...owner, last_name: undefined });
    expect(refusal(noName)).toEqual([400, 'VALIDATION']);
    const extra = await addOwner(cal.token, { ...owner, role: 'primary' });
    expect(refusal(extra)).toEqual([400, 'VALIDATION']);
    const badSsn = await addOwner(cal.token, { ...owner, ssn: '123456789' });
    expect(refusal(badSsn)).toEqual([400, 'VALIDATION']);
    expect((await eventsOf(cal.id)).length).toBe(before);
  });

  it('holds new orders while the added owner’s check is pending, and opens them once it is approved', async () => {
    const dot = await entityInvestor('dot.owners@investing.example', ['Owner']);
    const placed = await service.post(actions.createOrder.path, { units: 2 }, { token: dot.token });
    expect(details(placed).orders).toHaveLength(1);

    // The sandbox leaves a last name with "Review" pending, for a reviewer.
    const pending = await addOwner(dot.token, person('Hal', 'Review', 'hal@investing.example'));
    expect(details(pending)).toMatchObject({
      owners: [{ kyc: 'approved' }, { name: 'Hal Review', kyc: 'pending' }],
      may_invest: false,
    });
    const held = await service.post(actions.createOrder.path, { units: 1 }, { token: dot.token });
    expect(refusal(held)).toEqual([409, 'INVESTOR_NOT_APPROVED']);

    const corrected = await service.post(
      actions.updateIndividual.path,
      { owner: 1, last_name: 'Owner' },
      { token: dot.token },
    );
    expect(details(corrected)).toMatchObject({ owners: [{}, { kyc: 'approved' }], may_invest: true });
    const open = await service.post(actions.createOrder.path, { units: 1 }, { token: dot.token });
    expect(details(open).orders).toHaveLength(2);
  });
});

describe('the owner at the investing service', () => {
  it("is a party linked to the entity's account through linkOwner; a refusal reaches the service not at all", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'investing-owners-'));
    const store = openSqliteEventStore(join(dir, 'events.sqlite'), { upcast: marketUpcaster });
    const sandbox = createSandboxInvesting();
    const made: { partyId: string; lastName: string }[] = [];
    const linked: { accountId: string; partyId: string }[] = [];
    const product = investingService({
      streams: createStreams(store),
      clock: manualClock('2026-11-22T12:00:00.000Z'),
      investing: {
        ...sandbox,
        createIndividual: async (investor) => {
          const party = await sandbox.createIndividual(investor);
          made.push({ partyId: party.partyId, lastName: investor.lastName });
          return party;
        },
        linkOwner: (accountId, partyId) => {
          linked.push({ accountId, partyId });
          return sandbox.linkOwner(accountId, partyId);
        },
      },
      offering: { id: '55591', name: 'Wine Cellar Token (demo)', unitPrice: 1_000 },
      logger: createLogger('silent'),
    });
    // The service reads only who acts: the user's id, and whether an admin switched to them.
    const session = {
      claims: { sub: 'u-trust', jti: 'j', iat_ms: 0, exp: 0 },
      user: { id: 'u-trust' } as Session['user'],
    };
    const request = (id: string) => ({ commandId: id, correlationId: id });
    try {
      await product.onboardEntity(
        session,
        {
          entity_name: 'Cellar Trust',
          entity_type: 'LLC',
          email: 'trust@investing.example',
          address1: '1 Main St',
          city: 'Evanston',
          state: 'IL',
          zip: '60201',
          owners: ['One', 'Two', 'Three'].map((last) => person('Ann', last, 'ann@investing.example')),
        },
        request('cmd-onboard'),
      );
      expect(linked).toEqual([]);
      await product.addOwner(session, person('Ann', 'Four', 'four@investing.example'), request('cmd-four'));
      const fourth = made.find((p) => p.lastName === 'Four')?.partyId;
      expect(linked).toEqual([{ accountId: expect.any(String), partyId: fourth }]);
      const account = await sandbox.account(linked[0]?.accountId ?? '');
      expect([account.type, account.owners.length, account.owners[3]]).toEqual(['entity', 4, fourth]);

      await expect(
        product.addOwner(session, person('Ann', 'Five', 'five@investing.example'), request('cmd-five')),
      ).rejects.toMatchObject({ code: 'INVESTING_REFUSED' });
      expect(made.map((p) => p.lastName)).toEqual(['One', 'Two', 'Three', 'Four']);
      expect(linked).toHaveLength(1);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
