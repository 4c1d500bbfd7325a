import type { InvestorEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { cardExpired, investorDecider, investorMayInvest } from './investor.ts';

const spec = deciderSpec(investorDecider);
const at = '2026-11-22T12:00:00.000Z';

const individual: InvestorEvent = {
  type: 'InvestorOnboarded',
  data: {
    kind: 'individual',
    name: 'Ivy Investor',
    provider: 'sandbox',
    accountId: 'A1',
    owners: [{ partyId: 'P1', name: 'Ivy Investor', kyc: 'approved' }],
  },
};
const entity: InvestorEvent = {
  type: 'InvestorOnboarded',
  data: {
    kind: 'entity',
    name: 'Cellar Trust',
    provider: 'sandbox',
    accountId: 'A2',
    entityId: 'E2',
    owners: [
      { partyId: 'P2', name: 'Ada Owner', kyc: 'approved' },
      { partyId: 'P3', name: 'Ben Owner', kyc: 'approved' },
    ],
  },
};
const accredited: InvestorEvent = { type: 'InvestorAccreditationChecked', data: { status: 'accredited' } };
const ordered = (tradeId: string): InvestorEvent => ({
  type: 'InvestmentOrdered',
  data: { tradeId, offeringId: '55591', units: 5, amount: 5_000, at },
});
const moved = (tradeId: string, status: 'funded' | 'settled' | 'canceled'): InvestorEvent => ({
  type: 'InvestmentOrderMoved',
  data: { tradeId, status },
});
const bankLinked: InvestorEvent = {
  type: 'InvestorBankLinked',
  data: { holderName: 'Ivy Investor', accountLast4: '6789', accountType: 'checking' },
};
const cardLinked: InvestorEvent = { type: 'InvestorCardLinked', data: { brand: 'visa', last4: '4242' } };
const ready = [individual, accredited];
const fold = (events: InvestorEvent[]) =>
  events.reduce(investorDecider.evolve, investorDecider.initialState());

describe("an investor's corrected party (updateIndividual)", () => {
  it('records which details changed and the KYC run again, never the values', () => {
    const update = {
      partyId: 'P1',
      name: 'Ivy Investor',
      changed: ['address' as const],
      kyc: 'approved' as const,
    };
    spec([individual])
      .when({ type: 'UpdateParty', update })
      .then([{ type: 'InvestorPartyUpdated', data: update }]);
  });

  it('refuses a party that is not one of the owners', () => {
    spec([individual])
      .when({
        type: 'UpdateParty',
        update: { partyId: 'P9', name: 'Someone Else', changed: ['name'], kyc: 'approved' },
      })
      .thenThrows({ code: 'NOT_FOUND' });
  });

  it('closes the money when the check run again on the corrected party is not approved', () => {
    const corrected: InvestorEvent = {
      type: 'InvestorPartyUpdated',
      data: { partyId: 'P3', name: 'Ben Disapprove', changed: ['name'], kyc: 'disapproved' },
    };
    expect(investorMayInvest(fold([entity, accredited]))).toBe(true);
    const state = fold([entity, accredited, corrected]);
    expect(investorMayInvest(state)).toBe(false);
    expect(state.status === 'onboarded' && state.profile.owners.map((o) => o.name)).toEqual([
      'Ada Owner',
      'Ben Disapprove',
    ]);
    // An entity keeps its name; an individual is named after their corrected party.
    expect(state.status === 'onboarded' && state.profile.name).toBe('Cellar Trust');
    const renamed = fold([
      individual,
      {
        type: 'InvestorPartyUpdated',
        data: { partyId: 'P1', name: 'Ivy Vintner', changed: ['name'], kyc: 'approved' },
      },
    ]);
    expect(renamed.status === 'onboarded' && renamed.profile.name).toBe('Ivy Vintner');
  });
});

describe("an entity's owner added after onboarding (linkEntityOwner)", () => {
  const cy = { partyId: 'P4', name: 'Cy Owner', kyc: 'approved' as const };
  const added = (partyId: string, kyc: 'pending' | 'approved' = 'approved'): InvestorEvent => ({
    type: 'InvestorOwnerAdded',
    data: { partyId, name: `Owner ${partyId}`, kyc },
  });

  it('is recorded as onboarding keeps an owner: party id, name and check', () => {
    spec([entity])
      .when({ type: 'AddOwner', owner: cy })
      .then([{ type: 'InvestorOwnerAdded', data: cy }]);
    const state = fold([entity, added('P4')]);
    expect(state.status === 'onboarded' && state.profile.owners.map((o) => o.partyId)).toEqual([
      'P2',
      'P3',
      'P4',
    ]);
    // The same party recorded again (a retried step) is no second owner.
    spec([entity, { type: 'InvestorOwnerAdded', data: cy }])
      .when({ type: 'AddOwner', owner: cy })
      .then([]);
  });

  it('is refused past the cap onboarding takes (four owners)', () => {
    spec([entity, added('P4')])
      .when({ type: 'AddOwner', owner: { ...cy, partyId: 'P5' } })
      .then([{ type: 'InvestorOwnerAdded', data: { ...cy, partyId: 'P5' } }]);
    spec([entity, added('P4'), added('P5')])
      .when({ type: 'AddOwner', owner: { ...cy, partyId: 'P6' } })
      .thenThrows({ code: 'INVESTING_REFUSED', message: 'An entity has at most 4 owners' });
  });

  it('is refused to an individual, and before onboarding', () => {
    spec([individual])
      .when({ type: 'AddOwner', owner: cy })
      .thenThrows({ code: 'INVESTING_REFUSED', message: /Only an entity adds owners/ });
    spec([]).when({ type: 'AddOwner', owner: cy }).thenThrows({ code: 'INVESTOR_NOT_ONBOARDED' });
  });

  it('holds new orders while the added owner’s check is pending, and opens them once approved', () => {
    const pending = added('P4', 'pending');
    const order = {
      type: 'RecordOrder' as const,
      tradeId: 'T1',
      offeringId: '55591',
      units: 5,
      amount: 5_000,
      at,
    };
    expect(investorMayInvest(fold([entity, accredited]))).toBe(true);
    expect(investorMayInvest(fold([entity, accredited, pending]))).toBe(false);
    spec([entity, accredited, pending]).when(order).thenThrows({ code: 'INVESTOR_NOT_APPROVED' });
    const approved: InvestorEvent = {
      type: 'InvestorPartyUpdated',
      data: { partyId: 'P4', name: 'Owner P4', changed: ['name'], kyc: 'approved' },
    };
    spec([entity, accredited, pending, approved])
      .when(order)
      .then([ordered('T1')]);
  });
});

describe('the suitability answers (calculateSuitability)', () => {
  const answers = {
    riskProfile: 3,
    investmentExperience: 2,
    privateOfferingExperience: 1,
    objective: 'growth' as const,
  };

  it('are recorded, and the same answers again record nothing', () => {
    spec([individual])
      .when({ type: 'RecordSuitability', answers })
      .then([{ type: 'InvestorSuitabilityRecorded', data: answers }]);
    spec([individual, { type: 'InvestorSuitabilityRecorded', data: answers }])
      .when({ type: 'RecordSuitability', answers: { ...answers } })
      .then([]);
    spec([individual, { type: 'InvestorSuitabilityRecorded', data: answers }])
      .when({ type: 'RecordSuitability', answers: { ...answers, riskProfile: 4 } })
      .then([{ type: 'InvestorSuitabilityRecorded', data: { ...answers, riskProfile: 4 } }]);
  });

  it('are refused before onboarding', () => {
    spec([]).when({ type: 'RecordSuitability', answers }).thenThrows({ code: 'INVESTOR_NOT_ONBOARDED' });
  });
});

describe("an entity's documents (uploadEntityDocument)", () => {
  const document = {
    type: 'RecordEntityDocument' as const,
    documentId: 'D1',
    fileName: 'trust.pdf',
    bytes: 10,
    at,
  };

  it('are an entity investor’s only, each recorded once', () => {
    spec([individual])
      .when(document)
      .thenThrows({ code: 'INVESTING_REFUSED', message: /entity/ });
    spec([entity])
      .when(document)
      .then([
        {
          type: 'InvestorEntityDocumentUploaded',
          data: { documentId: 'D1', fileName: 'trust.pdf', bytes: 10, at },
        },
      ]);
    spec([
      entity,
      {
        type: 'InvestorEntityDocumentUploaded',
        data: { documentId: 'D1', fileName: 'trust.pdf', bytes: 10, at },
      },
    ])
      .when(document)
      .then([]);
  });
});

describe('the bank account (linkExternalAccount, updateLinkExternalAccount, deleteExternalAccount)', () => {
  const facts = { holderName: 'Ivy Investor', accountLast4: '1111', accountType: 'savings' as const };

  it('is linked once, then changed, never linked twice', () => {
    spec([individual])
      .when({ type: 'RecordBank', ...facts })
      .then([{ type: 'InvestorBankLinked', data: facts }]);
    spec([individual, bankLinked])
      .when({ type: 'RecordBank', ...facts })
      .thenThrows({ code: 'INVESTING_REFUSED' });
    spec([individual, bankLinked])
      .when({ type: 'UpdateBank', ...facts })
      .then([{ type: 'InvestorBankUpdated', data: facts }]);
    spec([individual])
      .when({ type: 'UpdateBank', ...facts })
      .thenThrows({ code: 'NOT_FOUND' });
  });

  it('is unlinked (its last four recorded) only while no placed order waits for its money', () => {
    spec([individual, bankLinked])
      .when({ type: 'UnlinkBank' })
      .then([{ type: 'InvestorBankUnlinked', data: { accountLast4: '6789' } }]);
    spec([...ready, bankLinked, ordered('T1')])
      .when({ type: 'UnlinkBank' })
      .thenThrows({ code: 'INVESTING_REFUSED', message: /cancel it first/ });
    spec([...ready, bankLinked, ordered('T1'), moved('T1', 'canceled')])
      .when({ type: 'UnlinkBank' })
      .then([{ type: 'InvestorBankUnlinked', data: { accountLast4: '6789' } }]);
    spec([individual]).when({ type: 'UnlinkBank' }).thenThrows({ code: 'NOT_FOUND' });
    expect(
      fold([individual, bankLinked, { type: 'InvestorBankUnlinked', data: { accountLast4: '6789' } }]),
    ).toMatchObject({
      bank: null,
    });
  });
});

describe('the card for investing (addCreditCard, updateCreditCard, deleteCreditCard)', () => {
  it('records its brand and last four only, linked once, changed or removed when there is one', () => {
    spec([individual])
      .when({ type: 'LinkCard', brand: 'visa', last4: '4242' })
      .then([{ type: 'InvestorCardLinked', data: { brand: 'visa', last4: '4242' } }]);
    spec([individual, cardLinked])
      .when({ type: 'LinkCard', brand: 'mastercard', last4: '4444' })
      .thenThrows({ code: 'INVESTING_REFUSED' });
    spec([individual, cardLinked])
      .when({ type: 'UpdateCard', brand: 'mastercard', last4: '4444' })
      .then([{ type: 'InvestorCardUpdated', data: { brand: 'mastercard', last4: '4444' } }]);
    spec([individual])
      .when({ type: 'UpdateCard', brand: 'visa', last4: '4242' })
      .thenThrows({ code: 'NOT_FOUND' });
    spec([individual, cardLinked])
      .when({ type: 'UnlinkCard' })
      .then([{ type: 'InvestorCardUnlinked', data: { last4: '4242' } }]);
    spec([individual]).when({ type: 'UnlinkCard' }).thenThrows({ code: 'NOT_FOUND' });
  });

  it('is expired after its expiry month, by the server clock', () => {
    const now = new Date('2026-11-22T12:00:00.000Z');
    expect(cardExpired(11, 2026, now)).toBe(false);
    expect(cardExpired(10, 2026, now)).toBe(true);
    expect(cardExpired(1, 2027, now)).toBe(false);
    expect(cardExpired(12, 2025, now)).toBe(true);
  });
});

describe("an order's settlement (updateSettlement) and its documents (resendDocuSign)", () => {
  it('is funded only from placed, while the investor may invest; settled only once funded', () => {
    spec([...ready, ordered('T1')])
      .when({ type: 'RecordOrderMove', tradeId: 'T1', status: 'funded' })
      .then([moved('T1', 'funded')]);
    spec([...ready, ordered('T1'), moved('T1', 'funded')])
      .when({ type: 'RecordOrderMove', tradeId: 'T1', status: 'settled' })
      .then([moved('T1', 'settled')]);
    spec([...ready, ordered('T1')])
      .when({ type: 'RecordOrderMove', tradeId: 'T1', status: 'settled' })
      .thenThrows({ code: 'INVESTING_REFUSED', message: /Only a funded order/ });
    spec([...ready, ordered('T1'), moved('T1', 'funded'), moved('T1', 'settled')])
      .when({ type: 'RecordOrderMove', tradeId: 'T1', status: 'funded' })
      .thenThrows({ code: 'INVESTING_REFUSED', message: /Only an order just placed/ });
    spec([...ready, ordered('T1'), moved('T1', 'canceled')])
      .when({ type: 'RecordOrderMove', tradeId: 'T1', status: 'funded' })
      .thenThrows({ code: 'INVESTING_REFUSED' });
    spec([...ready, ordered('T1'), moved('T1', 'funded')])
      .when({ type: 'RecordOrderMove', tradeId: 'T1', status: 'canceled' })
      .thenThrows({ code: 'INVESTING_REFUSED' });
    spec(ready)
      .when({ type: 'RecordOrderMove', tradeId: 'T9', status: 'funded' })
      .thenThrows({ code: 'TRADE_NOT_FOUND' });
  });

  it('changes nothing when the order is already where it is asked to be', () => {
    spec([...ready, ordered('T1'), moved('T1', 'funded')])
      .when({ type: 'RecordOrderMove', tradeId: 'T1', status: 'funded' })
      .then([]);
  });

  it('moves no money into escrow once an owner’s check no longer holds (the one money rule)', () => {
    const disapproved: InvestorEvent = {
      type: 'InvestorPartyUpdated',
      data: { partyId: 'P1', name: 'Ivy Disapprove', changed: ['name'], kyc: 'disapproved' },
    };
    spec([...ready, ordered('T1'), disapproved])
      .when({ type: 'RecordOrderMove', tradeId: 'T1', status: 'funded' })
      .thenThrows({ code: 'INVESTOR_NOT_APPROVED' });
    // Settling what is already in escrow is the issuer's release, not a new movement of the investor's money.
    spec([...ready, ordered('T1'), moved('T1', 'funded'), disapproved])
      .when({ type: 'RecordOrderMove', tradeId: 'T1', status: 'settled' })
      .then([moved('T1', 'settled')]);
  });

  it('sends the documents again for an open order only', () => {
    spec([...ready, ordered('T1')])
      .when({ type: 'ResendDocuments', tradeId: 'T1', at })
      .then([{ type: 'InvestmentDocumentsResent', data: { tradeId: 'T1', at } }]);
    spec([...ready, ordered('T1'), moved('T1', 'funded')])
      .when({ type: 'ResendDocuments', tradeId: 'T1', at })
      .then([{ type: 'InvestmentDocumentsResent', data: { tradeId: 'T1', at } }]);
    for (const final of ['settled', 'canceled'] as const) {
      const history =
        final === 'settled' ? [moved('T1', 'funded'), moved('T1', 'settled')] : [moved('T1', 'canceled')];
      spec([...ready, ordered('T1'), ...history])
        .when({ type: 'ResendDocuments', tradeId: 'T1', at })
        .thenThrows({ code: 'INVESTING_REFUSED', message: /not yet settled or cancelled/ });
    }
    spec(ready).when({ type: 'ResendDocuments', tradeId: 'T9', at }).thenThrows({ code: 'TRADE_NOT_FOUND' });
  });
});

describe("an order's payment through North Capital (northcapital_payment)", () => {
  const now = new Date(at);
  const later = (ms: number) => new Date(now.getTime() + ms);
  const start = (paymentId: string, method: 'ach' | 'card' = 'ach', when = now) =>
    ({ type: 'StartPayment', tradeId: 'T1', paymentId, method, now: when }) as const;
  const started = (paymentId: string, method: 'ach' | 'card' = 'ach', when = at): InvestorEvent => ({
    type: 'InvestmentPaymentStarted',
    data: { tradeId: 'T1', paymentId, method, amount: 5_000, at: when },
  });
  const paidData = {
    tradeId: 'T1',
    paymentId: 'pay-1',
    method: 'ach' as const,
    amount: 5_000,
    reference: '200123',
    fundStatus: 'Pending',
    transactionStatus: 'Pending',
    at,
  };
  const paid: InvestorEvent = { type: 'InvestmentPaid', data: paidData };
  const placed = [...ready, bankLinked, cardLinked, ordered('T1')];

  it("starts for the order's own amount, by a way the investor linked", () => {
    spec(placed)
      .when(start('pay-1'))
      .then([started('pay-1')]);
    spec(placed)
      .when(start('pay-1', 'card'))
      .then([started('pay-1', 'card')]);
    spec([...ready, ordered('T1')])
      .when(start('pay-1'))
      .thenThrows({ code: 'NOT_FOUND', message: /No bank account/ });
    spec([...ready, bankLinked, ordered('T1')])
      .when(start('pay-1', 'card'))
      .thenThrows({ code: 'NOT_FOUND', message: /No card/ });
    spec(placed)
      .when({ ...start('pay-1'), tradeId: 'T9' })
      .thenThrows({ code: 'TRADE_NOT_FOUND' });
  });

  it('holds the order for its payment: a retry of it goes on, another waits until it is stale', () => {
    spec([...placed, started('pay-1')])
      .when(start('pay-1'))
      .then([]);
    spec([...placed, started('pay-1')])
      .when(start('pay-2'))
      .thenThrows({ code: 'PAYMENT_IN_PROGRESS' });
    spec([...placed, started('pay-1')])
      .when(start('pay-2', 'ach', later(5 * 60_000)))
      .then([started('pay-2', 'ach', later(5 * 60_000).toISOString())]);
  });

  it('pays an order once: paid, funded or settled is INVESTMENT_PAID; cancelled is not payable', () => {
    spec([...placed, started('pay-1'), paid])
      .when(start('pay-2'))
      .thenThrows({ code: 'INVESTMENT_PAID' });
    spec([...placed, moved('T1', 'funded')])
      .when(start('pay-1'))
      .thenThrows({ code: 'INVESTMENT_PAID' });
    spec([...placed, moved('T1', 'canceled')])
      .when(start('pay-1'))
      .thenThrows({ code: 'INVESTING_REFUSED', message: /Only an order just placed can be paid/ });
  });

  it('moves no money once an owner’s check no longer holds (the money rule)', () => {
    const disapproved: InvestorEvent = {
      type: 'InvestorPartyUpdated',
      data: { partyId: 'P1', name: 'Ivy Disapprove', changed: ['name'], kyc: 'disapproved' },
    };
    spec([...placed, disapproved])
      .when(start('pay-1'))
      .thenThrows({ code: 'INVESTOR_NOT_APPROVED' });
  });

  it("records North Capital's answer once, whichever payment's answer comes first", () => {
    spec([...placed, started('pay-1')])
      .when({ type: 'RecordPayment', ...paidData })
      .then([paid]);
    spec([...placed, started('pay-1'), paid])
      .when({ type: 'RecordPayment', ...paidData, paymentId: 'pay-2' })
      .then([]);
    const state = fold([...placed, started('pay-1'), paid]);
    expect(state.status === 'onboarded' && state.orders.T1?.payment).toEqual({ status: 'paid', ...paidData });
  });

  it('frees the order when the service refused that payment, and keeps a paid one from being cancelled', () => {
    const failed: InvestorEvent = {
      type: 'InvestmentPaymentFailed',
      data: { tradeId: 'T1', paymentId: 'pay-1', reason: 'refused' },
    };
    spec([...placed, started('pay-1')])
      .when({ type: 'FailPayment', tradeId: 'T1', paymentId: 'pay-1', reason: 'refused' })
      .then([failed]);
    spec([...placed, started('pay-2')])
      .when({ type: 'FailPayment', tradeId: 'T1', paymentId: 'pay-1', reason: 'refused' })
      .then([]);
    spec([...placed, started('pay-1'), failed])
      .when(start('pay-2'))
      .then([started('pay-2')]);
    spec([...placed, started('pay-1')])
      .when({ type: 'RecordOrderMove', tradeId: 'T1', status: 'canceled' })
      .thenThrows({ code: 'INVESTING_REFUSED', message: /paid: it can no longer be cancelled/ });
    spec([...placed, started('pay-1'), paid])
      .when({ type: 'RecordOrderMove', tradeId: 'T1', status: 'funded' })
      .then([moved('T1', 'funded')]);
  });
});
