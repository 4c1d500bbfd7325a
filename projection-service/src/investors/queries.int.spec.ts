import { actions } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { usersProjection } from '../users/project.ts';
import { investorsProjection } from './project.ts';
import { investorQueries } from './queries.ts';

const by = { actor: { kind: 'user' as const, id: 'ada' } };

/** An admin, a finance clerk and an investor with two orders (one settled), as the log has them. */
async function investors() {
  const record = eventRecorder('2026-11-22T12:00:00.000Z');
  const docs = await applyEvents(
    [usersProjection, investorsProjection],
    [
      record('user-ada', 'UserRegistered', registered('ada', 'Ada', 'Admin')),
      record('user-ada', 'RoleGranted', { role: 'admin' }, by),
      record('user-fin', 'UserRegistered', registered('fin', 'Fin', 'Ance')),
      record('user-fin', 'RoleGranted', { role: 'finance' }, by),
      record('user-ivy', 'UserRegistered', registered('ivy', 'Ivy', 'Investor')),
      record('investor-ivy', 'InvestorOnboarded', {
        kind: 'individual',
        name: 'Ivy Investor',
        provider: 'sandbox',
        accountId: 'A1',
        owners: [{ partyId: 'P1', name: 'Ivy Investor', kyc: 'approved' }],
      }),
      record('investor-ivy', 'InvestmentOrdered', {
        tradeId: '101',
        offeringId: '55591',
        units: 4,
        amount: 4_000,
        at: '2026-11-22T12:10:00.000Z',
      }),
      record('investor-ivy', 'InvestmentOrdered', {
        tradeId: '102',
        offeringId: '55591',
        units: 2,
        amount: 2_000,
        at: '2026-11-22T12:20:00.000Z',
      }),
      record('investor-ivy', 'InvestmentOrderMoved', { tradeId: '101', status: 'funded' }),
      record('investor-ivy', 'InvestmentOrderMoved', { tradeId: '101', status: 'settled' }),
      record('user-max', 'UserRegistered', registered('max', 'Max', 'Investor')),
      record('investor-max', 'InvestorOnboarded', {
        kind: 'individual',
        name: 'Max Investor',
        provider: 'sandbox',
        accountId: 'A2',
        owners: [{ partyId: 'P2', name: 'Max Investor', kyc: 'approved' }],
      }),
      record('investor-max', 'InvestmentOrdered', {
        tradeId: '201',
        offeringId: '55591',
        units: 1,
        amount: 1_000,
        at: '2026-11-22T12:30:00.000Z',
      }),
      record('user-zed', 'UserRegistered', registered('zed', 'Zed', 'Buyer')),
    ],
  );
  const served = await queryApp(investorQueries, docs, manualClock('2026-11-29T12:00:00.000Z'));
  return {
    ...served,
    ada: await served.signIn('ada'),
    fin: await served.signIn('fin'),
    ivy: await served.signIn('ivy'),
    zed: await served.signIn('zed'),
  };
}

describe("the investors' orders and each offering's total, for finance and admins", () => {
  it('lists the orders newest first with whose they are, and the offering’s total (getStAssetTotal)', async () => {
    const { post, ada, fin } = await investors();
    const orders = await post(actions.adminInvestmentOrders.path, {}, fin);
    expect(orders.statusCode).toBe(200);
    expect(orders.json().data.responseData).toEqual({
      records: [
        {
          user_id: 'max',
          name: 'Max Investor',
          trade_id: '201',
          offering_id: '55591',
          units: 1,
          amount: 1_000,
          status: 'created',
          at: '2026-11-22T12:30:00.000Z',
          payment: null,
        },
        {
          user_id: 'ivy',
          name: 'Ivy Investor',
          trade_id: '102',
          offering_id: '55591',
          units: 2,
          amount: 2_000,
          status: 'created',
          at: '2026-11-22T12:20:00.000Z',
          payment: null,
        },
        {
          user_id: 'ivy',
          name: 'Ivy Investor',
          trade_id: '101',
          offering_id: '55591',
          units: 4,
          amount: 4_000,
          status: 'settled',
          at: '2026-11-22T12:10:00.000Z',
          payment: null,
        },
      ],
      totalRecords: 3,
      setDisp: 'Showing 1-3 of 3',
    });
    const everyone = {
      records: [
        {
          offering_id: '55591',
          investors: 2,
          orders: 3,
          created: 3_000,
          funded: 0,
          settled: 4_000,
          settled_units: 4,
        },
      ],
      totalRecords: 1,
      setDisp: 'Showing 1-1 of 1',
    };
    expect((await post(actions.getStAssetTotal.path, {}, ada)).json().data.responseData).toEqual(everyone);
    expect((await post(actions.getStAssetTotal.path, {}, fin)).json().data.responseData).toEqual(everyone);
  });

  it('answers no investor the orders list, nor anyone without a session, and takes no input', async () => {
    const { post, ivy, ada } = await investors();
    expect((await post(actions.adminInvestmentOrders.path, {}, ivy)).statusCode).toBe(403);
    for (const path of [actions.adminInvestmentOrders.path, actions.getStAssetTotal.path]) {
      expect((await post(path, {})).statusCode).toBe(403);
      const extra = await post(path, { offering_id: '55591' }, ada);
      expect([extra.statusCode, extra.json().data.code]).toEqual([400, 'VALIDATION']);
    }
  });
});

describe('getStAssetTotal for an investor (seeds 001 §3 "Investor data: ... asset total")', () => {
  it("answers the investor their own total, never another investor's", async () => {
    const { post, ivy } = await investors();
    const own = await post(actions.getStAssetTotal.path, {}, ivy);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.responseData).toEqual({
      records: [
        {
          offering_id: '55591',
          investors: 1,
          orders: 2,
          created: 2_000,
          funded: 0,
          settled: 4_000,
          settled_units: 4,
        },
      ],
      totalRecords: 1,
      setDisp: 'Showing 1-1 of 1',
    });
  });

  it('answers a signed-in user who never invested no total', async () => {
    const { post, zed } = await investors();
    const none = await post(actions.getStAssetTotal.path, {}, zed);
    expect(none.statusCode).toBe(200);
    expect(none.json().data.responseData).toMatchObject({ records: [], totalRecords: 0 });
  });
});
