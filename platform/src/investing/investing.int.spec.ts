import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInvesting } from './index.ts';
import { investingContract } from './investing.contract.ts';
import { createNorthCapitalInvesting } from './northcapital.ts';
import { type NorthCapitalDouble, startNorthCapitalDouble } from './northcapital-double.ts';
import { InvestingError, type NewIndividualInvestor } from './port.ts';
import { createSandboxInvesting } from './sandbox.ts';

const CLIENT_ID = 'double-client';
const API_KEY = 'DOUBLE0DEVELOPER0API0KEY';
const startDouble = () => startNorthCapitalDouble({ clientId: CLIENT_ID, apiKey: API_KEY });
const northCapitalAt = (apiUrl: string, overrides: { apiKey?: string; timeoutMs?: number } = {}) =>
  createNorthCapitalInvesting({
    apiUrl,
    clientId: CLIENT_ID,
    apiKey: overrides.apiKey ?? API_KEY,
    timeoutMs: overrides.timeoutMs ?? 5_000,
  });

const ip = '203.0.113.7';
const address = { address1: '233 S Wacker Dr', city: 'Chicago', state: 'il', zip: '60606', country: 'USA' };
const ann: NewIndividualInvestor = {
  firstName: 'Ann',
  lastName: 'Investor',
  email: 'ann@example.com',
  dateOfBirth: '1980-04-11',
  domicile: 'us_citizen',
  address,
  ssn: '112223333',
};

investingContract('sandbox', async () => ({ investing: createSandboxInvesting(), close: async () => {} }));

investingContract('northcapital, against a local double of North Capital', async () => {
  const double = await startDouble();
  return { investing: northCapitalAt(double.apiUrl), close: () => double.close() };
});

describe('the northcapital adapter, against a local double of North Capital', () => {
  let double: NorthCapitalDouble;
  beforeAll(async () => {
    double = await startDouble();
  });
  afterAll(() => double.close());

  /** A raw call to the double, as any client of Transact would make it. */
  const raw = async (call: string, fields: Record<string, string>, method = 'POST') => {
    const response = await fetch(`${double.apiUrl}/${call}`, {
      method,
      body: new URLSearchParams({ clientID: CLIENT_ID, developerAPIKey: API_KEY, ...fields }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  async function approvedAccount() {
    const investing = northCapitalAt(double.apiUrl);
    const party = await investing.createIndividual(ann);
    await investing.checkKyc(party.partyId);
    const account = await investing.openAccount({
      owner: party.partyId,
      registration: 'Ann Investor',
      address,
    });
    await investing.uploadDocument({
      owner: { kind: 'accreditation', accountId: account.accountId },
      fileName: 'Test_Approved_All.pdf',
      contentType: 'application/pdf',
      content: new Uint8Array(2_000),
    });
    await investing.requestAccreditation(account.accountId);
    return { investing, partyId: party.partyId, accountId: account.accountId };
  }

  it("creates a party with a form-encoded PUT carrying the credentials, in Transact's formats", async () => {
    double.requests.length = 0;
    const party = await northCapitalAt(`${double.apiUrl}/`).createIndividual(ann);
    const [create, ...more] = double.requests;
    expect(more).toEqual([]);
    expect(create).toEqual({
      method: 'PUT',
      call: 'createParty',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      fields: {
        clientID: CLIENT_ID,
        developerAPIKey: API_KEY,
        domicile: 'U.S. citizen',
        firstName: 'Ann',
        lastName: 'Investor',
        socialSecurityNumber: '112-22-3333',
        dob: '04-11-1980',
        primAddress1: '233 S Wacker Dr',
        primCity: 'Chicago',
        primState: 'IL',
        primZip: '60606',
        primCountry: 'USA',
        emailAddress: 'ann@example.com',
      },
      files: [],
    });
    expect(double.party(party.partyId)).toMatchObject({
      partyId: party.partyId,
      kycStatus: null,
      amlStatus: null,
    });
  });

  it('runs KYC with performKycAml and reads the statuses getParty keeps', async () => {
    const investing = northCapitalAt(double.apiUrl);
    const party = await investing.createIndividual({ ...ann, lastName: 'Disapproved' });
    double.requests.length = 0;
    expect(await investing.checkKyc(party.partyId)).toBe('disapproved');
    expect(double.requests.map((r) => [r.method, r.call, r.fields.partyId])).toEqual([
      ['POST', 'performKycAml', party.partyId],
    ]);
    expect(double.party(party.partyId)).toMatchObject({
      kycStatus: 'Disapproved',
      amlStatus: 'Auto Approved',
    });
  });

  it('places no trade for an account not approved: the money rule is asked before createTrade', async () => {
    const investing = northCapitalAt(double.apiUrl);
    const party = await investing.createIndividual({ ...ann, lastName: 'Review' });
    await investing.checkKyc(party.partyId);
    const { accountId } = await investing.openAccount({ owner: party.partyId, registration: 'R', address });
    double.requests.length = 0;
    await expect(
      investing.createOrder({
        accountId,
        offeringId: '55591',
        units: 1,
        paymentMethod: 'WIRE',
        ipAddress: ip,
      }),
    ).rejects.toMatchObject({ reason: 'not_approved' });
    expect(double.requests.map((r) => r.call)).toEqual(['getAllLinks', 'getParty', 'getAiRequest']);
  });

  it('places, funds and settles a trade with createTrade and updateTradeStatus, as Transact writes them', async () => {
    const { investing, accountId } = await approvedAccount();
    double.requests.length = 0;
    const order = await investing.createOrder({
      accountId,
      offeringId: '55591',
      units: 7,
      paymentMethod: 'ACH',
      ipAddress: ip,
    });
    expect(double.requests.at(-1)).toMatchObject({
      method: 'POST',
      call: 'createTrade',
      fields: {
        offeringId: '55591',
        accountId,
        transactionType: 'ACH',
        transactionUnits: '7',
        createdIpAddress: ip,
      },
    });
    expect(order.amount).toBe(7_000);
    await investing.fundOrder(order.tradeId);
    expect(double.requests.at(-1)).toMatchObject({
      call: 'updateTradeStatus',
      fields: { tradeId: order.tradeId, accountId, orderStatus: 'FUNDED' },
    });
    await investing.settleOrder(order.tradeId);
    expect(double.trade(order.tradeId)).toMatchObject({ orderStatus: 'SETTLED', totalAmount: '70.000000' });
    await investing.resendSubscriptionDocuments(order.tradeId);
    expect(double.resends(order.tradeId)).toBe(1);
    expect(double.requests.at(-1)).toMatchObject({
      call: 'resendSubscriptionDocuments',
      fields: { offeringId: '55591', accountId, tradeId: order.tradeId },
    });
  });

  it('refuses trade moves out of order on its own side too, and cancels only a CREATED trade', async () => {
    const { investing, accountId } = await approvedAccount();
    const order = await investing.createOrder({
      accountId,
      offeringId: '55591',
      units: 1,
      paymentMethod: 'ACH',
      ipAddress: ip,
    });
    // The adapter checks the move itself (Transact's sandbox did not appear to): nothing is sent.
    double.requests.length = 0;
    await expect(investing.settleOrder(order.tradeId)).rejects.toMatchObject({
      reason: 'invalid_transition',
    });
    expect(double.requests.map((r) => r.call)).toEqual(['getTradeStatus']);
    expect(
      await raw('updateTradeStatus', { tradeId: order.tradeId, accountId, orderStatus: 'SETTLED' }),
    ).toEqual({
      status: 200,
      body: { statusCode: '190', statusDesc: 'Trade status should be in FUNDED' },
    });
    await investing.fundOrder(order.tradeId);
    expect((await raw('deleteTrade', { tradeId: order.tradeId, accountId })).body).toEqual({
      statusCode: '190',
      statusDesc: 'Trade status should be in CREATED',
    });
    await investing.settleOrder(order.tradeId);
    expect(
      (await raw('updateTradeStatus', { tradeId: order.tradeId, accountId, orderStatus: 'FUNDED' })).body,
    ).toMatchObject({
      statusCode: '190',
    });
  });

  it("pays an ACH order with externalFundMove's documented fields, once: a retry reads the histories only", async () => {
    const { investing, accountId } = await approvedAccount();
    await investing.linkBank(accountId, {
      holderName: 'Ann Investor',
      nickname: 'Household checking',
      routingNumber: '021000021',
      accountNumber: '123456789',
      accountType: 'checking',
      ipAddress: ip,
    });
    const order = await investing.createOrder({
      accountId,
      offeringId: '55591',
      units: 7,
      paymentMethod: 'ACH',
      ipAddress: ip,
    });
    double.requests.length = 0;
    const payment = {
      tradeId: order.tradeId,
      method: 'ACH' as const,
      amount: 7_000,
      description: 'Investment in Wine Cellar Token (demo)',
      ipAddress: ip,
    };
    const paid = await investing.payOrder(payment);
    const move = double.requests.find((r) => r.call === 'externalFundMove');
    expect(move).toEqual({
      method: 'POST',
      call: 'externalFundMove',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      fields: {
        clientID: CLIENT_ID,
        developerAPIKey: API_KEY,
        accountId,
        offeringId: '55591',
        tradeId: order.tradeId,
        NickName: 'Household checking',
        amount: '70.00',
        description: 'Investment in Wine Cellar Token (demo)',
        checkNumber: order.tradeId,
        createdIpAddress: ip,
      },
      files: [],
    });
    // The histories are read before any money moves; an ACH trade keeps its type.
    expect(double.requests.map((r) => r.call).slice(0, 3)).toEqual([
      'getTradeStatus',
      'getExternalFundMoveHistory',
      'getCCFundMoveHistory',
    ]);
    expect(double.requests.map((r) => r.call)).not.toContain('updateTradeTransactionType');
    const [kept] = double.fundMoves(order.tradeId);
    expect(paid).toEqual({
      tradeId: order.tradeId,
      method: 'ACH',
      reference: kept?.RefNum,
      amount: 7_000,
      fundStatus: 'Pending',
      transactionStatus: 'Pending',
    });
    double.requests.length = 0;
    expect(await investing.payOrder(payment)).toEqual(paid);
    expect(double.requests.map((r) => r.call)).toEqual(['getTradeStatus', 'getExternalFundMoveHistory']);
    expect(double.fundMoves(order.tradeId)).toHaveLength(1);
    // Transact itself takes no idempotency key: a second call of its own moves the money again.
    const again = await raw('externalFundMove', {
      accountId,
      offeringId: '55591',
      tradeId: order.tradeId,
      NickName: 'Household checking',
      amount: '70.00',
      description: 'again',
      checkNumber: order.tradeId,
    });
    expect(again.body).toMatchObject({
      statusCode: '101',
      TradeFinancialDetails: [{ fundStatus: 'Pending' }],
    });
    expect(double.fundMoves(order.tradeId)).toHaveLength(2);
  });

  it("pays a card order with ccFundMove after making the trade a CREDITCARD one, and keeps the card's number out", async () => {
    const { investing, accountId } = await approvedAccount();
    await investing.linkCard(accountId, {
      nameOnCard: 'Ann Investor',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      ipAddress: ip,
    });
    const order = await investing.createOrder({
      accountId,
      offeringId: '55591',
      units: 3,
      paymentMethod: 'ACH',
      ipAddress: ip,
    });
    double.requests.length = 0;
    const paid = await investing.payOrder({
      tradeId: order.tradeId,
      method: 'CREDITCARD',
      amount: 3_000,
      description: 'Investment in Wine Cellar Token (demo)',
      ipAddress: ip,
    });
    const calls = double.requests.map((r) => [r.call, r.fields]);
    expect(calls.slice(-2)).toEqual([
      [
        'updateTradeTransactionType',
        {
          clientID: CLIENT_ID,
          developerAPIKey: API_KEY,
          tradeId: order.tradeId,
          transactionType: 'CREDITCARD',
        },
      ],
      [
        'ccFundMove',
        {
          clientID: CLIENT_ID,
          developerAPIKey: API_KEY,
          accountId,
          tradeId: order.tradeId,
          createdIpAddress: ip,
        },
      ],
    ]);
    expect(double.trade(order.tradeId)).toMatchObject({
      transactionType: 'CREDITCARD',
      orderStatus: 'CREATED',
    });
    expect(paid).toMatchObject({ method: 'CREDITCARD', amount: 3_000, fundStatus: 'Pending' });
    expect(paid.reference).toBe(double.fundMoves(order.tradeId)[0]?.RefNum);
    expect(JSON.stringify(paid)).not.toContain('4242424242424242');
    expect(await investing.fundMove(order.tradeId)).toEqual(paid);
    // The card's own wire: an ACH trade is not charged on a card, nor a card trade debited by ACH.
    const ach = await investing.createOrder({
      accountId,
      offeringId: '55591',
      units: 1,
      paymentMethod: 'ACH',
      ipAddress: ip,
    });
    expect(
      (await raw('ccFundMove', { accountId, tradeId: ach.tradeId, createdIpAddress: ip })).body,
    ).toMatchObject({
      statusCode: '106',
    });
    expect(
      (
        await raw('externalFundMove', {
          accountId,
          offeringId: '55591',
          tradeId: order.tradeId,
          NickName: 'x',
          amount: '30.00',
          description: 'x',
          checkNumber: order.tradeId,
        })
      ).body,
    ).toEqual({ statusCode: '194', statusDesc: 'Trade Id you entered is not an ACH trade' });
    expect(double.fundMoves(ach.tradeId)).toEqual([]);
  });

  it('moves no money when the fund move history cannot be read', async () => {
    const { investing, accountId } = await approvedAccount();
    const order = await investing.createOrder({
      accountId,
      offeringId: '55591',
      units: 1,
      paymentMethod: 'ACH',
      ipAddress: ip,
    });
    double.outage(true);
    const down = await investing
      .payOrder({ tradeId: order.tradeId, method: 'ACH', amount: 1_000, description: 'x', ipAddress: ip })
      .catch((error: unknown) => error);
    double.outage(false);
    expect(down).toMatchObject({ reason: 'unavailable' });
    expect(double.fundMoves(order.tradeId)).toEqual([]);
  });

  it('sends a card number to addCreditCard only, and never answers or keeps more than its last four', async () => {
    const { investing, accountId } = await approvedAccount();
    double.requests.length = 0;
    const linked = await investing.linkCard(accountId, {
      nameOnCard: 'Ann Investor',
      number: '4242 4242 4242 4242',
      expMonth: 7,
      expYear: 2031,
      cvc: '321',
      ipAddress: ip,
    });
    expect(double.requests).toHaveLength(1);
    expect(double.requests[0]).toMatchObject({
      call: 'addCreditCard',
      fields: {
        accountId,
        creditCardName: 'Ann Investor',
        creditCardNumber: '4242424242424242',
        expirationDate: '0731',
        cvvNumber: '321',
        cardType: 'VI',
        createdIpAddress: ip,
      },
    });
    const read = await investing.card(accountId);
    expect(read).toEqual(linked);
    // getCreditCard answers the full number and the CVV: neither leaves the adapter.
    for (const answered of [linked, read]) {
      expect(JSON.stringify(answered)).not.toContain('4242424242424242');
      expect(JSON.stringify(answered)).not.toContain('321');
    }
    const refused = (await investing
      .linkCard(accountId, { ...linked, number: '4242424242424242', cvc: '321', ipAddress: ip })
      .catch((error: unknown) => error)) as InvestingError;
    expect(refused).toMatchObject({ reason: 'conflict', code: '116' });
    expect(refused.message).not.toContain('4242424242424242');
  });

  it("uploads documents as multipart with Transact's title and file-name fields", async () => {
    const investing = northCapitalAt(double.apiUrl);
    const party = await investing.createIndividual(ann);
    double.requests.length = 0;
    await investing.uploadDocument({
      owner: { kind: 'party', partyId: party.partyId },
      fileName: 'passport.pdf',
      title: 'Passport',
      contentType: 'application/pdf',
      content: new Uint8Array(1_500),
    });
    const [upload, list] = double.requests;
    expect(upload).toMatchObject({
      method: 'POST',
      call: 'uploadPartyDocument',
      contentType: expect.stringMatching(/^multipart\/form-data; boundary=/),
      fields: {
        clientID: CLIENT_ID,
        partyId: party.partyId,
        documentTitle: 'documentTitle0="Passport"',
        file_name: 'filename0="passport.pdf"',
      },
      files: [{ field: 'userfile0', fileName: 'passport.pdf', size: 1_500 }],
    });
    expect(list).toMatchObject({ call: 'getPartyDocument', fields: { partyId: party.partyId } });
  });

  it('links the owners of an entity account with createLink, the first individual primary', async () => {
    const investing = northCapitalAt(double.apiUrl);
    const first = await investing.createIndividual(ann);
    const second = await investing.createIndividual({ ...ann, firstName: 'Ben' });
    double.requests.length = 0;
    const entity = await investing.createEntity({
      name: 'Doe Family Trust',
      entityType: 'Revocable Trust',
      email: 'trust@example.com',
      address,
      owners: [first.partyId, second.partyId],
    });
    const links = double.requests.filter((r) => r.call === 'createLink').map((r) => r.fields);
    expect(links).toEqual([
      expect.objectContaining({
        firstEntryType: 'Account',
        firstEntry: entity.accountId,
        relatedEntryType: 'EntityACParty',
        relatedEntry: entity.entityId,
        linkType: 'owner',
        primary_value: '0',
      }),
      expect.objectContaining({
        relatedEntryType: 'IndivACParty',
        relatedEntry: first.partyId,
        linkType: 'owner',
        primary_value: '1',
      }),
      expect.objectContaining({
        relatedEntryType: 'IndivACParty',
        relatedEntry: second.partyId,
        linkType: 'owner',
        primary_value: '0',
      }),
    ]);
    expect(double.requests.filter((r) => r.method === 'PUT').map((r) => r.call)).toEqual([
      'createEntity',
      'createAccount',
      'createLink',
      'createLink',
      'createLink',
    ]);
  });

  it('records suitability with calculateSuitability in its scales', async () => {
    const { investing, accountId } = await approvedAccount();
    await investing.recordSuitability(accountId, {
      riskProfile: 4,
      investmentExperience: 3,
      privateOfferingExperience: 2,
      hasFinancialAdvisor: true,
    });
    expect(double.suitability(accountId)).toEqual({
      accountId,
      riskProfile: '4',
      investmentExperience: '3',
      privOffExperience: '2',
      financialAdvisor: 'Yes',
    });
  });

  it("answers the double's refusals of unknown ids with Transact's codes", async () => {
    expect((await raw('getParty', { partyId: 'P0000000' })).body).toMatchObject({ statusCode: '198' });
    expect((await raw('getTradeStatus', { tradeId: '1' })).body).toMatchObject({ statusCode: '189' });
    expect((await raw('getExternalAccount', { types: 'Account', accountId: 'A0' })).body).toEqual({
      statusCode: '148',
      statusDesc: 'Account is not exist/active.',
    });
    expect((await raw('createParty', { firstName: 'Ann' }, 'PUT')).body).toMatchObject({
      statusCode: '106',
      statusDesc: 'Data/parameter missing',
    });
    const investing = northCapitalAt(double.apiUrl);
    await expect(investing.individual('P0000000')).rejects.toMatchObject({
      reason: 'not_found',
      code: '198',
    });
  });

  it('keeps nothing when createExternalAccount is not for `types` Account (as the sandbox does)', async () => {
    const { accountId } = await approvedAccount();
    const answer = await raw('createExternalAccount', {
      types: 'account',
      accountId,
      ExtAccountfullname: 'Ann',
      Extnickname: 'Checking',
      ExtRoutingnumber: '021000021',
      ExtAccountnumber: '12345',
      updatedIpAddress: ip,
    });
    expect(answer.body).toEqual({ statusCode: '101', statusDesc: 'Ok', '': null });
    expect(await northCapitalAt(double.apiUrl).bank(accountId)).toBeNull();
  });

  it('refuses bad credentials with 103 (HTTP 401), never showing the key', async () => {
    const refused = await northCapitalAt(double.apiUrl, { apiKey: 'WRONG0KEY' })
      .individual('P1')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(InvestingError);
    expect(refused).toMatchObject({ reason: 'unauthorized', code: '103' });
    expect(String((refused as Error).message)).not.toContain('WRONG0KEY');
    // A multipart PUT is unreadable to Transact: its credentials are not read either.
    const body = new FormData();
    body.set('clientID', CLIENT_ID);
    body.set('developerAPIKey', API_KEY);
    const put = await fetch(`${double.apiUrl}/createParty`, { method: 'PUT', body });
    expect([put.status, ((await put.json()) as { statusCode: string }).statusCode]).toEqual([401, '103']);
  });

  it('is unavailable when the double hangs past the timeout, is down, or is gone', async () => {
    double.hang(true);
    const started = Date.now();
    const hung = await northCapitalAt(double.apiUrl, { timeoutMs: 300 })
      .individual('P1')
      .catch((error: unknown) => error);
    double.hang(false);
    expect(hung).toMatchObject({ reason: 'unavailable', code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(3_000);

    double.outage(true);
    const down = await northCapitalAt(double.apiUrl)
      .individual('P1')
      .catch((error: unknown) => error);
    double.outage(false);
    expect(down).toMatchObject({ reason: 'unavailable', code: '503' });

    const gone = await startDouble();
    await gone.close();
    const unreachable = await northCapitalAt(gone.apiUrl)
      .individual('P1')
      .catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ reason: 'unavailable', code: 'UNREACHABLE' });
  });

  it('is what openInvesting picks for INVESTING_PROVIDER=northcapital, at NORTHCAPITAL_API_URL', async () => {
    const investing = openInvesting({
      INVESTING_PROVIDER: 'northcapital',
      NORTHCAPITAL_API_URL: double.apiUrl,
      NORTHCAPITAL_CLIENT_ID: CLIENT_ID,
      NORTHCAPITAL_API_KEY: API_KEY,
    });
    expect(investing.name).toBe('northcapital');
    const party = await investing.createIndividual(ann);
    expect(await investing.checkKyc(party.partyId)).toBe('approved');
  });
});
