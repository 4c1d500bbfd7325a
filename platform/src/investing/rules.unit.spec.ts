import { describe, expect, it } from 'vitest';
import {
  accreditationOfTransact,
  centsOfTransact,
  expiryOfTransact,
  failureOfCode,
  isoDateOfTransact,
  kycOfTransact,
  orderStatusOfTransact,
  titleOfTransact,
  transactDate,
  transactExpiry,
  transactOrderStatus,
} from './northcapital-wire.ts';
import {
  InvestingError,
  type InvestmentOrder,
  type InvestmentOrderStatus,
  investmentOrderStatuses,
} from './port.ts';
import {
  abaRoutingValid,
  assertMayInvest,
  assertPayable,
  bankProblem,
  canMoveOrder,
  cardCheck,
  fundMoveProblem,
  holdingsOf,
  type InvestorStanding,
  individualProblem,
  mayInvest,
} from './rules.ts';
import { accreditationDecision, kycDecision } from './sandbox-rules.ts';

const standing = (over: Partial<InvestorStanding> = {}): InvestorStanding => ({
  accountId: 'A1',
  accreditation: 'accredited',
  owners: [
    { partyId: 'P1', kyc: 'approved' },
    { partyId: 'P2', kyc: 'approved' },
  ],
  ...over,
});

describe('the money rule (mayInvest)', () => {
  it('lets an accredited account whose owners are all approved invest', () => {
    expect(mayInvest(standing())).toEqual({ ok: true });
    expect(() => assertMayInvest('sandbox', standing())).not.toThrow();
  });

  it('refuses while any owner is pending or disapproved, naming each', () => {
    expect(
      mayInvest(
        standing({
          owners: [
            { partyId: 'P1', kyc: 'pending' },
            { partyId: 'P2', kyc: 'approved' },
            { partyId: 'P3', kyc: 'disapproved' },
          ],
        }),
      ),
    ).toEqual({ ok: false, why: ['KYC of P1 is pending', 'KYC of P3 is disapproved'] });
  });

  it('refuses an account not accredited, verified only', () => {
    for (const accreditation of ['pending', 'not_accredited'] as const)
      expect(mayInvest(standing({ accreditation }))).toEqual({
        ok: false,
        why: [`accreditation of A1 is ${accreditation}`],
      });
  });

  it('refuses an account without an owner, whatever its accreditation', () => {
    expect(mayInvest(standing({ owners: [] }))).toEqual({ ok: false, why: ['account A1 has no owner'] });
  });

  it('throws not_approved with every reason', () => {
    const thrown = (() => {
      try {
        assertMayInvest(
          'northcapital',
          standing({ accreditation: 'pending', owners: [{ partyId: 'P9', kyc: 'pending' }] }),
        );
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(InvestingError);
    expect(thrown).toMatchObject({ service: 'northcapital', reason: 'not_approved' });
    expect(String((thrown as Error).message)).toBe(
      'northcapital not_approved: KYC of P9 is pending; accreditation of A1 is pending',
    );
  });
});

describe('order moves', () => {
  it('allows created → funded → settled and created → canceled, and nothing else', () => {
    const allowed = new Set(['created>funded', 'funded>settled', 'created>canceled']);
    for (const from of investmentOrderStatuses)
      for (const to of investmentOrderStatuses)
        expect(canMoveOrder(from, to), `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`));
  });

  it('totals bids by status in cents, counting canceled and unwound in none', () => {
    const order = (
      tradeId: string,
      status: InvestmentOrderStatus,
      amount: number,
      units: number,
    ): InvestmentOrder => ({
      tradeId,
      accountId: 'A1',
      offeringId: 'O',
      units,
      amount,
      paymentMethod: 'ACH',
      status,
      createdAt: '',
    });
    const holdings = holdingsOf('A1', [
      order('1', 'created', 1_000, 1),
      order('2', 'funded', 2_500, 2),
      order('3', 'settled', 10_000, 10),
      order('4', 'settled', 5, 1),
      order('5', 'canceled', 99_999, 9),
      order('6', 'unwind_settled', 77_777, 7),
    ]);
    expect(holdings.totals).toEqual({ created: 1_000, funded: 2_500, settled: 10_005, settledUnits: 11 });
    expect(holdings.bids).toHaveLength(6);
  });
});

describe('paying an order (payOrder)', () => {
  const placed: InvestmentOrder = {
    tradeId: '7',
    accountId: 'A1',
    offeringId: 'O',
    units: 5,
    amount: 5_000,
    paymentMethod: 'ACH',
    status: 'created',
    createdAt: '',
  };
  const payment = { tradeId: '7', method: 'ACH' as const, amount: 5_000, description: 'x', ipAddress: 'ip' };
  const refusal = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return error instanceof InvestingError ? error.reason : 'not an InvestingError';
    }
    return null;
  };

  it("caps one move at Transact's $100,000.00 by ACH and $5,000.00 on a card, in whole cents", () => {
    expect(fundMoveProblem('ACH', 10_000_000)).toBeNull();
    expect(fundMoveProblem('ACH', 10_000_001)).toBe('an ACH debit takes at most $100,000.00');
    expect(fundMoveProblem('CREDITCARD', 500_000)).toBeNull();
    expect(fundMoveProblem('CREDITCARD', 500_001)).toBe('a card payment takes at most $5,000.00');
    expect(fundMoveProblem('ACH', 0)).toBe('the amount must be whole cents above 0');
    expect(fundMoveProblem('ACH', 10.5)).toBe('the amount must be whole cents above 0');
  });

  it('pays only an order just placed, for its own amount', () => {
    expect(refusal(() => assertPayable('s', placed, payment))).toBeNull();
    expect(refusal(() => assertPayable('s', placed, { ...payment, amount: 4_999 }))).toBe('invalid');
    for (const status of ['funded', 'settled', 'canceled'] as const)
      expect(refusal(() => assertPayable('s', { ...placed, status }, payment))).toBe('invalid_transition');
    const big = { ...placed, amount: 600_000 };
    expect(refusal(() => assertPayable('s', big, { ...payment, amount: 600_000 }))).toBeNull();
    expect(
      refusal(() => assertPayable('s', big, { ...payment, method: 'CREDITCARD', amount: 600_000 })),
    ).toBe('invalid');
  });
});

describe('input refused before the service is asked', () => {
  it('checks ABA routing numbers by their checksum', () => {
    expect(abaRoutingValid('021000021')).toBe(true);
    expect(abaRoutingValid('011000015')).toBe(true);
    expect(abaRoutingValid('021000022')).toBe(false);
    expect(abaRoutingValid('02100002')).toBe(false);
  });

  it('names what is wrong with bank details, never echoing the account number', () => {
    const bank = {
      holderName: 'Ann',
      nickname: 'Checking',
      routingNumber: '021000021',
      accountNumber: '123456789',
      accountType: 'checking' as const,
      ipAddress: '203.0.113.7',
    };
    expect(bankProblem(bank)).toBeNull();
    expect(bankProblem({ ...bank, accountNumber: '12' })).toBe('the account number must be 4 to 17 digits');
    expect(bankProblem({ ...bank, accountNumber: '12a456' })).not.toContain('12a456');
  });

  it('takes Visa, Mastercard and Discover cards passing Luhn, never AmEx', () => {
    const card = {
      nameOnCard: 'Ann',
      number: '4242424242424242',
      expMonth: 1,
      expYear: 2030,
      cvc: '123',
      ipAddress: 'x',
    };
    expect(cardCheck(card)).toEqual({ ok: true, brand: 'visa' });
    expect(cardCheck({ ...card, number: '6011 1111 1111 1117' })).toEqual({ ok: true, brand: 'discover' });
    expect(cardCheck({ ...card, number: '378282246310005' })).toEqual({
      ok: false,
      problem: 'amex cards are not taken',
    });
    expect(cardCheck({ ...card, number: '4242424242424241' })).toMatchObject({ ok: false });
    expect(cardCheck({ ...card, expMonth: 13 })).toMatchObject({ ok: false });
    expect(cardCheck({ ...card, cvc: '12' })).toMatchObject({ ok: false });
  });

  it("requires what Transact's createParty requires", () => {
    const ann = {
      firstName: 'Ann',
      lastName: 'Investor',
      email: 'ann@example.com',
      dateOfBirth: '1980-04-11',
      domicile: 'us_citizen' as const,
      address: { address1: '1 Main St', city: 'Chicago', state: 'IL', zip: '60606', country: 'USA' },
    };
    expect(individualProblem(ann)).toBeNull();
    expect(individualProblem({ ...ann, dateOfBirth: '04/11/1980' })).toBe(
      'the date of birth must be YYYY-MM-DD',
    );
    expect(individualProblem({ ...ann, address: { ...ann.address, state: 'Illinois' } })).toContain(
      'two letters',
    );
    expect(individualProblem({ ...ann, address: { ...ann.address, state: 'NOUS' } })).toBeNull();
    expect(individualProblem({ ...ann, ssn: '12-345' })).toBe('the SSN is not valid');
  });
});

describe("Transact's vocabulary", () => {
  it('reads KYC and AML together: approved only when both are, disapproved when either is', () => {
    expect(kycOfTransact('Auto Approved', 'Manually Approved')).toBe('approved');
    expect(kycOfTransact('APPROVED', 'APPROVED')).toBe('approved');
    expect(kycOfTransact('Auto Approved', 'Pending')).toBe('pending');
    expect(kycOfTransact(null, null)).toBe('pending');
    expect(kycOfTransact('Disapproved', 'Auto Approved')).toBe('disapproved');
    expect(kycOfTransact('Auto Approved', 'Disapproved')).toBe('disapproved');
  });

  it('counts only a verified accreditation', () => {
    expect(accreditationOfTransact('Verified Accredited')).toBe('accredited');
    expect(accreditationOfTransact('Self Accredited')).toBe('pending');
    expect(accreditationOfTransact('pending')).toBe('pending');
    expect(accreditationOfTransact('Not Accredited')).toBe('not_accredited');
    expect(accreditationOfTransact(undefined)).toBe('pending');
  });

  it('maps trade statuses both ways, unknown ones to undefined', () => {
    for (const status of investmentOrderStatuses)
      expect(orderStatusOfTransact(transactOrderStatus(status))).toBe(status);
    expect(transactOrderStatus('unwind_pending')).toBe('UNWIND PENDING');
    expect(orderStatusOfTransact('UNWIND_SETTLED')).toBe('unwind_settled');
    expect(orderStatusOfTransact('PARTIALLY FUNDED')).toBeUndefined();
  });

  it('maps status codes to the port’s reasons', () => {
    expect(failureOfCode('103')).toBe('unauthorized');
    expect(failureOfCode('106')).toBe('invalid');
    expect(failureOfCode('116')).toBe('conflict');
    expect(failureOfCode('190')).toBe('invalid_transition');
    for (const code of ['135', '138', '148', '149', '152', '188', '189', '198', '233'])
      expect(failureOfCode(code), code).toBe('not_found');
    expect(failureOfCode('999')).toBe('refused');
  });

  it('writes and reads its dates, amounts, expiries and document titles', () => {
    expect(transactDate('1980-04-11')).toBe('04-11-1980');
    expect(isoDateOfTransact('04-11-1980')).toBe('1980-04-11');
    expect(centsOfTransact('2500.55')).toBe(250_055);
    expect(centsOfTransact('2.000000')).toBe(200);
    expect(centsOfTransact('nonsense')).toBe(0);
    expect(transactExpiry(7, 2031)).toBe('0731');
    expect(expiryOfTransact('0731')).toEqual({ expMonth: 7, expYear: 2031 });
    expect(titleOfTransact('documentTitle0="Not_Magic.pdf"')).toBe('Not_Magic.pdf');
    expect(titleOfTransact('test-document-0.pdf')).toBe('test-document-0.pdf');
  });
});

describe('the sandbox decisions', () => {
  it('decides KYC by the last name', () => {
    expect(kycDecision('Investor')).toEqual({ kyc: 'approved', aml: 'approved' });
    expect(kycDecision('McReview')).toEqual({ kyc: 'pending', aml: 'approved' });
    expect(kycDecision('Disapproved')).toEqual({ kyc: 'disapproved', aml: 'approved' });
  });

  it("decides accreditation by North Capital's file names, the latest magic one winning", () => {
    expect(accreditationDecision([])).toEqual({ accreditation: 'pending', requestStatus: 'Pending' });
    expect(accreditationDecision(['Test_Approved_Assets.pdf'])).toEqual({
      accreditation: 'accredited',
      requestStatus: 'Approved',
    });
    expect(accreditationDecision(['Test_Approved_All.pdf', 'Test_Rejected.jpg', 'letter.pdf'])).toEqual({
      accreditation: 'not_accredited',
      requestStatus: 'Rejected',
    });
    expect(accreditationDecision(['Test_Need_Info.pdf'])).toEqual({
      accreditation: 'pending',
      requestStatus: 'Need More Info',
    });
  });
});
