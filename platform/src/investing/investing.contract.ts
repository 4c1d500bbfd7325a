/**
 * The investing port's contract (issue "investor onboarding"): what every investing service does, the
 * embedded sandbox and North Capital's Transact API (against its local double) alike. Outcomes are chosen
 * by sandbox-rules.ts: a last name with `Review` or `Disapprove` for KYC, North Capital's magic file
 * names (`Test_Approved_All.pdf`…) for accreditation; the offering 55591 sells units at $10.00.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  InvestingService,
  InvestorBankDetails,
  InvestorCardDetails,
  NewIndividualInvestor,
} from './port.ts';

export interface InvestingUnderTest {
  investing: InvestingService;
  close(): Promise<void>;
}

const ip = '203.0.113.7';
const OFFERING = '55591';
const address = { address1: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', country: 'USA' };
const person = (lastName: string, firstName = 'Ann'): NewIndividualInvestor => ({
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
  dateOfBirth: '1980-04-11',
  domicile: 'us_citizen',
  address,
  ssn: '112-22-3333',
});
const checking: InvestorBankDetails = {
  holderName: 'Ann Investor',
  nickname: 'Household checking',
  routingNumber: '021000021',
  accountNumber: '123456789',
  accountType: 'checking',
  bankName: 'JPMorgan Chase',
  ipAddress: ip,
};
const visa: InvestorCardDetails = {
  nameOnCard: 'Ann Investor',
  number: '4242424242424242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ipAddress: ip,
};
/** A PDF-sized file: North Capital refuses accreditation evidence under 1,000 bytes. */
const file = (size = 2_048) => new Uint8Array(size).fill(37);

export function investingContract(name: string, open: () => Promise<InvestingUnderTest>) {
  describe(`investing contract: ${name}`, () => {
    let under: InvestingUnderTest;
    let investing: InvestingService;
    beforeAll(async () => {
      under = await open();
      investing = under.investing;
    });
    afterAll(async () => {
      await under?.close();
    });

    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => {
          throw new Error('expected a refusal');
        },
        (error: unknown) => error as { name: string; reason: string; message: string },
      );
    /** An individual whose KYC was run, with an account of their own. */
    async function investor(lastName = 'Investor', firstName = 'Ann') {
      const party = await investing.createIndividual(person(lastName, firstName));
      await investing.checkKyc(party.partyId);
      const account = await investing.openAccount({
        owner: party.partyId,
        registration: `${firstName} ${lastName}`,
        address,
      });
      return { partyId: party.partyId, accountId: account.accountId };
    }
    async function accredit(accountId: string, fileName = 'Test_Approved_All.pdf') {
      await investing.uploadDocument({
        owner: { kind: 'accreditation', accountId },
        fileName,
        title: 'Accreditation letter',
        contentType: 'application/pdf',
        content: file(),
      });
      expect(await investing.requestAccreditation(accountId)).toBe('pending');
      return investing.accreditation(accountId);
    }
    async function approvedAccount() {
      const made = await investor();
      expect(await accredit(made.accountId)).toBe('accredited');
      return made;
    }
    const order = (accountId: string, units = 5, offeringId = OFFERING) =>
      investing.createOrder({ accountId, offeringId, units, paymentMethod: 'ACH', ipAddress: ip });

    it('onboards an individual: KYC, accreditation, a bank account, and an order created, funded and settled', async () => {
      const party = await investing.createIndividual(person('Investor'));
      expect(party).toEqual({
        partyId: expect.stringMatching(/^P\d+$/),
        firstName: 'Ann',
        lastName: 'Investor',
        email: 'ann.investor@example.com',
        dateOfBirth: '1980-04-11',
        domicile: 'us_citizen',
        address,
        kyc: 'pending',
      });
      // The SSN went to the service for its check; the port never answers it.
      expect(JSON.stringify(await investing.individual(party.partyId))).not.toContain('3333');
      expect(await investing.individual(party.partyId)).toEqual(party);
      expect(await investing.checkKyc(party.partyId)).toBe('approved');
      expect(await investing.kyc(party.partyId)).toBe('approved');

      const account = await investing.openAccount({
        owner: party.partyId,
        registration: 'Ann Investor',
        address,
      });
      expect(account).toEqual({
        accountId: expect.stringMatching(/^A\d+$/),
        type: 'individual',
        registration: 'Ann Investor',
        owners: [party.partyId],
      });
      expect(await investing.account(account.accountId)).toEqual(account);

      const early = await refusal(order(account.accountId));
      expect(early).toMatchObject({ name: 'InvestingError', reason: 'not_approved' });
      expect(early.message).toContain('accreditation');

      expect(await accredit(account.accountId)).toBe('accredited');
      expect(await investing.linkBank(account.accountId, checking)).toEqual({
        accountId: account.accountId,
        holderName: 'Ann Investor',
        nickname: 'Household checking',
        accountType: 'checking',
        routingNumber: '021000021',
        accountLast4: '6789',
      });

      const placed = await order(account.accountId, 5);
      expect(placed).toMatchObject({
        tradeId: expect.stringMatching(/^\d+$/),
        accountId: account.accountId,
        offeringId: OFFERING,
        units: 5,
        amount: 5_000,
        paymentMethod: 'ACH',
        status: 'created',
      });
      expect(await investing.fundOrder(placed.tradeId)).toMatchObject({ status: 'funded', amount: 5_000 });
      expect(await investing.settleOrder(placed.tradeId)).toMatchObject({ status: 'settled', units: 5 });
      expect(await investing.order(placed.tradeId)).toMatchObject({
        tradeId: placed.tradeId,
        accountId: account.accountId,
        status: 'settled',
        amount: 5_000,
        units: 5,
      });
      const holdings = await investing.holdings(account.accountId);
      expect(holdings.totals).toEqual({ created: 0, funded: 0, settled: 5_000, settledUnits: 5 });
      expect(holdings.bids.map((b) => [b.tradeId, b.status])).toEqual([[placed.tradeId, 'settled']]);
    });

    it('updates an individual and reads the change back, KYC kept', async () => {
      const { partyId } = await investor('Update');
      const moved = { ...address, address1: '1 E Wacker Dr', zip: '60601' };
      const updated = await investing.updateIndividual(partyId, { firstName: 'Anna', address: moved });
      expect(updated).toMatchObject({
        partyId,
        firstName: 'Anna',
        lastName: 'Update',
        address: moved,
        kyc: 'approved',
      });
      expect(await investing.individual(partyId)).toEqual(updated);
      await expect(investing.updateIndividual(partyId, { email: 'not-an-email' })).rejects.toMatchObject({
        reason: 'invalid',
      });
    });

    it('decides KYC by the sandbox rule: Review stays pending, Disapprove is disapproved', async () => {
      const review = await investing.createIndividual(person('Review'));
      expect(await investing.checkKyc(review.partyId)).toBe('pending');
      const denied = await investing.createIndividual(person('Disapproved'));
      expect(await investing.checkKyc(denied.partyId)).toBe('disapproved');
      expect((await investing.individual(denied.partyId)).kyc).toBe('disapproved');
    });

    it('refuses an order until every owner is approved and the account accredited, naming what is missing', async () => {
      const pending = await investor('Review', 'Bob');
      expect(await accredit(pending.accountId)).toBe('accredited');
      const refused = await refusal(order(pending.accountId));
      expect(refused).toMatchObject({ reason: 'not_approved' });
      expect(refused.message).toContain(`KYC of ${pending.partyId} is pending`);
      expect((await investing.holdings(pending.accountId)).bids).toEqual([]);

      const unaccredited = await investor('Plain', 'Cy');
      const rejected = await refusal(order(unaccredited.accountId));
      expect(rejected.message).toContain(`accreditation of ${unaccredited.accountId} is pending`);
    });

    it("decides accreditation by North Capital's test file names", async () => {
      const rejected = await investor('Rejected');
      expect(await accredit(rejected.accountId, 'Test_Rejected.pdf')).toBe('not_accredited');
      const needsInfo = await investor('NeedsInfo');
      expect(await accredit(needsInfo.accountId, 'Test_Need_Info.pdf')).toBe('pending');
      const income = await investor('Income');
      expect(await accredit(income.accountId, 'Test_Approved_Income.jpg')).toBe('accredited');
      const none = await investor('Nothing');
      expect(await investing.requestAccreditation(none.accountId)).toBe('pending');
      expect(await investing.accreditation(none.accountId)).toBe('pending');
    });

    it('onboards an entity with two owners, who must both be approved before it invests', async () => {
      const first = await investing.createIndividual(person('Owner', 'Dora'));
      const second = await investing.createIndividual(person('Partner', 'Eli'));
      for (const p of [first, second]) expect(await investing.checkKyc(p.partyId)).toBe('approved');
      const entity = await investing.createEntity({
        name: 'Doe Family Trust',
        entityType: 'Revocable Trust',
        email: 'trust@example.com',
        address,
        ein: '12-3456789',
        owners: [first.partyId, second.partyId],
      });
      expect(entity).toEqual({
        accountId: expect.stringMatching(/^A\d+$/),
        type: 'entity',
        registration: 'Doe Family Trust',
        owners: [first.partyId, second.partyId],
        entityId: expect.stringMatching(/^E\d+$/),
      });
      expect(await investing.account(entity.accountId)).toEqual(entity);
      expect(await accredit(entity.accountId)).toBe('accredited');
      const placed = await order(entity.accountId, 3);
      expect(placed).toMatchObject({ status: 'created', amount: 3_000 });

      // A third owner whose KYC is not approved stops the entity's money.
      const third = await investing.createIndividual(person('Review', 'Fay'));
      await investing.checkKyc(third.partyId);
      const linked = await investing.linkOwner(entity.accountId, third.partyId);
      expect(linked.owners).toEqual([first.partyId, second.partyId, third.partyId]);
      expect((await investing.linkOwner(entity.accountId, third.partyId)).owners).toHaveLength(3);
      const refused = await refusal(order(entity.accountId));
      expect(refused).toMatchObject({ reason: 'not_approved' });
      expect(refused.message).toContain(third.partyId);
      // Funding moves money: the order placed before is held by the same rule.
      await expect(investing.fundOrder(placed.tradeId)).rejects.toMatchObject({ reason: 'not_approved' });
      expect((await investing.order(placed.tradeId)).status).toBe('created');
    });

    it('refuses an entity without owners, or with an owner it does not know', async () => {
      const entity = {
        name: 'Empty LLC',
        entityType: 'LLC' as const,
        email: 'llc@example.com',
        address,
        owners: [] as string[],
      };
      await expect(investing.createEntity(entity)).rejects.toMatchObject({ reason: 'invalid' });
      await expect(investing.createEntity({ ...entity, owners: ['P0000000'] })).rejects.toMatchObject({
        reason: 'not_found',
      });
    });

    it('moves orders only created → funded → settled, or created → canceled', async () => {
      const { accountId } = await approvedAccount();
      const settled = await order(accountId);
      await expect(investing.settleOrder(settled.tradeId)).rejects.toMatchObject({
        reason: 'invalid_transition',
      });
      await investing.fundOrder(settled.tradeId);
      await expect(investing.fundOrder(settled.tradeId)).rejects.toMatchObject({
        reason: 'invalid_transition',
      });
      await expect(investing.cancelOrder(settled.tradeId)).rejects.toMatchObject({
        reason: 'invalid_transition',
      });
      await investing.settleOrder(settled.tradeId);
      for (const move of [investing.fundOrder, investing.settleOrder, investing.cancelOrder])
        await expect(move(settled.tradeId)).rejects.toMatchObject({ reason: 'invalid_transition' });
      expect((await investing.order(settled.tradeId)).status).toBe('settled');

      const canceled = await order(accountId, 2);
      expect(await investing.cancelOrder(canceled.tradeId)).toMatchObject({ status: 'canceled' });
      await expect(investing.fundOrder(canceled.tradeId)).rejects.toMatchObject({
        reason: 'invalid_transition',
      });
      await expect(investing.cancelOrder(canceled.tradeId)).rejects.toMatchObject({
        reason: 'invalid_transition',
      });

      const open = await order(accountId, 1);
      const holdings = await investing.holdings(accountId);
      expect(holdings.totals).toEqual({ created: 1_000, funded: 0, settled: 5_000, settledUnits: 5 });
      expect(holdings.bids.map((b) => b.status).sort()).toEqual(['canceled', 'created', 'settled']);
      expect(holdings.bids.find((b) => b.tradeId === open.tradeId)?.amount).toBe(1_000);
    });

    it('refuses what it does not know: a party, an account, an order, an offering', async () => {
      await expect(investing.individual('P0000000')).rejects.toMatchObject({ reason: 'not_found' });
      await expect(investing.checkKyc('P0000000')).rejects.toMatchObject({ reason: 'not_found' });
      await expect(investing.account('A0000000')).rejects.toMatchObject({ reason: 'not_found' });
      await expect(investing.order('999999999')).rejects.toMatchObject({ reason: 'not_found' });
      await expect(investing.linkBank('A0000000', checking)).rejects.toMatchObject({ reason: 'not_found' });
      await expect(
        investing.openAccount({ owner: 'P0000000', registration: 'Nobody', address }),
      ).rejects.toMatchObject({ reason: 'not_found' });
      const { accountId } = await approvedAccount();
      await expect(order(accountId, 1, '0')).rejects.toMatchObject({ reason: 'not_found' });
      await expect(order(accountId, 0)).rejects.toMatchObject({ reason: 'invalid' });
      await expect(investing.resendSubscriptionDocuments('999999999')).rejects.toMatchObject({
        reason: 'not_found',
      });
    });

    it('uploads documents for a party, an entity and an accreditation, and lists them', async () => {
      const party = await investing.createIndividual(person('Documents'));
      const passport = await investing.uploadDocument({
        owner: { kind: 'party', partyId: party.partyId },
        fileName: 'passport.pdf',
        title: 'Passport',
        contentType: 'application/pdf',
        content: file(),
      });
      expect(passport).toMatchObject({
        documentId: expect.any(String),
        owner: { kind: 'party', partyId: party.partyId },
        title: 'Passport',
        fileName: expect.stringMatching(/\.pdf$/),
      });
      await investing.uploadDocument({
        owner: { kind: 'party', partyId: party.partyId },
        fileName: 'utility-bill.png',
        contentType: 'image/png',
        content: file(1_200),
      });
      expect(
        (await investing.documents({ kind: 'party', partyId: party.partyId })).map((d) => d.title),
      ).toEqual(['Passport', 'utility-bill.png']);

      await investing.checkKyc(party.partyId);
      const entity = await investing.createEntity({
        name: 'Cellar Holdings LLC',
        entityType: 'LLC',
        email: 'cellar@example.com',
        address,
        owners: [party.partyId],
      });
      const entityId = entity.entityId as string;
      await investing.uploadDocument({
        owner: { kind: 'entity', entityId },
        fileName: 'operating-agreement.pdf',
        title: 'Operating agreement',
        contentType: 'application/pdf',
        content: file(),
      });
      expect((await investing.documents({ kind: 'entity', entityId })).map((d) => d.title)).toEqual([
        'Operating agreement',
      ]);

      const evidence = { kind: 'accreditation' as const, accountId: entity.accountId };
      expect(await investing.documents(evidence)).toEqual([]);
      await expect(
        investing.uploadDocument({
          owner: evidence,
          fileName: 'tiny.pdf',
          contentType: 'application/pdf',
          content: file(100),
        }),
      ).rejects.toMatchObject({ reason: 'invalid' });
      await investing.uploadDocument({
        owner: evidence,
        fileName: 'cpa-letter.pdf',
        title: 'CPA letter',
        contentType: 'application/pdf',
        content: file(),
      });
      expect((await investing.documents(evidence)).map((d) => d.title)).toEqual(['CPA letter']);

      await expect(investing.documents({ kind: 'party', partyId: 'P0000000' })).rejects.toMatchObject({
        reason: 'not_found',
      });
    });

    it('links one bank account per account, answers it masked, updates and unlinks it', async () => {
      const { accountId } = await investor('Banking');
      expect(await investing.bank(accountId)).toBeNull();
      await investing.linkBank(accountId, checking);
      await expect(investing.linkBank(accountId, checking)).rejects.toMatchObject({ reason: 'conflict' });
      const savings = {
        ...checking,
        nickname: 'Savings',
        accountNumber: '99887766',
        accountType: 'savings' as const,
      };
      const updated = await investing.updateBank(accountId, savings);
      expect(updated).toMatchObject({ nickname: 'Savings', accountType: 'savings', accountLast4: '7766' });
      expect(await investing.bank(accountId)).toEqual(updated);
      expect(JSON.stringify(await investing.bank(accountId))).not.toContain('99887766');
      await investing.unlinkBank(accountId);
      expect(await investing.bank(accountId)).toBeNull();
      await investing.unlinkBank(accountId);
      await expect(
        investing.linkBank(accountId, { ...checking, routingNumber: '021000022' }),
      ).rejects.toMatchObject({
        reason: 'invalid',
      });
    });

    it('links one card per account, answering its brand and last four only', async () => {
      const { accountId } = await investor('Carding');
      expect(await investing.card(accountId)).toBeNull();
      const linked = await investing.linkCard(accountId, visa);
      expect(linked).toEqual({
        accountId,
        nameOnCard: 'Ann Investor',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
      });
      expect(await investing.card(accountId)).toEqual(linked);
      expect(JSON.stringify(await investing.card(accountId))).not.toContain('4242424242424242');
      await expect(investing.linkCard(accountId, visa)).rejects.toMatchObject({ reason: 'conflict' });
      const mastercard = { ...visa, number: '5555 5555 5555 4444', expMonth: 3, expYear: 2031 };
      expect(await investing.updateCard(accountId, mastercard)).toMatchObject({
        brand: 'mastercard',
        last4: '4444',
      });
      expect(await investing.card(accountId)).toMatchObject({
        brand: 'mastercard',
        last4: '4444',
        expMonth: 3,
        expYear: 2031,
      });
      await investing.unlinkCard(accountId);
      expect(await investing.card(accountId)).toBeNull();
      await expect(
        investing.linkCard(accountId, { ...visa, number: '4242424242424241' }),
      ).rejects.toMatchObject({
        reason: 'invalid',
      });
      await expect(
        investing.linkCard(accountId, { ...visa, number: '378282246310005' }),
      ).rejects.toMatchObject({
        reason: 'invalid',
      });
    });

    it('records suitability for an account it knows', async () => {
      const { accountId } = await investor('Suitable');
      await investing.recordSuitability(accountId, {
        riskProfile: 3,
        investmentExperience: 2,
        privateOfferingExperience: 1,
        timeHorizonYears: 5,
        education: 'Graduate Degree',
        hasFinancialAdvisor: false,
        investmentObjective: 'Both Capital Preservation and Growth',
      });
      await expect(
        investing.recordSuitability('A0000000', {
          riskProfile: 1,
          investmentExperience: 1,
          privateOfferingExperience: 1,
        }),
      ).rejects.toMatchObject({ reason: 'not_found' });
    });

    const pay = (tradeId: string, method: 'ACH' | 'CREDITCARD', amount: number) =>
      investing.payOrder({
        tradeId,
        method,
        amount,
        description: 'Investment in Wine Cellar Token (demo)',
        ipAddress: ip,
      });

    it('pays an order once by ACH from the linked bank, for its own amount: a repeat answers the same move', async () => {
      const { accountId } = await approvedAccount();
      await investing.linkBank(accountId, checking);
      const placed = await order(accountId, 5);
      expect(await investing.fundMove(placed.tradeId)).toBeNull();
      const paid = await pay(placed.tradeId, 'ACH', 5_000);
      expect(paid).toEqual({
        tradeId: placed.tradeId,
        method: 'ACH',
        reference: expect.stringMatching(/^\d+$/),
        amount: 5_000,
        fundStatus: 'Pending',
        transactionStatus: 'Pending',
      });
      // The answer was lost, the payment is asked again (by either way): the same move, no more money.
      expect(await pay(placed.tradeId, 'ACH', 5_000)).toEqual(paid);
      expect(await pay(placed.tradeId, 'CREDITCARD', 5_000)).toEqual(paid);
      expect(await investing.fundMove(placed.tradeId)).toEqual(paid);
      // Paying is not funding: the money reaches escrow later, and staff mark the order funded then.
      expect((await investing.order(placed.tradeId)).status).toBe('created');
      expect(await investing.fundOrder(placed.tradeId)).toMatchObject({ status: 'funded' });
    });

    it("pays an order on the linked card, for the trade's own amount, within the card's $5,000.00", async () => {
      const { accountId } = await approvedAccount();
      await investing.linkCard(accountId, visa);
      const placed = await order(accountId, 5);
      expect(await pay(placed.tradeId, 'CREDITCARD', 5_000)).toMatchObject({
        tradeId: placed.tradeId,
        method: 'CREDITCARD',
        reference: expect.stringMatching(/^\d+$/),
        amount: 5_000,
        fundStatus: 'Pending',
      });
      expect((await investing.order(placed.tradeId)).paymentMethod).toBe('CREDITCARD');
      const big = await order(accountId, 501);
      await expect(pay(big.tradeId, 'CREDITCARD', 501_000)).rejects.toMatchObject({ reason: 'invalid' });
      expect(await investing.fundMove(big.tradeId)).toBeNull();
    });

    it('moves no money for a payment it must refuse', async () => {
      const { accountId } = await approvedAccount();
      const placed = await order(accountId, 2);
      // Nothing linked for either way yet.
      await expect(pay(placed.tradeId, 'ACH', 2_000)).rejects.toMatchObject({ reason: 'not_found' });
      await expect(pay(placed.tradeId, 'CREDITCARD', 2_000)).rejects.toMatchObject({ reason: 'not_found' });
      await investing.linkBank(accountId, checking);
      // Another amount than the order's own.
      await expect(pay(placed.tradeId, 'ACH', 1_000)).rejects.toMatchObject({ reason: 'invalid' });
      await expect(pay('999999999', 'ACH', 2_000)).rejects.toMatchObject({ reason: 'not_found' });
      const canceled = await order(accountId, 1);
      await investing.cancelOrder(canceled.tradeId);
      await expect(pay(canceled.tradeId, 'ACH', 1_000)).rejects.toMatchObject({
        reason: 'invalid_transition',
      });
      // An owner whose identity check is still under review holds the money back (the money rule).
      const reviewed = await investing.createIndividual(person('Review', 'Rob'));
      await investing.checkKyc(reviewed.partyId);
      await investing.linkOwner(accountId, reviewed.partyId);
      await expect(pay(placed.tradeId, 'ACH', 2_000)).rejects.toMatchObject({ reason: 'not_approved' });
      for (const tradeId of [placed.tradeId, canceled.tradeId])
        expect(await investing.fundMove(tradeId)).toBeNull();
    });

    it("resends an order's subscription documents through DocuSign", async () => {
      const { accountId } = await approvedAccount();
      const placed = await order(accountId, 1);
      await investing.resendSubscriptionDocuments(placed.tradeId);
      await investing.resendSubscriptionDocuments(placed.tradeId);
    });
  });
}
