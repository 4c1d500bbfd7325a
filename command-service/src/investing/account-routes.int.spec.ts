import { actions } from '@wine/contracts';
import { investorStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, openTestCommandService, type TestCommandService } from '../testing.ts';
import { bank, details, evidence, person } from './investing-fixture.ts';

/**
 * Issue 35 §3 on the investing sandbox, after onboarding: an owner corrects their party (KYC run again),
 * answers the suitability questionnaire, gives an entity's documents and lists documents, keeps a bank
 * account and a card (never a whole number or a CVC recorded), asks an open order's documents again and
 * reads their holdings; staff fund and settle orders, never their own. Each call also as an attacker.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

/** Sandbox test cards (platform card-numbers): a Visa, a Mastercard; expiry well after the clock's 2026. */
const visa = {
  name_on_card: 'Ivy Investor',
  card_number: '4242424242424242',
  exp_month: 12,
  exp_year: 2030,
  cvv: '737',
};
const mastercard = { ...visa, card_number: '5555555555554444', cvv: '313' };

const refusal = (answer: Answer) => [answer.status, answer.body.data.code];
const eventsOf = async (userId: string) => service.service.streams.store.readStream(investorStream(userId));
const typesOf = async (userId: string) => (await eventsOf(userId)).map((e) => e.type);

/** A signed-up user onboarded as an individual (and accredited unless asked not to). */
async function investor(
  email: string,
  last = 'Investor',
  options: { accredit?: boolean; roles?: ('admin' | 'finance')[] } = {},
) {
  const user = await service.signUp(email, options.roles ?? []);
  const onboarded = await service.post(
    actions.onBoardIndividual.path,
    { ...person(email.split('@')[0] ?? 'Spec', last, email), ssn: '123-45-6789' },
    { token: user.token },
  );
  expect(onboarded.status).toBe(200);
  if (options.accredit !== false)
    expect(
      (await service.post(actions.uploadPartyDocument.path, evidence(), { token: user.token })).status,
    ).toBe(200);
  return user;
}

describe('who may call the new calls', () => {
  const investorCalls = [
    actions.updateIndividual,
    actions.calculateSuitability,
    actions.uploadEntityDocument,
    actions.getuploadPartyDocument,
    actions.getExternalAccount,
    actions.updateLinkExternalAccount,
    actions.deleteExternalAccount,
    actions.addCreditCard,
    actions.getCreditCard,
    actions.updateCreditCard,
    actions.deleteCreditCard,
    actions.resendDocuSign,
    actions.getStbids,
  ];

  it('refuses every investor call without a session, and the settlement to anyone but finance or an admin', async () => {
    for (const call of investorCalls) {
      expect(call.auth, call.path).toBe('user');
      expect(refusal(await service.post(call.path, {})), call.path).toEqual([403, 'SESSION_INVALID']);
    }
    expect(actions.updateSettlement.auth).toEqual(['finance', 'admin']);
    const investorOnly = await service.signUp('plain.settle@investing.example');
    const body = { user_id: investorOnly.id, trade_id: '1', status: 'funded' };
    expect((await service.post(actions.updateSettlement.path, body)).status).toBe(403);
    expect(
      refusal(await service.post(actions.updateSettlement.path, body, { token: investorOnly.token })),
    ).toEqual([403, 'ROLE_REQUIRED']);
  });
});

describe('the investor corrects their party (updateIndividual)', () => {
  it('sends the correction, runs KYC again on it, and records which details changed, not their values', async () => {
    const ivy = await investor('ivy.party@investing.example');
    const moved = await service.post(
      actions.updateIndividual.path,
      { address1: '1 Vineyard Ln', city: 'Napa', state: 'CA', zip: '94558' },
      { token: ivy.token },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data.message).toBe('Your details are corrected and your identity is checked again');
    expect(details(moved)).toMatchObject({ owners: [{ kyc: 'approved' }], may_invest: true });

    // The sandbox disapproves a last name with "Disapprove": the check run again closes the money.
    const renamed = await service.post(
      actions.updateIndividual.path,
      { last_name: 'Disapprove' },
      { token: ivy.token },
    );
    expect(details(renamed)).toMatchObject({
      name: 'ivy.party Disapprove',
      owners: [{ name: 'ivy.party Disapprove', kyc: 'disapproved' }],
      may_invest: false,
    });
    const order = await service.post(actions.createOrder.path, { units: 1 }, { token: ivy.token });
    expect(refusal(order)).toEqual([409, 'INVESTOR_NOT_APPROVED']);

    const events = await eventsOf(ivy.id);
    const updates = events.filter((e) => e.type === 'InvestorPartyUpdated').map((e) => e.data);
    expect(updates).toEqual([
      expect.objectContaining({ changed: ['address'], kyc: 'approved' }),
      expect.objectContaining({ changed: ['name'], kyc: 'disapproved' }),
    ]);
    expect(JSON.stringify(events)).not.toMatch(/Vineyard|Napa|94558|123-45-6789|1980-04-12/);
  });

  it('refuses nothing to change, half an address, an owner not there, and a caller without a session', async () => {
    const max = await investor('max.party@investing.example');
    const before = (await eventsOf(max.id)).length;
    const empty = await service.post(actions.updateIndividual.path, {}, { token: max.token });
    expect(refusal(empty)).toEqual([400, 'VALIDATION']);
    expect(empty.body).toMatchObject({ status: 'error', data: { responseType: 400 } });
    const half = await service.post(actions.updateIndividual.path, { city: 'Napa' }, { token: max.token });
    expect(refusal(half)).toEqual([400, 'VALIDATION']);
    expect(half.body.data.responseData.issues?.map((i) => i.field)).toEqual(
      expect.arrayContaining(['address1', 'state', 'zip']),
    );
    const noOwner = await service.post(
      actions.updateIndividual.path,
      { owner: 3, email: 'max2@investing.example' },
      { token: max.token },
    );
    expect([...refusal(noOwner), noOwner.body.data.responseData.field]).toEqual([404, 'NOT_FOUND', 'owner']);
    expect(refusal(await service.post(actions.updateIndividual.path, { last_name: 'X' }))).toEqual([
      403,
      'SESSION_INVALID',
    ]);
    expect((await eventsOf(max.id)).length).toBe(before);
  });
});

describe('the suitability questionnaire (calculateSuitability)', () => {
  it('keeps the answers as given, shows them back, and refuses an answer off its scale with no write', async () => {
    const sue = await investor('sue.suitability@investing.example', 'Investor', { accredit: false });
    const answers = {
      risk_profile: 3,
      investment_experience: 4,
      private_offering_experience: 2,
      objective: 'growth',
    };
    const recorded = await service.post(actions.calculateSuitability.path, answers, { token: sue.token });
    expect(recorded.status).toBe(200);
    expect(details(recorded).suitability).toEqual({ ...answers, time_horizon_years: null });
    const again = await service.post(actions.calculateSuitability.path, answers, { token: sue.token });
    expect(again.status).toBe(200);
    expect((await typesOf(sue.id)).filter((t) => t === 'InvestorSuitabilityRecorded')).toHaveLength(1);

    const before = (await eventsOf(sue.id)).length;
    const off = await service.post(
      actions.calculateSuitability.path,
      { ...answers, risk_profile: 6, notes: 'my salary is…' },
      { token: sue.token },
    );
    expect(refusal(off)).toEqual([400, 'VALIDATION']);
    expect((await eventsOf(sue.id)).length).toBe(before);
    const stranger = await service.signUp('stranger.suitability@investing.example');
    expect(
      refusal(await service.post(actions.calculateSuitability.path, answers, { token: stranger.token })),
    ).toEqual([409, 'INVESTOR_NOT_ONBOARDED']);
  });
});

describe("documents: an entity's, and the list the service keeps (uploadEntityDocument, getuploadPartyDocument)", () => {
  it("takes an entity's formation papers from an entity investor only, and lists each owner's documents", async () => {
    const ada = await service.signUp('ada.entity@investing.example');
    await service.post(
      actions.onBoardEntity.path,
      {
        entity_name: 'Cellar Family Trust',
        entity_type: 'Revocable Trust',
        email: 'trust@investing.example',
        address1: '1 Main St',
        city: 'Evanston',
        state: 'IL',
        zip: '60201',
        owners: [person('Ada', 'Owner', 'ada.entity@investing.example')],
      },
      { token: ada.token },
    );
    const uploaded = await service.post(actions.uploadEntityDocument.path, evidence('trust-deed.pdf'), {
      token: ada.token,
    });
    expect([uploaded.status, uploaded.body.data.message]).toEqual([200, 'Entity document uploaded']);
    const listed = await service.post(
      actions.getuploadPartyDocument.path,
      { of: 'entity' },
      { token: ada.token },
    );
    expect(listed.body.data.responseData).toMatchObject({
      records: [{ title: 'trust-deed.pdf', file_name: 'trust-deed.pdf' }],
      totalRecords: 1,
    });
    const party = await service.post(
      actions.getuploadPartyDocument.path,
      { of: 'party' },
      { token: ada.token },
    );
    expect(party.body.data.responseData).toMatchObject({ records: [], totalRecords: 0 });

    const ivy = await investor('ivy.documents@investing.example');
    const notEntity = await service.post(actions.uploadEntityDocument.path, evidence('deed.pdf'), {
      token: ivy.token,
    });
    expect(refusal(notEntity)).toEqual([400, 'INVESTING_REFUSED']);
    expect(
      refusal(
        await service.post(actions.getuploadPartyDocument.path, { of: 'entity' }, { token: ivy.token }),
      ),
    ).toEqual([400, 'INVESTING_REFUSED']);
    const evidenceList = await service.post(
      actions.getuploadPartyDocument.path,
      { of: 'accreditation' },
      { token: ivy.token },
    );
    expect(evidenceList.body.data.responseData).toMatchObject({
      records: [{ file_name: 'Test_Approved_All.pdf' }],
    });
    const hostile = await service.post(actions.uploadEntityDocument.path, evidence('../../etc/passwd.pdf'), {
      token: ada.token,
    });
    expect(refusal(hostile)).toEqual([400, 'VALIDATION']);
    expect(
      refusal(
        await service.post(actions.getuploadPartyDocument.path, { of: 'someone' }, { token: ada.token }),
      ),
    ).toEqual([400, 'VALIDATION']);
    expect((await service.post(actions.getuploadPartyDocument.path, { of: 'party' })).status).toBe(403);
  });
});

describe('the bank account (getExternalAccount, updateLinkExternalAccount, deleteExternalAccount, the seeds’ aliases)', () => {
  it('is linked once, changed, read back by its last four, unlinked when no order waits for it', async () => {
    const ivy = await investor('ivy.bank@investing.example');
    const none = await service.post(actions.getExternalAccount.path, {}, { token: ivy.token });
    expect(none.body.data.responseData).toEqual({ bank: null });
    const linked = await service.post('/api/paymentThird/northcapital/addExternalBank', bank, {
      token: ivy.token,
    });
    expect([linked.status, linked.body.data.message]).toEqual([200, 'Bank account ending in 6789 linked']);
    const twice = await service.post(actions.linkExternalAccount.path, bank, { token: ivy.token });
    expect(refusal(twice)).toEqual([400, 'INVESTING_REFUSED']);

    const changed = await service.post(
      actions.updateLinkExternalAccount.path,
      { ...bank, account_number: '000987654321', account_type: 'savings' },
      { token: ivy.token },
    );
    expect(details(changed).bank).toEqual({
      holder_name: 'Ivy Investor',
      account_last4: '4321',
      account_type: 'savings',
    });
    const again = await service.post(
      '/api/paymentThird/northcapital/updateExternalBank',
      { ...bank, account_number: '55554444' },
      { token: ivy.token },
    );
    expect(again.body.data.message).toBe('Bank account ending in 4444 is the one linked now');
    const read = await service.post(actions.getExternalAccount.path, {}, { token: ivy.token });
    expect(read.body.data.responseData).toEqual({
      bank: {
        holder_name: 'Ivy Investor',
        nickname: 'Primary',
        account_type: 'checking',
        account_last4: '4444',
      },
    });

    // An order placed and not yet funded is paid from this account: it is not unlinked under it.
    const ordered = details(await service.post(actions.createOrder.path, { units: 2 }, { token: ivy.token }));
    const inUse = await service.post(actions.deleteExternalAccount.path, {}, { token: ivy.token });
    expect(refusal(inUse)).toEqual([400, 'INVESTING_REFUSED']);
    await service.post(
      actions.deleteTrade.path,
      { trade_id: ordered.orders[0]?.trade_id },
      { token: ivy.token },
    );
    const unlinked = await service.post(actions.deleteExternalAccount.path, {}, { token: ivy.token });
    expect([unlinked.status, details(unlinked).bank]).toEqual([200, null]);
    expect(
      (await service.post(actions.getExternalAccount.path, {}, { token: ivy.token })).body.data.responseData,
    ).toEqual({
      bank: null,
    });
    expect(refusal(await service.post(actions.deleteExternalAccount.path, {}, { token: ivy.token }))).toEqual(
      [404, 'NOT_FOUND'],
    );

    const log = JSON.stringify(await eventsOf(ivy.id));
    for (const whole of ['123456789', '000987654321', '55554444']) expect(log).not.toContain(whole);
    expect(await typesOf(ivy.id)).toEqual(
      expect.arrayContaining(['InvestorBankLinked', 'InvestorBankUpdated', 'InvestorBankUnlinked']),
    );
  });

  it('refuses bad input with no write, no session, and one x-command-id across the two paths of one call', async () => {
    const max = await investor('max.bank@investing.example');
    const before = (await eventsOf(max.id)).length;
    const letters = await service.post(
      actions.linkExternalAccount.path,
      { ...bank, routing_number: '02100002X' },
      { token: max.token },
    );
    expect(refusal(letters)).toEqual([400, 'VALIDATION']);
    expect(letters.body.data.responseData.field).toBe('routing_number');
    expect((await eventsOf(max.id)).length).toBe(before);
    expect((await service.post(actions.getExternalAccount.path, {})).status).toBe(403);
    expect((await service.post('/api/paymentThird/northcapital/updateExternalBank', bank)).status).toBe(403);

    const first = await service.post(actions.linkExternalAccount.path, bank, {
      token: max.token,
      commandId: 'max-bank-1',
    });
    expect(first.status).toBe(200);
    // The seeds' other name for the call, under the same key: the first answer again, no second link.
    const otherPath = await service.post('/api/paymentThird/northcapital/addExternalBank', bank, {
      token: max.token,
      commandId: 'max-bank-1',
    });
    expect([otherPath.status, otherPath.body.data.message, otherPath.body.data.responseData]).toEqual([
      200,
      first.body.data.message,
      first.body.data.responseData,
    ]);
    const eve = await investor('eve.bank@investing.example');
    const taken = await service.post(actions.linkExternalAccount.path, bank, {
      token: eve.token,
      commandId: 'max-bank-1',
    });
    expect(refusal(taken)).toEqual([409, 'COMMAND_ID_TAKEN']);
    expect((await typesOf(max.id)).filter((t) => t === 'InvestorBankLinked')).toHaveLength(1);
    expect(await typesOf(eve.id)).not.toContain('InvestorBankLinked');
  });
});

describe('the card for investing (addCreditCard / linkCreditCard, getCreditCard / getLinkedCreditCard, update, delete)', () => {
  it('links, reads, changes and removes the card, recording its brand and last four only', async () => {
    const ivy = await investor('ivy.card@investing.example');
    expect(
      (await service.post(actions.getCreditCard.path, {}, { token: ivy.token })).body.data.responseData,
    ).toEqual({
      card: null,
    });
    const linked = await service.post(actions.addCreditCard.path, visa, {
      token: ivy.token,
      commandId: 'ivy-card-1',
    });
    expect([linked.status, linked.body.data.message]).toEqual([200, 'Card ending in 4242 linked']);
    expect(details(linked).card).toEqual({ brand: 'visa', last4: '4242' });
    // The same request again under its key: the first answer, once; another body under it: refused.
    const repeat = await service.post(actions.addCreditCard.path, visa, {
      token: ivy.token,
      commandId: 'ivy-card-1',
    });
    expect([repeat.status, details(repeat).card]).toEqual([200, { brand: 'visa', last4: '4242' }]);
    const otherBody = await service.post(actions.addCreditCard.path, mastercard, {
      token: ivy.token,
      commandId: 'ivy-card-1',
    });
    expect(refusal(otherBody)).toEqual([422, 'COMMAND_ID_REUSED']);
    expect(
      refusal(
        await service.post('/api/paymentThird/northcapital/linkCreditCard', mastercard, { token: ivy.token }),
      ),
    ).toEqual([400, 'INVESTING_REFUSED']);
    const read = await service.post(
      '/api/paymentThird/northcapital/getLinkedCreditCard',
      {},
      { token: ivy.token },
    );
    expect(read.body.data.responseData).toEqual({
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
    });

    const changed = await service.post(actions.updateCreditCard.path, mastercard, { token: ivy.token });
    expect(details(changed).card).toEqual({ brand: 'mastercard', last4: '4444' });
    const removed = await service.post(actions.deleteCreditCard.path, {}, { token: ivy.token });
    expect([removed.body.data.message, details(removed).card]).toEqual(['Card removed', null]);
    expect(
      (await service.post(actions.getCreditCard.path, {}, { token: ivy.token })).body.data.responseData,
    ).toEqual({
      card: null,
    });

    const log = JSON.stringify(await eventsOf(ivy.id));
    for (const secret of ['4242424242424242', '5555555555554444', '"737"', '"313"', 'exp'])
      expect(log).not.toContain(secret);
    expect(
      (await eventsOf(ivy.id)).filter((e) => e.type.startsWith('InvestorCard')).map((e) => e.data),
    ).toEqual([{ brand: 'visa', last4: '4242' }, { brand: 'mastercard', last4: '4444' }, { last4: '4444' }]);
  });

  it('refuses an expired card, a number failing its check and a malformed one, echoing no number, writing nothing', async () => {
    const max = await investor('max.card@investing.example');
    const before = (await eventsOf(max.id)).length;
    const expired = await service.post(
      actions.addCreditCard.path,
      { ...visa, exp_month: 1, exp_year: 2026 },
      { token: max.token },
    );
    expect([...refusal(expired), expired.body.data.message]).toEqual([
      400,
      'INVESTING_REFUSED',
      'This card has expired',
    ]);
    const luhn = await service.post(
      actions.addCreditCard.path,
      { ...visa, card_number: '4242424242424241' },
      { token: max.token },
    );
    expect(refusal(luhn)).toEqual([400, 'INVESTING_REFUSED']);
    const malformed = await service.post(
      actions.addCreditCard.path,
      { ...visa, card_number: '4242-4242' },
      { token: max.token },
    );
    expect(refusal(malformed)).toEqual([400, 'VALIDATION']);
    for (const answer of [expired, luhn, malformed])
      expect(JSON.stringify(answer.body)).not.toMatch(/4242424242424241|4242-4242|737/);
    expect(refusal(await service.post(actions.updateCreditCard.path, visa, { token: max.token }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
    expect((await eventsOf(max.id)).length).toBe(before);
    expect((await service.post(actions.addCreditCard.path, visa)).status).toBe(403);
    expect((await service.post('/api/paymentThird/northcapital/getLinkedCreditCard', {})).status).toBe(403);
  });
});

describe('orders: documents again, holdings, and the staff’s settlement (resendDocuSign, getStbids, updateSettlement)', () => {
  it("sends an open order's documents again, never another investor's or a closed one's", async () => {
    const ivy = await investor('ivy.resend@investing.example');
    const tradeId = details(await service.post(actions.createOrder.path, { units: 3 }, { token: ivy.token }))
      .orders[0]?.trade_id as string;
    const resent = await service.post(
      actions.resendDocuSign.path,
      { trade_id: tradeId },
      { token: ivy.token },
    );
    expect([resent.status, resent.body.data.message]).toEqual([
      200,
      'The subscription documents are sent again',
    ]);

    const max = await investor('max.resend@investing.example');
    const stolen = await service.post(
      actions.resendDocuSign.path,
      { trade_id: tradeId },
      { token: max.token },
    );
    expect(refusal(stolen)).toEqual([404, 'TRADE_NOT_FOUND']);
    await service.post(actions.deleteTrade.path, { trade_id: tradeId }, { token: ivy.token });
    expect(
      refusal(await service.post(actions.resendDocuSign.path, { trade_id: tradeId }, { token: ivy.token })),
    ).toEqual([400, 'INVESTING_REFUSED']);
    expect(
      refusal(await service.post(actions.resendDocuSign.path, { trade_id: '' }, { token: ivy.token })),
    ).toEqual([400, 'VALIDATION']);
    expect((await service.post(actions.resendDocuSign.path, { trade_id: tradeId })).status).toBe(403);
    expect((await typesOf(ivy.id)).filter((t) => t === 'InvestmentDocumentsResent')).toHaveLength(1);
    expect(await typesOf(max.id)).not.toContain('InvestmentDocumentsResent');
  });

  it('has staff fund then settle an order once each, in their name, and the holdings follow', async () => {
    const ivy = await investor('ivy.settle@investing.example');
    const admin = await service.signUp('admin.settle@investing.example', ['admin']);
    const finance = await service.signUp('finance.settle@investing.example', ['finance']);
    const tradeId = details(await service.post(actions.createOrder.path, { units: 4 }, { token: ivy.token }))
      .orders[0]?.trade_id as string;
    const settle = (status: 'funded' | 'settled', token: string, commandId?: string) =>
      service.post(
        actions.updateSettlement.path,
        { user_id: ivy.id, trade_id: tradeId, status },
        { token, ...(commandId && { commandId }) },
      );

    // Not before it is funded; not by the investor, nor without a session.
    expect(refusal(await settle('settled', admin.token))).toEqual([400, 'INVESTING_REFUSED']);
    expect(refusal(await settle('funded', ivy.token))[0]).toBe(403);
    expect(
      (
        await service.post(actions.updateSettlement.path, {
          user_id: ivy.id,
          trade_id: tradeId,
          status: 'funded',
        })
      ).status,
    ).toBe(403);

    const funded = await settle('funded', admin.token, 'admin-fund-1');
    expect([funded.status, funded.body.data.message, funded.body.data.responseData]).toEqual([
      200,
      `Order ${tradeId} is funded`,
      { trade_id: tradeId, status: 'funded' },
    ]);
    // The same key again: the first answer, no second move; another input under it: refused.
    expect((await settle('funded', admin.token, 'admin-fund-1')).status).toBe(200);
    expect(refusal(await settle('settled', admin.token, 'admin-fund-1'))).toEqual([422, 'COMMAND_ID_REUSED']);
    const settled = await settle('settled', finance.token);
    expect(settled.body.data.responseData).toEqual({ trade_id: tradeId, status: 'settled' });
    expect(refusal(await settle('funded', admin.token))).toEqual([400, 'INVESTING_REFUSED']);

    const moves = (await eventsOf(ivy.id)).filter((e) => e.type === 'InvestmentOrderMoved');
    expect(moves.map((e) => [e.data, e.metadata.actor])).toEqual([
      [
        { tradeId, status: 'funded' },
        { kind: 'admin', id: admin.id },
      ],
      [
        { tradeId, status: 'settled' },
        { kind: 'admin', id: finance.id },
      ],
    ]);
    const holdings = await service.post(actions.getStbids.path, {}, { token: ivy.token });
    expect(holdings.body.data.responseData).toMatchObject({
      bids: [{ trade_id: tradeId, offering_id: '55591', units: 4, amount: 4_000, status: 'settled' }],
      totals: { created: 0, funded: 0, settled: 4_000, settled_units: 4 },
    });
    const mine = details(await service.post(actions.getUserDetails.path, {}, { token: ivy.token }));
    expect(mine.orders).toMatchObject([{ trade_id: tradeId, status: 'settled' }]);
  });

  it("refuses staff their own order, another investor's trade id, and funding once the investor may no longer invest", async () => {
    const admin = await investor('admin.own@investing.example', 'Investor', { roles: ['admin'] });
    const own = details(await service.post(actions.createOrder.path, { units: 1 }, { token: admin.token }))
      .orders[0]?.trade_id as string;
    const selfFund = await service.post(
      actions.updateSettlement.path,
      { user_id: admin.id, trade_id: own, status: 'funded' },
      { token: admin.token },
    );
    expect(refusal(selfFund)).toEqual([403, 'OWN_MONEY_RECORD']);

    const ivy = await investor('ivy.guard@investing.example');
    const wrongInvestor = await service.post(
      actions.updateSettlement.path,
      { user_id: ivy.id, trade_id: own, status: 'funded' },
      { token: admin.token },
    );
    expect(refusal(wrongInvestor)).toEqual([404, 'TRADE_NOT_FOUND']);
    const nobody = await service.post(
      actions.updateSettlement.path,
      { user_id: 'no-such-user', trade_id: own, status: 'funded' },
      { token: admin.token },
    );
    expect(refusal(nobody)).toEqual([404, 'TRADE_NOT_FOUND']);
    const bad = await service.post(
      actions.updateSettlement.path,
      { user_id: ivy.id, trade_id: own, status: 'canceled' },
      { token: admin.token },
    );
    expect(refusal(bad)).toEqual([400, 'VALIDATION']);

    // The investor's check no longer holds: no money moves into escrow (the one rule), the service asked nothing.
    const tradeId = details(await service.post(actions.createOrder.path, { units: 2 }, { token: ivy.token }))
      .orders[0]?.trade_id as string;
    await service.post(actions.updateIndividual.path, { last_name: 'Disapprove' }, { token: ivy.token });
    const closed = await service.post(
      actions.updateSettlement.path,
      { user_id: ivy.id, trade_id: tradeId, status: 'funded' },
      { token: admin.token },
    );
    expect(refusal(closed)).toEqual([409, 'INVESTOR_NOT_APPROVED']);
    const holdings = await service.post(actions.getStbids.path, {}, { token: ivy.token });
    expect(holdings.body.data.responseData).toMatchObject({
      bids: [{ trade_id: tradeId, status: 'created' }],
    });
    expect(await typesOf(ivy.id)).not.toContain('InvestmentOrderMoved');
    expect(await typesOf(admin.id)).not.toContain('InvestmentOrderMoved');
  });
});
