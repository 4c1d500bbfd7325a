import {
  actions,
  type CheckoutResult,
  type HistoryExport,
  type LotHistory,
  type StreamHistory,
} from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
let auditor: { token: string };
beforeAll(async () => {
  service = await openTestCommandService();
  auditor = await service.signUp('auditor@history.example', ['auditor']);
});
afterAll(() => service.close());

let n = 0;
async function bidder() {
  n += 1;
  const user = await service.signUp(`bidder${n}@history.example`);
  const { cardId } = await service.addCard(user.token);
  return { ...user, cardId };
}

const history = (input: Record<string, unknown>, token = auditor.token) =>
  service.post<LotHistory>(actions.lotHistory.path, input, { token });

describe('the auditor’s history of a lot', () => {
  it('lists every event in order with who acted, the state after it and what changed', async () => {
    const [ann, bob] = [await bidder(), await bidder()];
    const lot = await service.listLot({ openingBid: 10_000 });
    for (const [who, wsprice] of [
      [ann, 10_000],
      [bob, 11_000],
    ] as const) {
      service.clock.advance(60_000);
      const bid = await service.post(
        actions.bidConfirm.path,
        { id: lot.lotId, wsprice },
        { token: who.token },
      );
      expect(bid.status, bid.body.data.message).toBe(200);
    }
    const answer = await history({ id: lot.lotId });
    expect(answer.status, answer.body.data.message).toBe(200);
    const page = answer.body.data.responseData;
    expect(page.rows.map((r) => r.type)).toEqual(['LotListed', 'BidPlaced', 'BidPlaced']);
    expect(page.rows.map((r) => r.actor.id)).toEqual(['spec', ann.id, bob.id]);
    expect(page.rows[2]?.state).toMatchObject({ status: 'open', price: 11_000, bidCount: 2 });
    expect(page.rows[2]?.changes).toContainEqual({ path: 'price', before: 10_000, after: 11_000 });
    expect(page.prices.map((p) => [p.bidderId, p.amount])).toEqual([
      [ann.id, 10_000],
      [bob.id, 11_000],
    ]);
    expect(page).toMatchObject({ totalRecords: 3, next: null, asOf: { at: null, revision: 2 } });

    // One page at a time, each computed from the start of the stream.
    const second = (await history({ id: lot.lotId, from: 1, limit: 1 })).body.data.responseData;
    expect(second.rows.map((r) => r.revision)).toEqual([1]);
    expect(second.next).toBe(2);
    expect(second.rows[0]?.state).toEqual(page.rows[1]?.state);

    // As of the instant of the listing: the lot before any bid.
    const listedAt = page.rows[0]?.occurredAt as string;
    const asOf = (await history({ id: lot.lotId, asOf: listedAt })).body.data.responseData.asOf;
    expect(asOf).toMatchObject({ at: listedAt, revision: 0, state: { price: 10_000, bidCount: 0 } });
  });

  it('exports the lot’s history as CSV (one row per event) and as JSON', async () => {
    const lot = await service.listLot();
    const csv = await service.post<HistoryExport>(
      actions.lotHistoryExport.path,
      { id: lot.lotId, format: 'csv' },
      { token: auditor.token },
    );
    expect(csv.status).toBe(200);
    expect(csv.body.data.responseData.filename).toBe(`lot-${lot.lotId}-history.csv`);
    expect(csv.body.data.responseData.records.trimEnd().split('\r\n')).toHaveLength(2);
    const json = await service.post<HistoryExport>(
      actions.lotHistoryExport.path,
      { id: lot.lotId, format: 'json' },
      { token: auditor.token },
    );
    expect(JSON.parse(json.body.data.responseData.records).rows[0].type).toBe('LotListed');
  });

  it('is for auditors and admins: anyone else is refused before the body is read', async () => {
    const bidderUser = await bidder();
    const finance = await service.signUp('finance@history.example', ['finance']);
    for (const path of [actions.lotHistory.path, actions.invoiceHistoryExport.path]) {
      for (const token of [undefined, bidderUser.token, finance.token]) {
        const answer = await service.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
          payload: '{"not json',
        });
        expect(answer.statusCode, `${path} ${token ? 'with a token' : 'without'}`).toBe(403);
        expect(answer.json().data.code).toBe(token ? 'ROLE_REQUIRED' : 'SESSION_INVALID');
      }
    }
    const admin = await service.signUp('admin@history.example', ['admin']);
    const lot = await service.listLot();
    expect((await history({ id: lot.lotId }, admin.token)).status).toBe(200);
  });

  it('names an unknown lot or invoice by its code, and a bad instant by its field', async () => {
    const lot = await history({ id: 'no-such-lot' });
    expect(lot.status).toBe(404);
    expect(lot.body.data.code).toBe('LOT_NOT_FOUND');
    const invoice = await service.post(
      actions.invoiceHistory.path,
      { id: 'no-such-invoice' },
      { token: auditor.token },
    );
    expect(invoice.status).toBe(404);
    expect(invoice.body.data.code).toBe('INVOICE_NOT_FOUND');
    const listed = await service.listLot();
    const bad = await history({ id: listed.lotId, asOf: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.code).toBe('VALIDATION');
    expect(bad.body.data.responseData.issues?.[0]?.field).toBe('asOf');
    expect((await history({ id: listed.lotId, limit: 501 })).status).toBe(400);
  });
});

describe('a user’s history on their page (issue 34 "People")', () => {
  it('lists the account’s events with the admin who acted, for admins only, with no secret in it', async () => {
    const admin = await service.signUp('people-admin@history.example', ['admin']);
    const ann = await bidder();
    const status = await service.post(
      actions.changeUserStatus.path,
      { id: ann.id, status: 'deactivate' },
      { token: admin.token },
    );
    expect(status.status, status.body.data.message).toBe(200);
    const answer = await service.post<StreamHistory>(
      actions.userHistory.path,
      { id: ann.id },
      { token: admin.token },
    );
    expect(answer.status, answer.body.data.message).toBe(200);
    const page = answer.body.data.responseData;
    expect(page.streamName).toBe(`user-${ann.id}`);
    const types = page.rows.map((r) => r.type);
    expect(types[0]).toBe('UserRegistered');
    expect(types).toContain('CardAdded');
    const last = page.rows.at(-1);
    expect(last).toMatchObject({ actor: { kind: 'admin', id: admin.id } });
    expect(page.rows.flatMap((r) => r.changes)).toContainEqual(
      expect.objectContaining({ path: 'status', after: 'deactivate' }),
    );
    // The account's events carry no password, hash, token or code, nor a card's number.
    expect(JSON.stringify(page)).not.toMatch(/"password"|passwordHash|\$argon|4242424242424242/i);

    for (const token of [undefined, ann.token, auditor.token]) {
      const refused = await service.app.inject({
        method: 'POST',
        url: actions.userHistory.path,
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        payload: '{"not json',
      });
      expect(refused.statusCode).toBe(403);
    }
    const unknown = await service.post(
      actions.userHistory.path,
      { id: 'no-such-user' },
      { token: admin.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.data.code).toBe('USER_NOT_FOUND');
    const hostile = await service.post(
      actions.userHistory.path,
      { id: ann.id, limit: 10_000, extra: '<script>' },
      { token: admin.token },
    );
    expect(hostile.status).toBe(400);
  });
});

describe('the settings’ history (issue 34 "Settings")', () => {
  it('is empty before a change; then each change with the admin who made it and what it changed, for auditors too', async () => {
    const settingsHistory = (token: string, input: Record<string, unknown> = {}) =>
      service.post<StreamHistory>(actions.settingsHistory.path, input, { token });
    const before = await settingsHistory(auditor.token);
    expect(before.status, before.body.data.message).toBe(200);
    expect(before.body.data.responseData).toMatchObject({
      id: 'house',
      streamName: 'settings-house',
      rows: [],
    });

    const admin = await service.signUp('settings-admin@history.example', ['admin']);
    const money = {
      reservationMinutes: 15,
      paymentDueDays: 14,
      returnDays: 21,
      appointmentSlotCapacity: 3,
      taxRates: [{ place: 'IL', percent: 6.25 }],
    };
    const saved = await service.post(actions.changeMoneySettings.path, money, { token: admin.token });
    expect(saved.status, saved.body.data.message).toBe(200);
    const page = (await settingsHistory(auditor.token)).body.data.responseData;
    expect(page.rows.map((r) => [r.type, r.actor.kind, r.actor.id])).toEqual([
      ['MoneySettingsChanged', 'admin', admin.id],
    ]);
    expect(page.rows[0]?.changes).toContainEqual(
      expect.objectContaining({ path: 'settings.money.returnDays', after: 21 }),
    );
    const csv = await service.post<HistoryExport>(
      actions.settingsHistoryExport.path,
      { format: 'csv' },
      { token: auditor.token },
    );
    expect(csv.status).toBe(200);
    expect(csv.body.data.responseData.records).toContain('MoneySettingsChanged');

    const bidderUser = await bidder();
    expect((await settingsHistory(bidderUser.token)).status).toBe(403);
    expect((await settingsHistory(admin.token, { id: 'lot-1' })).status).toBe(400);
  });
});

describe('the auditor’s history of an invoice', () => {
  it('shows the invoice issued and paid, with the buyer as the actor of the payment', async () => {
    const buyer = await bidder();
    const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 6 });
    await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 2 }] },
      { token: buyer.token },
    );
    const paid = await service.post<CheckoutResult>(
      actions.checkout.path,
      { type: 'buynow', cart_id: 'h1', delivery: 'pickup', payment: { card_id: buyer.cardId } },
      { token: buyer.token },
    );
    expect(paid.body.data.responseData.status, paid.body.data.message).toBe('paid');
    const invoiceId = paid.body.data.responseData.invoice_ids[0] as string;
    const answer = await service.post<StreamHistory>(
      actions.invoiceHistory.path,
      { id: invoiceId },
      { token: auditor.token },
    );
    expect(answer.status, answer.body.data.message).toBe(200);
    const { rows, asOf } = answer.body.data.responseData;
    expect(rows[0]?.type).toBe('InvoiceIssued');
    expect(rows.map((r) => r.type)).toContain('PaymentRecorded');
    expect(rows.every((r) => r.actor.id === buyer.id)).toBe(true);
    expect(asOf.state).toMatchObject({ status: 'issued', voided: false });
    const state = asOf.state as { paid: number; amounts: { total: number } };
    expect(state.paid).toBe(state.amounts.total);
  });
});
