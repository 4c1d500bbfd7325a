import { actions, type CheckoutResult, type LedgerCheck, type StreamHistory } from '@wine/contracts';
import { invoiceStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPart } from '../checkout/payments.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

/**
 * Issue 35 §1: the payment ledger as the staff read it: one transaction's history (auditors, admins)
 * and the books checked from the log (auditors, admins, finance), which find a money path that
 * bypassed the ledger.
 */
let service: TestCommandService;
let auditor: { token: string };
beforeAll(async () => {
  service = await openTestCommandService();
  auditor = await service.signUp('auditor@ledger.example', ['auditor']);
});
afterAll(() => service.close());

const ledger = (token = auditor.token) =>
  service.post<LedgerCheck>(actions.paymentLedgerCheck.path, {}, { token });

async function paidOrder(email: string) {
  const buyer = await service.signUp(email);
  const { cardId } = await service.addCard(buyer.token);
  const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 2 });
  await service.post(
    actions.addToCart.path,
    { cart: [{ product_id: lot.lotId, qty: 1 }] },
    { token: buyer.token },
  );
  const paid = await service.post<CheckoutResult>(
    actions.checkout.path,
    { type: 'buynow', cart_id: `c-${crypto.randomUUID()}`, delivery: 'pickup', payment: { card_id: cardId } },
    { token: buyer.token },
  );
  expect(paid.body.data.responseData.status, paid.body.data.message).toBe('paid');
  return paid.body.data.responseData;
}

async function totalOf(invoiceId: string) {
  const invoice = await service.service.streams.load(invoiceStream(invoiceId), invoiceDecider);
  if (invoice.status !== 'issued') throw new Error(`no invoice ${invoiceId}`);
  return invoice.amounts.total;
}

describe('the payment ledger, for the staff', () => {
  it('reads a card payment’s transaction: started, then charged, with the invoice’s share', async () => {
    const paid = await paidOrder('ann@ledger.example');
    const id = cardPart(paid.payment_id);
    const answer = await service.post<StreamHistory>(
      actions.paymentHistory.path,
      { id, from: 0, limit: 50 },
      { token: auditor.token },
    );
    expect(answer.status, answer.body.data.message).toBe(200);
    const history = answer.body.data.responseData;
    expect(history.streamName).toBe(`payment-${id}`);
    expect(history.rows.map((r) => r.type)).toEqual(['TransactionStarted', 'TransactionCharged']);
    const invoiceId = paid.invoice_ids[0] as string;
    const total = await totalOf(invoiceId);
    expect(history.asOf.state).toMatchObject({
      status: 'charged',
      charged: total,
      refunded: 0,
      started: {
        method: 'card',
        provider: 'sandbox',
        target: { kind: 'invoices', invoices: [{ invoiceId, amount: total }] },
      },
    });
    // The card by brand and last four only.
    expect(JSON.stringify(history)).not.toMatch(/4242424242424242/);

    const unknown = await service.post(
      actions.paymentHistory.path,
      { id: 'nothing', from: 0, limit: 50 },
      {
        token: auditor.token,
      },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.data.code).toBe('PAYMENT_NOT_FOUND');
  });

  it('finds the books agreeing, then names a payment an invoice recorded outside the ledger', async () => {
    await paidOrder('bea@ledger.example');
    const agreed = await ledger();
    expect(agreed.status, agreed.body.data.message).toBe(200);
    const books = agreed.body.data.responseData;
    expect(books.disagreements).toEqual([]);
    expect(books.transactions).toBeGreaterThanOrEqual(2);
    expect(books.held.find((h) => h.provider === 'sandbox')?.amount).toBeGreaterThan(0);

    // A money path that refunds on the invoice by hand, through no transaction of the ledger.
    const paid = await paidOrder('cat@ledger.example');
    const invoiceId = paid.invoice_ids[0] as string;
    const id = crypto.randomUUID();
    await service.service.streams.handle(
      invoiceStream(invoiceId),
      invoiceDecider,
      {
        type: 'RefundPayment',
        refundId: 'r-outside',
        paymentId: cardPart(paid.payment_id),
        amount: 100,
        to: 'card',
        reason: 'by hand',
      },
      { commandId: id, correlationId: id, actor: { kind: 'system', id: 'spec' }, now: service.clock.now() },
    );
    const found = (await ledger()).body.data.responseData.disagreements;
    expect(found).toEqual([
      {
        transactionId: cardPart(paid.payment_id),
        invoiceId: null,
        problem: 'refunded',
        expected: 0,
        found: 100,
      },
    ]);
  });

  it('is for auditors, admins and finance (the check) and auditors and admins (a history), refused before the body is read', async () => {
    const buyer = await service.signUp('dan@ledger.example');
    const finance = await service.signUp('finance@ledger.example', ['finance']);
    const cases = [
      [actions.paymentLedgerCheck.path, [undefined, buyer.token]],
      [actions.paymentHistory.path, [undefined, buyer.token, finance.token]],
      [actions.paymentHistoryExport.path, [undefined, buyer.token, finance.token]],
    ] as const;
    for (const [path, tokens] of cases) {
      for (const token of tokens) {
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
    expect((await ledger(finance.token)).status).toBe(200);
  });
});
