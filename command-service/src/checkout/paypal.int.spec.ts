import { actions, type CheckoutResult, payPalWebhookPath } from '@wine/contracts';
import { invoiceStream, lotStream, paymentStream, walletStream } from '@wine/event-schemas';
import { createSandboxCardProvider, PayPalUnavailableError } from '@wine/platform';
import {
  eventually,
  openPayPalNetwork,
  type PayPalNetwork,
  type PayPalNetworkName,
  payPalNetworkNames,
  payPalNetworkTitles,
} from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { lotDecider } from '../lots/decide.ts';
import { availableAt } from '../lots/lot.ts';
import { checkLedger } from '../payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { walletDecider } from '../wallets/wallet.ts';
import { payPalPaymentsIndex } from './paypal-payments.ts';

/**
 * seeds 001 "Payments" paypal_response: a checkout paid with PayPal, on the PayPal sandbox and on the
 * PayPal adapter against a local double of PayPal's REST API. The buyer goes to PayPal's approve page,
 * comes back, and the order is captured once whatever the retries, tabs and PayPal's events; every
 * test counts PayPal's captures.
 */
describe.each(payPalNetworkNames.map((name) => [payPalNetworkTitles[name], name] as const))(
  'paying with PayPal, on %s',
  (_title, name: PayPalNetworkName) => {
    let paypal: PayPalNetwork;
    let service: TestCommandService;
    /** The card charges the product gave up (a PayPal order is never one of them). */
    const cancelledCharges: string[] = [];
    beforeAll(async () => {
      paypal = await openPayPalNetwork(name);
      const cards = createSandboxCardProvider();
      const cancel = cards.cancelCharge.bind(cards);
      cards.cancelCharge = async (chargeId) => {
        cancelledCharges.push(chargeId);
        return cancel(chargeId);
      };
      service = await openTestCommandService({ paypal, cards });
      // The process managers follow the log: the PayPal payments' index, and the lapse of holds.
      await service.service.scheduler.start();
    });
    afterEach(async () => {
      expect((await checkLedger(service.service.streams.store)).disagreements).toEqual([]);
    });
    afterAll(async () => {
      await service.service.scheduler.stop();
      await service.close();
      await paypal.close();
    });

    /** The captures PayPal made since `from` (an index into its list), with what was refunded of each. */
    const capturedSince = (from: number) => paypal.captures().slice(from);

    let n = 0;
    /** A buyer with a card on file, which adding to the cart asks for (seeds 000: "add a card to buy"). */
    const buyer = async () => {
      n += 1;
      const user = await service.signUp(`buyer${n}-${name}@paypal.example`);
      const { cardId } = await service.addCard(user.token);
      return { ...user, cardId };
    };
    const buyNowLot = () =>
      service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 3, discounts: [] });
    const addToCart = async (token: string, lotId: string) => {
      const added = await service.post(
        actions.addToCart.path,
        { cart: [{ product_id: lotId, qty: 1 }] },
        { token },
      );
      expect(added.status, added.body.data.message).toBe(200);
    };
    const checkout = (token: string, payment: Record<string, unknown> = { paypal: true }) =>
      service.post<CheckoutResult>(
        actions.checkout.path,
        { type: 'buynow', cart_id: `c${crypto.randomUUID()}`, delivery: 'pickup', payment },
        { token },
      );

    /** What the confirm page sends back: the return (or cancel) URL's payment, invoices and PayPal's token. */
    const responseOf = (url: string) => {
      const back = new URL(url);
      return {
        payment_id: back.searchParams.get('payment_id') ?? '',
        invoice_ids: (back.searchParams.get('invoice') ?? '').split(','),
        token: back.searchParams.get('token') ?? '',
      };
    };
    const respond = (token: string, input: ReturnType<typeof responseOf>, commandId?: string) =>
      service.post<CheckoutResult>(actions.paypalResponse.path, input, {
        token,
        ...(commandId && { commandId }),
      });

    const loadInvoice = async (id: string) => {
      const invoice = await service.service.streams.load(invoiceStream(id), invoiceDecider);
      if (invoice.status !== 'issued') throw new Error(`no invoice ${id}`);
      return invoice;
    };
    const eventsOf = (stream: string) => service.service.streams.store.readStream(stream);
    const typesOf = async (stream: string) => (await eventsOf(stream)).map((e) => e.type);
    const countOf = async (stream: string, type: string) =>
      (await typesOf(stream)).filter((t) => t === type).length;
    const paymentMails = async (email: string) =>
      ((await service.mailer.outbox?.({ to: email, limit: 100 })) ?? []).filter((m) =>
        /^Payment received/.test(m.subject),
      ).length;
    const loadLot = async (lotId: string) => {
      const lot = await service.service.streams.load(lotStream(lotId), lotDecider);
      if (lot.status === 'empty') throw new Error('no lot');
      return lot;
    };

    /** A buyer's buy-now checkout paid with PayPal, waiting on PayPal's approve page. */
    async function waitingOrder() {
      const who = await buyer();
      const lot = await buyNowLot();
      await addToCart(who.token, lot.lotId);
      const answer = await checkout(who.token);
      expect(answer.status, answer.body.data.message).toBe(200);
      const result = answer.body.data.responseData;
      expect(result.status).toBe('requires_action');
      const invoiceId = result.invoice_ids[0] as string;
      const part = `${result.payment_id}-p`;
      return { who, lot, result, invoiceId, part, url: result.url as string };
    }

    it('pays a buy-now cart: PayPal’s page, then paypal_response records the capture, captured exactly once', async () => {
      const from = paypal.captures().length;
      const { who, lot, result, invoiceId, part, url } = await waitingOrder();
      const waiting = await loadInvoice(invoiceId);
      const { total } = waiting.amounts;
      expect(waiting.payments[part]).toMatchObject({
        method: 'paypal',
        status: 'action_required',
        amount: total,
      });
      const [started, action] = (await eventsOf(invoiceStream(invoiceId))).filter((e) =>
        ['PaymentStarted', 'PaymentActionRequired'].includes(e.type),
      );
      expect(started?.data).toMatchObject({ paymentId: part, method: 'paypal', amount: total, card: null });
      // Nothing is taken before the buyer approves.
      expect(capturedSince(from)).toEqual([]);

      const back = await paypal.approve(url, { approve: true });
      const response = responseOf(back);
      expect(new URL(back).pathname).toBe('/checkout_confirm');
      expect(response).toMatchObject({ payment_id: result.payment_id, invoice_ids: result.invoice_ids });
      expect(action?.data).toEqual({ paymentId: part, chargeId: response.token });

      const answer = await respond(who.token, response);
      expect(answer.status, answer.body.data.message).toBe(200);
      expect(answer.body.data.message).toBe('Payment successful');
      expect(answer.body.data.responseData).toMatchObject({
        status: 'paid',
        invoice_ids: [invoiceId],
        url: null,
      });
      const captures = capturedSince(from);
      expect(captures).toMatchObject([
        { orderId: response.token, amount: total, refunded: 0, status: 'completed' },
      ]);
      const paid = await loadInvoice(invoiceId);
      expect(paid.paid).toBe(total);
      expect(paid.payments[part]).toMatchObject({ status: 'succeeded', chargeId: captures[0]?.captureId });
      const recorded = (await eventsOf(invoiceStream(invoiceId))).filter((e) => e.type === 'PaymentRecorded');
      expect(recorded.map((e) => e.data)).toEqual([
        {
          paymentId: part,
          method: 'paypal',
          amount: total,
          reference: captures[0]?.captureId,
          transactionId: part,
        },
      ]);
      // The ledger's transaction: started before PayPal was asked, waiting on its order, charged once.
      const ledger = await eventsOf(paymentStream(part));
      expect(ledger.map((e) => e.type)).toEqual([
        'TransactionStarted',
        'TransactionActionRequired',
        'TransactionCharged',
      ]);
      expect(ledger[0]?.data).toMatchObject({ method: 'paypal', amount: total, buyerId: who.id });
      expect(ledger[2]?.data).toEqual({ amount: total, reference: captures[0]?.captureId });
      expect((await loadLot(lot.lotId)).sold).toBe(1);
      expect(await paymentMails(who.email)).toBe(1);
    });

    it('records a buyer’s dispute of a PayPal capture on its invoice once, however often PayPal sends it', async () => {
      const from = paypal.captures().length;
      const { who, invoiceId, url } = await waitingOrder();
      await respond(who.token, responseOf(await paypal.approve(url, { approve: true })));
      const capture = capturedSince(from)[0];
      if (!capture) throw new Error('no capture');
      const events = paypal.events().length;
      await paypal.dispute(capture.captureId, 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED');
      const sent = paypal.events().slice(events);
      expect(sent.map((e) => e.type)).toEqual(['CUSTOMER.DISPUTE.CREATED']);
      for (const event of sent) expect(await paypal.deliver(event.id)).toBe(200);
      const disputed = await loadInvoice(invoiceId);
      expect(Object.values(disputed.disputes)).toEqual([
        {
          paymentId: expect.stringMatching(/-p$/),
          amount: disputed.paid,
          reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
          status: 'open',
        },
      ]);
      expect(await countOf(invoiceStream(invoiceId), 'PaymentDisputed')).toBe(1);
      // PayPal captured once and nothing was refunded by the product.
      expect(capturedSince(from)).toMatchObject([{ refunded: 0 }]);

      // PayPal decides for the buyer (CUSTOMER.DISPUTE.RESOLVED), told twice: charged back once.
      const before = paypal.events().length;
      await paypal.resolveDispute(capture.captureId, 'lost');
      const resolved = paypal.events().slice(before);
      expect(resolved.map((e) => e.type)).toEqual(['CUSTOMER.DISPUTE.RESOLVED']);
      for (const event of [...resolved, ...resolved]) expect(await paypal.deliver(event.id)).toBe(200);
      const lost = await loadInvoice(invoiceId);
      expect(Object.values(lost.disputes).map((d) => d.status)).toEqual(['lost']);
      expect(lost.chargedBack).toBe(lost.paid);
      const part = Object.values(lost.disputes)[0]?.paymentId as string;
      const ledger = (await eventsOf(paymentStream(part))).map((e) => e.type);
      expect(ledger.filter((t) => t.startsWith('TransactionDispute'))).toEqual([
        'TransactionDisputed',
        'TransactionDisputeClosed',
      ]);
    });

    it('captures once for one paypal_response sent twice at once with one x-command-id, a third beside them, and again later', async () => {
      const from = paypal.captures().length;
      const { who, invoiceId, url } = await waitingOrder();
      const response = responseOf(await paypal.approve(url, { approve: true }));
      const commandId = `paypal-${crypto.randomUUID()}`;
      const answers = await Promise.all([
        respond(who.token, response, commandId),
        respond(who.token, response, commandId),
        respond(who.token, response),
      ]);
      expect(answers.map((a) => [a.status, a.body.data.responseData.status])).toEqual([
        [200, 'paid'],
        [200, 'paid'],
        [200, 'paid'],
      ]);
      expect(answers[1]?.body).toEqual(answers[0]?.body);
      const later = await respond(who.token, response);
      expect(later.body.data.responseData.status).toBe('paid');
      expect(capturedSince(from)).toHaveLength(1);
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(1);
      expect(await paymentMails(who.email)).toBe(1);
    });

    it('gives the payment up when the buyer cancels on PayPal: nothing captured, the invoice unpaid, its holds left to lapse', async () => {
      const from = paypal.captures().length;
      const { who, lot, invoiceId, part, url } = await waitingOrder();
      const back = await paypal.approve(url, { approve: false });
      // PayPal's cancel URL carries the order's token and no payer.
      expect(new URL(back).searchParams.has('PayerID')).toBe(false);
      const answer = await respond(who.token, responseOf(back));
      expect(answer.status).toBe(402);
      expect(answer.body.data.code).toBe('PAYMENT_DECLINED');
      expect(answer.body.data.message).toBe('Your payment was declined: the payment was cancelled on PayPal');
      const invoice = await loadInvoice(invoiceId);
      expect(invoice.paid).toBe(0);
      expect(invoice.payments[part]?.status).toBe('failed');
      expect(invoice.voided).toBe(false);
      // As for a refused card, the order stays held until its holds lapse.
      expect(availableAt(await loadLot(lot.lotId), service.clock.now().getTime())).toBe(2);
      const again = await respond(who.token, responseOf(back));
      expect(again.status).toBe(402);
      expect(await countOf(invoiceStream(invoiceId), 'PaymentFailed')).toBe(1);
      expect(capturedSince(from)).toEqual([]);
    });

    it('gives the payment up when PayPal declines the buyer’s funding at capture: PaymentFailed, nothing captured', async () => {
      const from = paypal.captures().length;
      const { who, invoiceId, part, url } = await waitingOrder();
      const back = await paypal.approve(url, { approve: true, buyer: paypal.buyers.declines });
      const answer = await respond(who.token, responseOf(back));
      expect(answer.status).toBe(402);
      expect(answer.body.data.message).toBe('Your payment was declined: PayPal declined the payment');
      const failed = (await eventsOf(invoiceStream(invoiceId))).filter((e) => e.type === 'PaymentFailed');
      expect(failed.map((e) => e.data)).toEqual([{ paymentId: part, reason: 'PayPal declined the payment' }]);
      expect((await loadInvoice(invoiceId)).paid).toBe(0);
      expect(capturedSince(from)).toEqual([]);
    });

    it('refuses another buyer’s payment and a token that is not the payment’s order (404), writing and capturing nothing', async () => {
      const from = paypal.captures().length;
      const ann = await waitingOrder();
      const response = responseOf(await paypal.approve(ann.url, { approve: true }));
      const mallory = await waitingOrder();
      const malloryOrder = (await loadInvoice(mallory.invoiceId)).payments[mallory.part]?.chargeId as string;
      const streams = [invoiceStream(ann.invoiceId), invoiceStream(mallory.invoiceId)];
      const before = await Promise.all(streams.map(async (s) => (await eventsOf(s)).length));
      const tries = [
        respond(mallory.who.token, response),
        respond(mallory.who.token, { ...response, invoice_ids: mallory.result.invoice_ids }),
        respond(ann.who.token, { ...response, token: malloryOrder }),
      ];
      const refused = await Promise.all(tries);
      expect(refused.map((r) => [r.status, r.body.data.code])).toEqual([
        [404, 'INVOICE_NOT_FOUND'],
        [404, 'PAYMENT_NOT_FOUND'],
        [404, 'PAYMENT_NOT_FOUND'],
      ]);
      // Nor can she press the buy button of the sandbox's approve page for Ann's order.
      const pressed = await service.post(
        actions.sandboxPayPalApprove.path,
        { order_id: response.token, approve: true },
        { token: mallory.who.token },
      );
      expect([pressed.status, pressed.body.data.code]).toEqual([
        404,
        name === 'sandbox' ? 'PAYMENT_NOT_FOUND' : 'NO_ACTION',
      ]);
      expect(await Promise.all(streams.map(async (s) => (await eventsOf(s)).length))).toEqual(before);
      expect(capturedSince(from)).toEqual([]);
      const own = await respond(ann.who.token, response);
      expect(own.body.data.responseData.status).toBe('paid');
      expect(capturedSince(from)).toHaveLength(1);
    });

    it('records the capture once when PayPal’s event comes before the buyer’s return (the capture’s answer lost), and again twice', async () => {
      const from = paypal.captures().length;
      const { who, invoiceId, url } = await waitingOrder();
      const response = responseOf(await paypal.approve(url, { approve: true }));
      const events = paypal.events().length;
      const capture = paypal.gateway.captureOrder.bind(paypal.gateway);
      let lost = 1;
      // PayPal captures and sends its event, then the answer to the capture never reaches the product.
      paypal.gateway.captureOrder = async (...args) => {
        const result = await capture(...args);
        if (lost-- > 0) throw new PayPalUnavailableError('socket hang up');
        return result;
      };
      try {
        const first = await respond(who.token, response);
        expect(first.status).toBeGreaterThanOrEqual(500);
        // The event recorded the payment meanwhile, and told the buyer.
        const invoice = await loadInvoice(invoiceId);
        expect(invoice.paid).toBe(invoice.amounts.total);
        expect(await paymentMails(who.email)).toBe(1);
        const again = await respond(who.token, response);
        expect(again.status, again.body.data.message).toBe(200);
        expect(again.body.data.responseData.status).toBe('paid');
      } finally {
        paypal.gateway.captureOrder = capture;
      }
      const completed = paypal
        .events()
        .slice(events)
        .filter((e) => e.type === 'PAYMENT.CAPTURE.COMPLETED');
      expect(completed).toHaveLength(1);
      // The tax process records the sale on the invoice once it reads the payment in the log.
      await vi.waitFor(async () => expect(await countOf(invoiceStream(invoiceId), 'TaxRecorded')).toBe(1));
      const length = (await eventsOf(invoiceStream(invoiceId))).length;
      for (const event of [...completed, ...completed]) expect(await paypal.deliver(event.id)).toBe(200);
      expect((await eventsOf(invoiceStream(invoiceId))).length).toBe(length);
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(1);
      expect(await paymentMails(who.email)).toBe(1);
      expect(capturedSince(from)).toHaveLength(1);
    });

    it('applies PayPal’s events late, out of order and twice after the return, moving nothing more', async () => {
      const from = paypal.captures().length;
      const events = paypal.events().length;
      paypal.hold(true);
      let invoiceId: string;
      let email: string;
      try {
        const order = await waitingOrder();
        invoiceId = order.invoiceId;
        email = order.who.email;
        const response = responseOf(await paypal.approve(order.url, { approve: true }));
        const answer = await respond(order.who.token, response);
        expect(answer.body.data.responseData.status).toBe('paid');
      } finally {
        paypal.hold(false);
      }
      const held = paypal.events().slice(events);
      expect(held.map((e) => e.type)).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
      const length = (await eventsOf(invoiceStream(invoiceId))).length;
      for (const event of [...held].reverse()) expect(await paypal.deliver(event.id)).toBe(200);
      for (const event of held) expect(await paypal.deliver(event.id)).toBe(200);
      expect((await eventsOf(invoiceStream(invoiceId))).length).toBe(length);
      expect(await paymentMails(email)).toBe(1);
      expect(capturedSince(from)).toHaveLength(1);
    });

    it('waits while PayPal holds an eCheck capture, then records it from PayPal’s event, once', async () => {
      const from = paypal.captures().length;
      const { who, invoiceId, part, url } = await waitingOrder();
      const response = responseOf(await paypal.approve(url, { approve: true, buyer: paypal.buyers.pending }));
      const answer = await respond(who.token, response);
      expect(answer.status, answer.body.data.message).toBe(200);
      expect(answer.body.data.responseData).toMatchObject({ status: 'requires_action', url: null });
      expect(answer.body.data.message).toBe(
        'PayPal is holding the payment until it clears: the invoice is marked paid once PayPal says so',
      );
      expect((await loadInvoice(invoiceId)).payments[part]?.status).toBe('action_required');
      const [capture] = capturedSince(from);
      expect(capture).toMatchObject({ status: 'pending' });
      await paypal.settle(capture?.captureId as string, 'completed');
      const invoice = await loadInvoice(invoiceId);
      expect(invoice.paid).toBe(invoice.amounts.total);
      expect(invoice.payments[part]).toMatchObject({ status: 'succeeded', chargeId: capture?.captureId });
      expect(await paymentMails(who.email)).toBe(1);
      const back = await respond(who.token, response);
      expect(back.body.data.responseData.status).toBe('paid');
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(1);
      expect(capturedSince(from)).toHaveLength(1);
    });

    it('gives the payment up when PayPal denies a held eCheck capture', async () => {
      const from = paypal.captures().length;
      const { who, invoiceId, part, url } = await waitingOrder();
      const response = responseOf(await paypal.approve(url, { approve: true, buyer: paypal.buyers.pending }));
      await respond(who.token, response);
      const [capture] = capturedSince(from);
      await paypal.settle(capture?.captureId as string, 'denied');
      const invoice = await loadInvoice(invoiceId);
      expect(invoice.paid).toBe(0);
      expect(invoice.payments[part]?.status).toBe('failed');
      const answer = await respond(who.token, response);
      expect(answer.status).toBe(402);
      expect(capturedSince(from)).toMatchObject([{ status: 'denied' }]);
    });

    it('takes the wallet’s credit first and the rest with PayPal, captured once', async () => {
      const from = paypal.captures().length;
      const bea = await buyer();
      const credit = await service.post(
        actions.addCreditBalance.path,
        { amount: 2_000, card_id: bea.cardId },
        { token: bea.token },
      );
      expect(credit.status).toBe(200);
      const lot = await buyNowLot();
      await addToCart(bea.token, lot.lotId);
      const answer = await checkout(bea.token, { use_wallet: true, paypal: true });
      const result = answer.body.data.responseData;
      expect(result.status).toBe('requires_action');
      const invoiceId = result.invoice_ids[0] as string;
      const { total } = (await loadInvoice(invoiceId)).amounts;
      expect((await loadInvoice(invoiceId)).payments).toMatchObject({
        [`${result.payment_id}-w`]: { method: 'wallet', status: 'succeeded', amount: 2_000 },
        [`${result.payment_id}-p`]: { method: 'paypal', status: 'action_required', amount: total - 2_000 },
      });
      expect((await service.service.streams.load(walletStream(bea.id), walletDecider)).balance).toBe(0);
      const response = responseOf(await paypal.approve(result.url as string, { approve: true }));
      const paid = await respond(bea.token, response);
      expect(paid.body.data.responseData.status).toBe('paid');
      expect((await loadInvoice(invoiceId)).paid).toBe(total);
      expect(capturedSince(from)).toMatchObject([{ amount: total - 2_000, refunded: 0 }]);
    });

    it('refunds a capture the invoice cannot take at once, and once whatever PayPal’s events say after', async () => {
      const from = paypal.captures().length;
      const { who, invoiceId, part, url } = await waitingOrder();
      const response = responseOf(await paypal.approve(url, { approve: true }));
      const { total } = (await loadInvoice(invoiceId)).amounts;
      const events = paypal.events().length;
      const capture = paypal.gateway.captureOrder.bind(paypal.gateway);
      // While PayPal captures, finance records a wire for the whole invoice; PayPal's events come late.
      paypal.hold(true);
      const finance = await service.signUp(`finance-${crypto.randomUUID()}@paypal.example`, ['finance']);
      paypal.gateway.captureOrder = async (...args) => {
        const result = await capture(...args);
        const wire = { invoice_id: invoiceId, amount: total, reference: 'wire' };
        const recorded = await service.post(actions.recordOfflinePayment.path, wire, {
          token: finance.token,
        });
        expect(recorded.status).toBe(200);
        return result;
      };
      try {
        const answer = await respond(who.token, response);
        expect(answer.status).toBe(409);
        expect(answer.body.data.code).toBe('INVOICE_PAID');
      } finally {
        paypal.gateway.captureOrder = capture;
        paypal.hold(false);
      }
      const held = paypal.events().slice(events);
      expect(held.map((e) => e.type)).toEqual(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.REFUNDED']);
      for (const event of [...held, ...held]) expect(await paypal.deliver(event.id)).toBe(200);
      expect(capturedSince(from)).toMatchObject([{ amount: total, refunded: total }]);
      const invoice = await loadInvoice(invoiceId);
      expect(invoice.paid).toBe(total);
      expect(invoice.payments[part]?.status).toBe('failed');
      const methods = Object.values(invoice.payments).map((p) => `${p.method} ${p.status}`);
      expect(methods.sort()).toEqual(['offline succeeded', 'paypal failed']);
      // The ledger: PayPal's capture charged and given back whole, to no invoice.
      const ledger = (await eventsOf(paymentStream(part))).map((e) => e.type);
      expect(ledger.filter((t) => t === 'TransactionCharged' || t === 'TransactionRefunded')).toEqual([
        'TransactionCharged',
        'TransactionRefunded',
      ]);
    });

    it('gives a returned bottle’s money back through PayPal, out of the capture’s transaction, once', async () => {
      const from = paypal.captures().length;
      const { who, lot, invoiceId, part, url } = await waitingOrder();
      const paid = await respond(who.token, responseOf(await paypal.approve(url, { approve: true })));
      expect(paid.body.data.responseData.status).toBe('paid');
      const finance = await service.signUp(`finance-${crypto.randomUUID()}@paypal.example`, ['finance']);
      const asked = await service.post<{ return_id: string; amount: number }>(
        actions.raiseReturnRequest.path,
        { invoice_id: invoiceId, product_id: lot.lotId, qty: 1, reason: 'Corked' },
        { token: who.token },
      );
      expect(asked.status, asked.body.data.message).toBe(200);
      const { return_id, amount } = asked.body.data.responseData;
      const ids = { invoice_id: invoiceId, return_id };
      const staff = { token: finance.token };
      expect(
        (await service.post(actions.decideReturn.path, { ...ids, decision: 'accept' }, staff)).status,
      ).toBe(200);
      const received = { ...ids, good: 1, damaged: 0 };
      expect((await service.post(actions.receiveReturn.path, received, staff)).status).toBe(200);
      // The refund asked twice at once and again after: PayPal refunds once.
      const commandId = crypto.randomUUID();
      const answers = await Promise.all(
        [1, 2].map(() => service.post(actions.refundReturn.path, ids, { ...staff, commandId })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect((await service.post(actions.refundReturn.path, ids, staff)).status).not.toBe(500);
      expect(capturedSince(from)).toMatchObject([{ refunded: amount }]);
      const refunds = (await eventsOf(paymentStream(part))).filter((e) => e.type === 'TransactionRefunded');
      expect(refunds.map((e) => e.data)).toMatchObject([{ amount, to: 'card', invoiceId }]);
      expect((await service.service.streams.load(walletStream(who.id), walletDecider)).balance).toBe(0);
    });

    it('refuses a PayPal event without PayPal’s signature or with a forged one, acting on nothing', async () => {
      const { invoiceId, result } = await waitingOrder();
      const orderId = (await loadInvoice(invoiceId)).payments[`${result.payment_id}-p`]?.chargeId;
      const forged = JSON.stringify({
        id: 'WH-FORGED',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: {
          id: 'CAPTUREFORGED',
          status: 'COMPLETED',
          amount: { currency_code: 'USD', value: '1.00' },
          custom_id: result.payment_id,
          supplementary_data: { related_ids: { order_id: orderId } },
        },
      });
      const post = (headers: Record<string, string>) =>
        service.app.inject({
          method: 'POST',
          url: payPalWebhookPath,
          payload: forged,
          headers: { 'content-type': 'application/json', ...headers },
        });
      const length = (await eventsOf(invoiceStream(invoiceId))).length;
      const signedBySomeoneElse = {
        'paypal-transmission-id': crypto.randomUUID(),
        'paypal-transmission-time': new Date().toISOString(),
        'paypal-transmission-sig': Buffer.from('not a signature').toString('base64'),
        'paypal-cert-url': 'https://certs.attacker.example/cert.pem',
        'paypal-auth-algo': 'SHA256withRSA',
      };
      expect((await post({})).statusCode).toBe(400);
      expect((await post(signedBySomeoneElse)).statusCode).toBe(400);
      expect((await eventsOf(invoiceStream(invoiceId))).length).toBe(length);
    });

    it('finds a PayPal payment’s invoices from the log alone, as after a restart', async () => {
      const { invoiceId, result } = await waitingOrder();
      const index = payPalPaymentsIndex();
      for (const event of await eventsOf(invoiceStream(invoiceId))) index.follow(event);
      expect(index.invoicesOf(result.payment_id)).toEqual([invoiceId]);
      expect(index.invoicesOf(`${result.payment_id}x`)).toEqual([]);
    });

    it('tells the checkout PayPal is on', async () => {
      const who = await buyer();
      const answer = await service.post(actions.paymentGateways.path, {}, { token: who.token });
      expect(answer.body.data.responseData).toEqual({ paypal: true, hosted: [] });
    });

    it.runIf(name === 'sandbox')(
      'sends the buyer from the sandbox’s approve page back to the confirm page, approved or cancelled',
      async () => {
        const approved = await waitingOrder();
        const orderId = new URL(approved.url).pathname.split('/').at(-1) as string;
        expect(new URL(approved.url).pathname).toBe(`/sandbox/paypal/approve/${orderId}`);
        const pay = await service.post<{ redirect_to: string }>(
          actions.sandboxPayPalApprove.path,
          { order_id: orderId, approve: true },
          { token: approved.who.token },
        );
        const to = new URL(pay.body.data.responseData.redirect_to, 'http://localhost');
        expect(pay.body.data.responseData.redirect_to.startsWith('/checkout_confirm?')).toBe(true);
        expect([to.searchParams.get('payment_id'), to.searchParams.get('token')]).toEqual([
          approved.result.payment_id,
          orderId,
        ]);
        expect(to.searchParams.get('PayerID')).toBeTruthy();
        const cancelled = await waitingOrder();
        const other = new URL(cancelled.url).pathname.split('/').at(-1) as string;
        const cancel = await service.post<{ redirect_to: string }>(
          actions.sandboxPayPalApprove.path,
          { order_id: other, approve: false },
          { token: cancelled.who.token },
        );
        const back = new URL(cancel.body.data.responseData.redirect_to, 'http://localhost');
        expect(back.pathname).toBe('/checkout_confirm');
        expect([back.searchParams.get('token'), back.searchParams.has('PayerID')]).toEqual([other, false]);
      },
    );

    // Last: it moves the clock past every hold of the file.
    it('gives a waiting PayPal payment up when its order’s holds lapse; approved late, nothing is captured', async () => {
      const from = paypal.captures().length;
      const { who, lot, invoiceId, part, url } = await waitingOrder();
      service.clock.advance(16 * 60_000);
      const lapsed = await eventually(
        () => loadInvoice(invoiceId),
        (invoice) => invoice.voided,
        'the lapsed order voided',
      );
      expect(lapsed.payments[part]?.status).toBe('failed');
      // Its order is PayPal's, not a card charge: nothing is cancelled at the card provider.
      expect(cancelledCharges).not.toContain(lapsed.payments[part]?.chargeId);
      expect(availableAt(await loadLot(lot.lotId), service.clock.now().getTime())).toBe(3);
      const late = await respond(who.token, responseOf(await paypal.approve(url, { approve: true })));
      expect(late.status).toBe(402);
      expect(capturedSince(from)).toEqual([]);
    });
  },
);
