import { actions, type InvestmentPaymentConfirmation } from '@wine/contracts';
import { investorStream } from '@wine/event-schemas';
import { createNorthCapitalInvesting, type InvestingService } from '@wine/platform';
import { type NorthCapitalDouble, startNorthCapitalDouble } from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, openTestCommandService, type TestCommandService } from '../testing.ts';
import { bank, details, evidence, person } from './investing-fixture.ts';

/**
 * seeds 001 §7 Payments "northcapital_payment (response data kept as confirmation)": an investor pays their
 * order through North Capital (its Transact API behind the local double), from the linked bank by ACH
 * (externalFundMove) or on the linked card (ccFundMove), for the order's amount; North Capital's answer is
 * the order's confirmation. Tried as an attacker would: one x-command-id at once and again, two payments
 * at once, a crash between North Capital's answer and the record, another investor's order. Every test
 * says how many fund moves North Capital made (the double keeps each, per trade).
 */
const CLIENT_ID = 'payment-client';
const API_KEY = 'PAYMENT0DEVELOPER0KEY';
let double: NorthCapitalDouble;
let northCapital: InvestingService;
/** What happens after North Capital answered a payment, set by a test and cleared after it. */
let after: (() => Promise<void>) | null = null;
let service: TestCommandService;

beforeAll(async () => {
  double = await startNorthCapitalDouble({ clientId: CLIENT_ID, apiKey: API_KEY });
  northCapital = createNorthCapitalInvesting({
    apiUrl: double.apiUrl,
    clientId: CLIENT_ID,
    apiKey: API_KEY,
    timeoutMs: 5_000,
  });
  const investing: InvestingService = {
    ...northCapital,
    async payOrder(payment) {
      // A service that takes a moment to answer, as real ones do: requests can overlap.
      await new Promise((r) => setTimeout(r, 20));
      const moved = await northCapital.payOrder(payment);
      await after?.();
      return moved;
    },
  };
  service = await openTestCommandService({ investing });
});
afterAll(async () => {
  await service.close();
  await double.close();
});
afterEach(() => {
  after = null;
});

const PAY = actions.northcapitalPayment.path;
const refusal = (answer: Answer) => [answer.status, answer.body.data.code];
const eventsOf = async (userId: string) => service.service.streams.store.readStream(investorStream(userId));
const typesOf = async (userId: string) => (await eventsOf(userId)).map((e) => e.type);
const paidEvents = async (userId: string) => (await typesOf(userId)).filter((t) => t === 'InvestmentPaid');
const pay = (token: string, input: Record<string, unknown>, commandId?: string) =>
  service.post<InvestmentPaymentConfirmation>(PAY, input, { token, ...(commandId && { commandId }) });

let n = 0;
/** An accredited investor with the bank and (when asked) the card linked, and an order of `units`. */
async function investorWithOrder(units = 5, link: { bank?: boolean; card?: boolean } = { bank: true }) {
  n += 1;
  const email = `payer${n}@payment.example`;
  const user = await service.signUp(email);
  const onboarded = await service.post(
    actions.onBoardIndividual.path,
    { ...person(`Payer${n}`, 'Investor', email), ssn: '123-45-6789' },
    { token: user.token },
  );
  expect(onboarded.status, onboarded.body.data.message).toBe(200);
  const accredited = await service.post(actions.uploadPartyDocument.path, evidence(), { token: user.token });
  expect(details(accredited).may_invest).toBe(true);
  if (link.bank !== false)
    expect((await service.post(actions.linkExternalAccount.path, bank, { token: user.token })).status).toBe(
      200,
    );
  if (link.card) {
    const card = {
      name_on_card: 'Ivy Investor',
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvv: '737',
    };
    expect((await service.post(actions.addCreditCard.path, card, { token: user.token })).status).toBe(200);
  }
  const ordered = await service.post(actions.createOrder.path, { units }, { token: user.token });
  expect(ordered.status, ordered.body.data.message).toBe(200);
  const tradeId = details(ordered).orders[0]?.trade_id ?? '';
  const onboardedEvent = (await eventsOf(user.id)).find((e) => e.type === 'InvestorOnboarded');
  const { accountId } = (onboardedEvent?.data ?? { accountId: '' }) as { accountId: string };
  return { ...user, tradeId, accountId };
}

describe('paying an order through North Capital (northcapital_payment)', () => {
  it("debits the linked bank by ACH for the order's amount and keeps North Capital's answer as the confirmation", async () => {
    const ivy = await investorWithOrder(5);
    const answer = await pay(ivy.token, { trade_id: ivy.tradeId, method: 'ach' });
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.message).toBe(`Payment of $50.00 for order ${ivy.tradeId} sent to North Capital`);
    const [move, ...more] = double.fundMoves(ivy.tradeId);
    expect(more).toEqual([]);
    expect(move).toMatchObject({
      kind: 'ACH',
      accountId: ivy.accountId,
      offeringId: '55591',
      totalAmount: '50.000000',
      NickName: 'Primary',
      checkNumber: ivy.tradeId,
      description: 'Investment in Wine Cellar Token (demo)',
    });
    const confirmation = {
      trade_id: ivy.tradeId,
      method: 'ach',
      amount: 5_000,
      reference: move?.RefNum,
      fund_status: 'Pending',
      transaction_status: 'Pending',
      paid_at: service.clock.now().toISOString(),
    };
    expect(answer.body.data.responseData).toEqual(confirmation);
    // The investor's order view shows it; paying is not funding (staff mark that when escrow has it).
    const read = await service.post(actions.getUserDetails.path, {}, { token: ivy.token });
    expect(details(read).orders).toMatchObject([
      { trade_id: ivy.tradeId, status: 'created', payment: confirmation },
    ]);
    expect(await typesOf(ivy.id)).toEqual(
      expect.arrayContaining(['InvestmentPaymentStarted', 'InvestmentPaid']),
    );
    const [paid] = (await eventsOf(ivy.id)).filter((e) => e.type === 'InvestmentPaid');
    expect(paid?.data).toEqual({
      tradeId: ivy.tradeId,
      paymentId: expect.any(String),
      method: 'ach',
      amount: 5_000,
      reference: move?.RefNum,
      fundStatus: 'Pending',
      transactionStatus: 'Pending',
      at: confirmation.paid_at,
    });
    expect(JSON.stringify(await eventsOf(ivy.id))).not.toContain(bank.account_number);

    // Paid: a second payment (another key, either way) is refused, and a paid order is not cancelled.
    for (const method of ['ach', 'card'])
      expect(refusal(await pay(ivy.token, { trade_id: ivy.tradeId, method }))).toEqual([
        409,
        'INVESTMENT_PAID',
      ]);
    const cancel = await service.post(
      actions.deleteTrade.path,
      { trade_id: ivy.tradeId },
      { token: ivy.token },
    );
    expect(refusal(cancel)).toEqual([400, 'INVESTING_REFUSED']);
    expect(cancel.body.data.message).toBe('This order is paid: it can no longer be cancelled');
    expect(double.fundMoves(ivy.tradeId)).toHaveLength(1);
    expect(await paidEvents(ivy.id)).toHaveLength(1);
  });

  it('charges the linked card with ccFundMove, the trade made a card trade first', async () => {
    const ada = await investorWithOrder(3, { bank: false, card: true });
    // No bank linked: ACH is refused before North Capital is asked, nothing written.
    const before = (await eventsOf(ada.id)).length;
    const noBank = await pay(ada.token, { trade_id: ada.tradeId, method: 'ach' });
    expect(refusal(noBank)).toEqual([404, 'NOT_FOUND']);
    expect(noBank.body.data.message).toBe('No bank account is linked');
    expect((await eventsOf(ada.id)).length).toBe(before);
    const answer = await pay(ada.token, { trade_id: ada.tradeId, method: 'card' });
    expect(answer.status, answer.body.data.message).toBe(200);
    expect(answer.body.data.responseData).toMatchObject({
      method: 'card',
      amount: 3_000,
      fund_status: 'Pending',
    });
    expect(double.trade(ada.tradeId)).toMatchObject({
      transactionType: 'CREDITCARD',
      orderStatus: 'CREATED',
    });
    expect(double.fundMoves(ada.tradeId)).toMatchObject([{ kind: 'CREDITCARD', totalAmount: '30.000000' }]);
    expect(JSON.stringify(await eventsOf(ada.id))).not.toContain('4242424242424242');
  });

  it('moves the money once for three requests in flight with one x-command-id, and later again', async () => {
    const bo = await investorWithOrder(2);
    const commandId = `pay-${crypto.randomUUID()}`;
    const input = { trade_id: bo.tradeId, method: 'ach' };
    const answers = await Promise.all([1, 2, 3].map(() => pay(bo.token, input, commandId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect((await pay(bo.token, input, commandId)).body).toEqual(answers[0]?.body);
    expect(double.fundMoves(bo.tradeId)).toHaveLength(1);
    expect(await paidEvents(bo.id)).toHaveLength(1);
  });

  it('takes two payments of one order at once (two x-command-ids) once: one paid, one refused, one fund move', async () => {
    const cy = await investorWithOrder(4, { bank: true, card: true });
    const answers = await Promise.all([
      pay(cy.token, { trade_id: cy.tradeId, method: 'ach' }),
      pay(cy.token, { trade_id: cy.tradeId, method: 'card' }),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.find((a) => a.status !== 200);
    expect(['PAYMENT_IN_PROGRESS', 'INVESTMENT_PAID']).toContain(refused?.body.data.code);
    expect(double.fundMoves(cy.tradeId)).toHaveLength(1);
    expect(await paidEvents(cy.id)).toHaveLength(1);
  });

  it("records the same fund move across a crash between North Capital's answer and its record", async () => {
    const dee = await investorWithOrder(6);
    // The process stops after North Capital moved the money and before anything recorded it.
    let resume = () => {};
    const stopped = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let stops = 1;
    after = async () => {
      if (stops-- > 0) await stopped;
    };
    const commandId = `crash-${crypto.randomUUID()}`;
    const input = { trade_id: dee.tradeId, method: 'ach' };
    const dead = pay(dee.token, input, commandId);
    while (double.fundMoves(dee.tradeId).length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(await paidEvents(dee.id)).toEqual([]);
    // The client sends it again once the dead request's hold on its key ran out.
    service.clock.advance(3 * 60_000);
    const retry = await pay(dee.token, input, commandId);
    expect(retry.status, retry.body.data.message).toBe(200);
    const [move, ...more] = double.fundMoves(dee.tradeId);
    expect(more).toEqual([]);
    expect(retry.body.data.responseData).toMatchObject({ amount: 6_000, reference: move?.RefNum });
    // The stopped request goes on at last: it records nothing twice and moves nothing more.
    resume();
    expect((await dead).status).toBe(200);
    expect(double.fundMoves(dee.tradeId)).toHaveLength(1);
    expect(await paidEvents(dee.id)).toHaveLength(1);
  });

  it('holds an order whose payment went unanswered, and lets it be paid once North Capital answers', async () => {
    const eve = await investorWithOrder(1);
    double.outage(true);
    const down = await pay(eve.token, { trade_id: eve.tradeId, method: 'ach' }, 'eve-pay-1');
    double.outage(false);
    expect(refusal(down)).toEqual([503, 'INVESTING_UNAVAILABLE']);
    // Another payment meanwhile waits; the same one, asked again once its key is free, goes on.
    expect(refusal(await pay(eve.token, { trade_id: eve.tradeId, method: 'ach' }))).toEqual([
      409,
      'PAYMENT_IN_PROGRESS',
    ]);
    service.clock.advance(3 * 60_000);
    expect((await pay(eve.token, { trade_id: eve.tradeId, method: 'ach' }, 'eve-pay-1')).status).toBe(200);
    expect(double.fundMoves(eve.tradeId)).toHaveLength(1);
  });

  it('lets another payment take over one left unanswered for five minutes, moving the money once', async () => {
    const fay = await investorWithOrder(1);
    after = async () => {
      throw new Error('the process stopped');
    };
    const lost = await pay(fay.token, { trade_id: fay.tradeId, method: 'ach' });
    expect(lost.status).toBe(500);
    after = null;
    expect(double.fundMoves(fay.tradeId)).toHaveLength(1);
    expect(refusal(await pay(fay.token, { trade_id: fay.tradeId, method: 'ach' }))).toEqual([
      409,
      'PAYMENT_IN_PROGRESS',
    ]);
    service.clock.advance(5 * 60_000);
    const taken = await pay(fay.token, { trade_id: fay.tradeId, method: 'ach' });
    expect(taken.status, taken.body.data.message).toBe(200);
    expect(taken.body.data.responseData.reference).toBe(double.fundMoves(fay.tradeId)[0]?.RefNum);
    expect(double.fundMoves(fay.tradeId)).toHaveLength(1);
    expect(await paidEvents(fay.id)).toHaveLength(1);
  });

  it('frees the order when North Capital refuses the payment, so it can be paid another way', async () => {
    const gus = await investorWithOrder(2, { bank: true, card: true });
    // The card is gone at North Capital (removed from its dashboard): ccFundMove is refused.
    await northCapital.unlinkCard(gus.accountId);
    const refused = await pay(gus.token, { trade_id: gus.tradeId, method: 'card' });
    expect(refusal(refused)).toEqual([400, 'INVESTING_REFUSED']);
    expect(await typesOf(gus.id)).toEqual(
      expect.arrayContaining(['InvestmentPaymentStarted', 'InvestmentPaymentFailed']),
    );
    expect(double.fundMoves(gus.tradeId)).toEqual([]);
    expect((await pay(gus.token, { trade_id: gus.tradeId, method: 'ach' })).status).toBe(200);
    expect(double.fundMoves(gus.tradeId)).toMatchObject([{ kind: 'ACH' }]);
  });

  it("refuses another investor's order, a visitor, a card over $5,000.00 and bad bodies, writing nothing and moving nothing", async () => {
    const hal = await investorWithOrder(501, { bank: true, card: true });
    const max = await investorWithOrder(1);
    const nobody = await service.signUp('nobody@payment.example');
    const log = async () => (await service.service.streams.store.readAll()).length;
    const before = await log();
    const tries: [Answer, number, string][] = [
      [await pay(max.token, { trade_id: hal.tradeId, method: 'ach' }), 404, 'TRADE_NOT_FOUND'],
      [await pay(nobody.token, { trade_id: hal.tradeId, method: 'ach' }), 404, 'TRADE_NOT_FOUND'],
      [await pay('', { trade_id: hal.tradeId, method: 'ach' }), 403, 'SESSION_INVALID'],
      [await pay(hal.token, { trade_id: hal.tradeId, method: 'card' }), 400, 'INVESTING_REFUSED'],
      [await pay(hal.token, { trade_id: hal.tradeId, method: 'ach', amount: 1 }), 400, 'VALIDATION'],
      [await pay(hal.token, { trade_id: hal.tradeId, method: 'wire' }), 400, 'VALIDATION'],
      [await pay(hal.token, { method: 'ach' }), 400, 'VALIDATION'],
      [await pay(hal.token, { trade_id: 'nope', method: 'ach' }), 404, 'TRADE_NOT_FOUND'],
    ];
    for (const [answer, status, code] of tries) {
      expect(answer.status, answer.body.data.message).toBe(status);
      expect(answer.body.data.code).toBe(code);
    }
    expect(tries[3]?.[0].body.data.message).toBe(
      'The investing service refused this: a card payment takes at most $5,000.00',
    );
    expect(await log()).toBe(before);
    expect(double.fundMoves(hal.tradeId)).toEqual([]);
    // The $5,010.00 order is within ACH's cap.
    expect(
      (await pay(hal.token, { trade_id: hal.tradeId, method: 'ach' })).body.data.responseData,
    ).toMatchObject({
      amount: 501_000,
    });
  });
});
