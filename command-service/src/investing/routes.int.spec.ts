import { actions } from '@wine/contracts';
import { investorStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { bank, details, evidence, person } from './investing-fixture.ts';

/**
 * Issue 35 §3 on the investing sandbox: an investor onboards as an individual and as an entity with two
 * owners, gives accreditation evidence, links a bank and places an order; no money moves before every
 * owner's KYC is approved and the account accredited; personal data stays with the service.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

describe('investor onboarding (issue 35 §3), on the investing sandbox', () => {
  it('onboards an individual, accredits, links a bank and orders once, never before approval', async () => {
    const ivy = await service.signUp('ivy@investing.example');
    const before = await service.post(actions.getUserDetails.path, {}, { token: ivy.token });
    expect(details(before)).toMatchObject({ onboarded: false, may_invest: false });
    const early = await service.post(actions.createOrder.path, { units: 5 }, { token: ivy.token });
    expect([early.status, early.body.data.code]).toEqual([409, 'INVESTOR_NOT_ONBOARDED']);

    const onboarded = await service.post(
      actions.onBoardIndividual.path,
      { ...person('Ivy', 'Investor', 'ivy@investing.example'), ssn: '123-45-6789' },
      { token: ivy.token },
    );
    expect(onboarded.status).toBe(200);
    expect(details(onboarded)).toMatchObject({
      onboarded: true,
      kind: 'individual',
      owners: [{ name: 'Ivy Investor', kyc: 'approved' }],
      accreditation: 'none',
      may_invest: false,
    });
    const again = await service.post(
      actions.onBoardIndividual.path,
      person('Ivy', 'Investor', 'ivy@investing.example'),
      { token: ivy.token },
    );
    expect([again.status, again.body.data.code]).toEqual([409, 'INVESTOR_ONBOARDED']);
    const unaccredited = await service.post(actions.createOrder.path, { units: 5 }, { token: ivy.token });
    expect([unaccredited.status, unaccredited.body.data.code]).toEqual([409, 'INVESTOR_NOT_APPROVED']);

    const uploaded = await service.post(actions.uploadPartyDocument.path, evidence(), { token: ivy.token });
    expect(details(uploaded)).toMatchObject({ accreditation: 'accredited', may_invest: true });
    expect(uploaded.body.data.message).toBe('Document uploaded; accreditation: accredited');
    const linked = await service.post(actions.linkExternalAccount.path, bank, { token: ivy.token });
    expect(details(linked).bank).toEqual({
      holder_name: 'Ivy Investor',
      account_last4: '6789',
      account_type: 'checking',
    });

    // The same order sent twice at once with one x-command-id: one order.
    const [first, second] = await Promise.all([
      service.post(actions.createOrder.path, { units: 5 }, { token: ivy.token, commandId: 'ivy-order-1' }),
      service.post(actions.createOrder.path, { units: 5 }, { token: ivy.token, commandId: 'ivy-order-1' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const orders = details(second).orders;
    expect(orders).toMatchObject([{ units: 5, amount: 5_000, status: 'created' }]);

    // Another investor cannot cancel Ivy's order; Ivy can.
    const max = await service.signUp('max@investing.example');
    const stolen = await service.post(
      actions.deleteTrade.path,
      { trade_id: orders[0]?.trade_id },
      { token: max.token },
    );
    expect([stolen.status, stolen.body.data.code]).toEqual([409, 'INVESTOR_NOT_ONBOARDED']);
    const cancelled = await service.post(
      actions.deleteTrade.path,
      { trade_id: orders[0]?.trade_id },
      { token: ivy.token },
    );
    expect(details(cancelled).orders).toMatchObject([{ status: 'canceled' }]);

    // Nothing personal in the log: no SSN, no date of birth, no street, no whole account number.
    const log = JSON.stringify(await service.service.streams.store.readStream(investorStream(ivy.id)));
    for (const secret of ['123-45-6789', '1980-04-12', 'Wacker', '123456789'])
      expect(log).not.toContain(secret);
  });

  it('onboards an entity with two owners; a disapproved owner keeps money from moving', async () => {
    const ada = await service.signUp('ada@investing.example');
    const entity = {
      entity_name: 'Cellar Family Trust',
      entity_type: 'Revocable Trust' as const,
      email: 'trust@investing.example',
      address1: '1 Main St',
      city: 'Evanston',
      state: 'IL',
      zip: '60201',
      owners: [
        person('Ada', 'Owner', 'ada@investing.example'),
        person('Ben', 'Owner', 'ben@investing.example'),
      ],
    };
    const made = await service.post(actions.onBoardEntity.path, entity, { token: ada.token });
    expect(details(made)).toMatchObject({
      kind: 'entity',
      name: 'Cellar Family Trust',
      owners: [
        { name: 'Ada Owner', kyc: 'approved' },
        { name: 'Ben Owner', kyc: 'approved' },
      ],
    });
    await service.post(actions.uploadPartyDocument.path, evidence(), { token: ada.token });
    const ordered = await service.post(actions.createOrder.path, { units: 3 }, { token: ada.token });
    expect(details(ordered).orders).toMatchObject([{ units: 3, status: 'created' }]);

    const cy = await service.signUp('cy@investing.example');
    const disapproved = await service.post(
      actions.onBoardEntity.path,
      {
        ...entity,
        entity_name: 'Doubtful LLC',
        entity_type: 'LLC',
        owners: [
          person('Cy', 'Owner', 'cy@investing.example'),
          person('Dee', 'Disapprove', 'dee@investing.example'),
        ],
      },
      { token: cy.token },
    );
    expect(details(disapproved).owners.map((o) => o.kyc)).toEqual(['approved', 'disapproved']);
    await service.post(actions.uploadPartyDocument.path, evidence(), { token: cy.token });
    const refused = await service.post(actions.createOrder.path, { units: 1 }, { token: cy.token });
    expect([refused.status, refused.body.data.code]).toEqual([409, 'INVESTOR_NOT_APPROVED']);
  });

  it('refuses without a session, a hostile file, and a bad bank', async () => {
    expect((await service.post(actions.getUserDetails.path, {})).status).toBe(403);
    const eve = await service.signUp('eve@investing.example');
    await service.post(actions.onBoardIndividual.path, person('Eve', 'Investor', 'eve@investing.example'), {
      token: eve.token,
    });
    const script = await service.post(
      actions.uploadPartyDocument.path,
      { ...evidence('../../etc/passwd.pdf') },
      { token: eve.token },
    );
    expect(script.status).toBe(400);
    const badRouting = await service.post(
      actions.linkExternalAccount.path,
      { ...bank, routing_number: '123456789' },
      { token: eve.token },
    );
    expect([badRouting.status, badRouting.body.data.code]).toEqual([400, 'INVESTING_REFUSED']);
    const rejected = await service.post(actions.uploadPartyDocument.path, evidence('Test_Rejected.pdf'), {
      token: eve.token,
    });
    expect(details(rejected)).toMatchObject({ accreditation: 'not_accredited', may_invest: false });
  });
});
