import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { INVESTORS, type InvestorDocument, investorsProjection } from './project.ts';
import { offeringTotals, staffOrders } from './totals.ts';

const onboarded = (name: string, owners: { partyId: string; name: string }[], kind = 'entity') => ({
  kind,
  name,
  provider: 'sandbox',
  accountId: `A-${name}`,
  ...(kind === 'entity' && { entityId: `E-${name}` }),
  owners: owners.map((o) => ({ ...o, kyc: 'approved' })),
});
const ordered = (tradeId: string, units: number, at: string, offeringId = '55591') => ({
  tradeId,
  offeringId,
  units,
  amount: units * 1_000,
  at,
});

/**
 * Two investors: a trust with two owners (one corrected to a disapproved check) and a third added after
 * onboarding, pending its check; and an individual.
 */
function history() {
  const record = eventRecorder();
  return [
    record(
      'investor-u1',
      'InvestorOnboarded',
      onboarded('Cellar Trust', [
        { partyId: 'P1', name: 'Ada Owner' },
        { partyId: 'P2', name: 'Ben Owner' },
      ]),
    ),
    record(
      'investor-u2',
      'InvestorOnboarded',
      onboarded('Ivy Investor', [{ partyId: 'P3', name: 'Ivy Investor' }], 'individual'),
    ),
    record('investor-u1', 'InvestorPartyUpdated', {
      partyId: 'P2',
      name: 'Ben Disapprove',
      changed: ['name'],
      kyc: 'disapproved',
    }),
    record('investor-u1', 'InvestorOwnerAdded', { partyId: 'P4', name: 'Cy Review', kyc: 'pending' }),
    record('investor-u2', 'InvestorPartyUpdated', {
      partyId: 'P3',
      name: 'Ivy Vintner',
      changed: ['name', 'address'],
      kyc: 'approved',
    }),
    record('investor-u2', 'InvestorBankLinked', {
      holderName: 'Ivy',
      accountLast4: '6789',
      accountType: 'checking',
    }),
    record('investor-u2', 'InvestorBankUpdated', {
      holderName: 'Ivy',
      accountLast4: '4321',
      accountType: 'savings',
    }),
    record('investor-u1', 'InvestorBankLinked', {
      holderName: 'Trust',
      accountLast4: '1111',
      accountType: 'checking',
    }),
    record('investor-u1', 'InvestorBankUnlinked', { accountLast4: '1111' }),
    record('investor-u1', 'InvestmentOrdered', ordered('101', 5, '2026-11-22T12:10:00.000Z')),
    record('investor-u2', 'InvestmentOrdered', ordered('102', 3, '2026-11-22T12:20:00.000Z')),
    record('investor-u2', 'InvestmentOrdered', ordered('103', 2, '2026-11-22T12:30:00.000Z')),
    record('investor-u2', 'InvestmentOrdered', ordered('104', 7, '2026-11-22T12:40:00.000Z', '77777')),
    record('investor-u2', 'InvestmentOrderMoved', { tradeId: '102', status: 'funded' }),
    record('investor-u2', 'InvestmentOrderMoved', { tradeId: '102', status: 'settled' }),
    record('investor-u2', 'InvestmentOrderMoved', { tradeId: '103', status: 'canceled' }),
    record('investor-u2', 'InvestmentPaymentStarted', {
      tradeId: '104',
      paymentId: 'IP-104',
      method: 'ach',
      amount: 7_000,
      at: '2026-11-22T12:45:00.000Z',
    }),
    record('investor-u2', 'InvestmentPaid', {
      tradeId: '104',
      paymentId: 'IP-104',
      method: 'ach',
      amount: 7_000,
      reference: 'R-104',
      fundStatus: 'Pending',
      transactionStatus: 'Pending',
      at: '2026-11-22T12:46:00.000Z',
    }),
  ];
}

const byId = async (docs: Awaited<ReturnType<typeof applyEvents>>) => {
  const rows = await docs.collection<InvestorDocument>(INVESTORS).find({}, { sort: { _id: 1 } });
  return rows;
};

describe('the investors read model (issue 35 §3)', () => {
  it("follows a corrected party's name and check, an added owner, the bank's last four, and each order's facts", async () => {
    const docs = await applyEvents([investorsProjection], history());
    const [trust, ivy] = await byId(docs);
    expect(trust).toMatchObject({
      name: 'Cellar Trust',
      owners: [
        { party_id: 'P1', name: 'Ada Owner', kyc: 'approved' },
        { party_id: 'P2', name: 'Ben Disapprove', kyc: 'disapproved' },
        { party_id: 'P4', name: 'Cy Review', kyc: 'pending' },
      ],
      bank_last4: null,
    });
    expect(ivy).toMatchObject({
      name: 'Ivy Vintner',
      owners: [{ party_id: 'P3', name: 'Ivy Vintner', kyc: 'approved' }],
      bank_last4: '4321',
    });
    expect(ivy?.orders['102']).toEqual({
      trade_id: '102',
      offering_id: '55591',
      units: 3,
      amount: 3_000,
      status: 'settled',
      at: '2026-11-22T12:20:00.000Z',
    });
  });

  it('is idempotent when the events are applied twice', async () => {
    const events = history();
    const docs = await applyEvents([investorsProjection], events);
    const once = await byId(docs);
    await applyEvents([investorsProjection], events, docs);
    expect(await byId(docs)).toEqual(once);
  });

  it("lists every investor's orders newest first, and each offering's total by status, cancelled in none", async () => {
    const rows = await byId(await applyEvents([investorsProjection], history()));
    expect(staffOrders(rows).map((o) => [o.trade_id, o.user_id, o.name, o.status])).toEqual([
      ['104', 'u2', 'Ivy Vintner', 'created'],
      ['103', 'u2', 'Ivy Vintner', 'canceled'],
      ['102', 'u2', 'Ivy Vintner', 'settled'],
      ['101', 'u1', 'Cellar Trust', 'created'],
    ]);
    // The investor paid order 104 by ACH: staff see North Capital's reference and the fund move's status.
    expect(staffOrders(rows).map((o) => o.payment)).toEqual([
      {
        method: 'ach',
        amount: 7_000,
        reference: 'R-104',
        fund_status: 'Pending',
        paid_at: '2026-11-22T12:46:00.000Z',
      },
      null,
      null,
      null,
    ]);
    expect(offeringTotals(rows)).toEqual([
      {
        offering_id: '55591',
        investors: 2,
        orders: 2,
        created: 5_000,
        funded: 0,
        settled: 3_000,
        settled_units: 3,
      },
      {
        offering_id: '77777',
        investors: 1,
        orders: 1,
        created: 7_000,
        funded: 0,
        settled: 0,
        settled_units: 0,
      },
    ]);
  });

  it('reads an order projected before orders kept their facts by its key, until a rebuild', () => {
    const old = {
      _id: 'u9',
      kind: 'individual' as const,
      name: 'Old Investor',
      owners: [],
      accreditation: 'accredited',
      bank_last4: null,
      orders: { '900': { amount: 1_000, status: 'funded' } },
      onboarded_at: '2026-01-01T00:00:00.000Z',
      _position: '1',
    };
    expect(staffOrders([old])).toEqual([
      {
        user_id: 'u9',
        name: 'Old Investor',
        trade_id: '900',
        offering_id: '',
        units: 0,
        amount: 1_000,
        status: 'funded',
        at: '2026-01-01T00:00:00.000Z',
        payment: null,
      },
    ]);
  });
});
