import {
  actions,
  type CheckoutResult,
  gatewayWebhookPath,
  type HostedGatewayChoice,
  hostedGatewayPagePath,
  paytmCallbackPath,
} from '@wine/contracts';
import { invoiceStream, paymentStream, walletStream } from '@wine/event-schemas';
import { type GatewayNotification, type HostedGateway, HostedGatewayUnavailableError } from '@wine/platform';
import {
  eventually,
  type HostedGatewayNetwork,
  type HostedPageChoice,
  hostedGatewayNetworkNames,
  hostedGatewayTitles,
  openHostedGatewayNetwork,
} from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { checkLedger } from '../payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { walletDecider } from '../wallets/wallet.ts';
import { GATEWAY_ORDER_LAPSE_MS, RECONCILE_AFTER_MS } from './gateway-reconcile.ts';

/**
 * seeds 001 §7 "Payments" paytm_payment, paytm_response, cashfree_response and both membership-payment
 * calls, on each hosted gateway's adapter against a local double of the gateway. The buyer goes to the
 * gateway's page through the site's posting page, pays (or not) there and comes back; every test says
 * how many times the gateway took the buyer's money.
 */
describe.each(hostedGatewayNetworkNames.map((name) => [hostedGatewayTitles[name], name] as const))(
  'paying on a hosted gateway, on %s',
  (_title, name: HostedGatewayChoice) => {
    let network: HostedGatewayNetwork;
    let service: TestCommandService;
    /** The gateway the service has: the double's adapter, whose status call a spec can make die once. */
    let dieAfterStatus = 0;
    /** How many status calls find the gateway down (no answer) before it answers again. */
    let statusDown = 0;
    beforeAll(async () => {
      network = await openHostedGatewayNetwork(name);
      const real = network.gateway;
      const gateway: HostedGateway = {
        ...real,
        name: real.name,
        pageOrigin: real.pageOrigin,
        start: (payment) => real.start(payment),
        readReturn: (fields) => real.readReturn(fields),
        refund: (orderId, amount, refundId) => real.refund(orderId, amount, refundId),
        async status(orderId) {
          if (statusDown > 0) {
            statusDown -= 1;
            throw new HostedGatewayUnavailableError(real.name, 'no answer');
          }
          const status = await real.status(orderId);
          // The process dies once the gateway answered and before anything is recorded.
          if (dieAfterStatus > 0) {
            dieAfterStatus -= 1;
            throw new Error('the process died');
          }
          return status;
        },
      };
      service = await openTestCommandService({ hostedGateways: { [name]: gateway } });
      await service.service.scheduler.start();
    });
    afterEach(async () => {
      expect((await checkLedger(service.service.streams.store)).disagreements).toEqual([]);
    });
    afterAll(async () => {
      await service.service.scheduler.stop();
      await service.close();
      await network.close();
    });

    const charged = (orderId: string) => network.charges().filter((c) => c.orderId === orderId);
    const responsePath = name === 'paytm' ? actions.paytmResponse.path : actions.cashfreeResponse.path;
    const membershipPath =
      name === 'paytm' ? actions.paytmMembershipPayment.path : actions.cashfreeMembershipPayment.path;

    let n = 0;
    const buyer = async () => {
      n += 1;
      const user = await service.signUp(`buyer${n}-${name}@hosted.example`);
      // Cashfree keeps a phone with every order.
      await service.post(
        actions.updateProfile.path,
        { phone: `31255501${String(n).padStart(2, '0')}` },
        { token: user.token },
      );
      return user;
    };
    const loadInvoice = async (id: string) => {
      const invoice = await service.service.streams.load(invoiceStream(id), invoiceDecider);
      if (invoice.status !== 'issued') throw new Error(`no invoice ${id}`);
      return invoice;
    };
    const typesOf = async (stream: string) =>
      (await service.service.streams.store.readStream(stream)).map((e) => e.type);
    const countOf = async (stream: string, type: string) =>
      (await typesOf(stream)).filter((t) => t === type).length;

    /**
     * The buyer's browser: the site's posting page (a form to the gateway's own origin, posted at once),
     * the gateway's page, and back: Paytm's callback posted to the site, which sends the browser on to
     * the return page. Answers what the return page sends to the response call.
     */
    async function visitGateway(url: string, choice: HostedPageChoice) {
      const posting = await service.app.inject({ method: 'GET', url });
      expect(posting.statusCode).toBe(200);
      expect(posting.headers['content-security-policy']).toContain(
        `form-action ${network.gateway.pageOrigin}`,
      );
      const query = new URL(url, 'http://localhost').searchParams;
      const { to, ...sessionFields } = Object.fromEntries(query);
      return cameBack(await network.pay({ url: to as string, fields: sessionFields }, choice));
    }

    /** The browser back on the site from the gateway's page: what the return page sends to the response call. */
    async function cameBack(back: Awaited<ReturnType<HostedGatewayNetwork['pay']>>) {
      let returned = new URL(back.url);
      let returnFields = back.fields;
      if (back.method === 'POST') {
        expect(returned.pathname).toBe(paytmCallbackPath);
        const callback = await service.app.inject({
          method: 'POST',
          url: `${returned.pathname}${returned.search}`,
          payload: new URLSearchParams(back.fields).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(callback.statusCode).toBe(303);
        returned = new URL(callback.headers.location as string, 'http://localhost');
        returnFields = Object.fromEntries(returned.searchParams);
      } else {
        returned = new URL(`${back.url}?${new URLSearchParams(back.fields)}`);
      }
      expect(returned.pathname).toBe('/checkout_confirm');
      const { payment_id = '', invoice = '', gateway, fields = '', ...rest } = returnFields;
      expect(gateway).toBe(name);
      expect(rest).toEqual({});
      return {
        payment_id,
        invoice_ids: invoice ? invoice.split(',') : [],
        fields: Object.fromEntries(new URLSearchParams(fields)),
      };
    }
    type Response = Awaited<ReturnType<typeof visitGateway>>;
    const respond = (token: string, input: Response, commandId?: string) =>
      service.post<CheckoutResult>(responsePath, input, { token, ...(commandId && { commandId }) });
    /**
     * The buyer's return sent twice under one x-command-id (and `more` times without one) while the
     * reconciliation is due: a sign-up, a write, wakes it at the same moment. The returns' answers.
     */
    async function returnBesideReconciliation(token: string, back: Response, more = 0) {
      service.clock.advance(RECONCILE_AFTER_MS + 1_000);
      const key = crypto.randomUUID();
      const [, ...answers] = await Promise.all([
        buyer(),
        respond(token, back, key),
        respond(token, back, key),
        ...Array.from({ length: more }, () => respond(token, back)),
      ]);
      return answers;
    }
    /** Runs `step` with the process dying when it writes `userId`'s wallet (after the ledger's charge). */
    async function diesAtTheWallet<T>(userId: string, step: () => Promise<T>): Promise<T> {
      const streams = service.service.streams;
      const handle = streams.handle;
      streams.handle = ((stream: string, ...rest: unknown[]) => {
        if (stream === walletStream(userId)) return Promise.reject(new Error('the process died'));
        return (handle as (...args: unknown[]) => unknown).call(streams, stream, ...rest);
      }) as typeof handle;
      try {
        return await step();
      } finally {
        streams.handle = handle;
      }
    }
    /** A buyer's membership payment (a bid deposit) started on the gateway: the call's answer. */
    const startMembership = (token: string, amount: number) =>
      service.post<CheckoutResult>(membershipPath, { amount }, { token });
    /**
     * A membership payment of `amount` finished once: credited to `userId`'s wallet and held there as one
     * deposit, one ledger charge, and the gateway charged the buyer once.
     */
    async function expectHeldOnce(userId: string, paymentId: string, amount: number) {
      expect(await typesOf(walletStream(userId))).toEqual(['WalletCredited', 'DepositHeld']);
      const wallet = await service.service.streams.load(walletStream(userId), walletDecider);
      expect(wallet.balance).toBe(0);
      expect(Object.values(wallet.held)).toEqual([amount]);
      expect(await countOf(paymentStream(paymentId), 'TransactionCharged')).toBe(1);
      expect(charged(paymentId)).toEqual([{ orderId: paymentId, amount, refunded: 0 }]);
    }

    /** A buyer's auction invoice (a won lot) paid with the gateway, waiting on the gateway's page. */
    async function waitingPayment(hammer = 10_000, payment: Record<string, unknown> = { gateway: name }) {
      const who = await buyer();
      const { invoiceId } = await service.issueAuctionInvoice(who.id, hammer);
      const answer = await service.post<CheckoutResult>(
        actions.checkout.path,
        { type: 'auction', cart_id: invoiceId, delivery: 'pickup', payment },
        { token: who.token },
      );
      expect(answer.status, answer.body.data.message).toBe(200);
      const result = answer.body.data.responseData;
      expect(result.status).toBe('requires_action');
      const orderId = `${result.payment_id}-${name}`;
      return { who, invoiceId, result, orderId, url: result.url as string };
    }

    it('pays an invoice on the gateway’s page: the response records the payment the status API confirms, charged once', async () => {
      const { who, invoiceId, orderId, url } = await waitingPayment();
      const waiting = await loadInvoice(invoiceId);
      expect(waiting.payments[orderId]).toMatchObject({ method: 'gateway', status: 'action_required' });
      expect(url.startsWith(hostedGatewayPagePath(name))).toBe(true);
      const back = await visitGateway(url, 'pay');
      const answer = await respond(who.token, back);
      expect(answer.status, answer.body.data.message).toBe(200);
      expect(answer.body.data.responseData.status).toBe('paid');
      const invoice = await loadInvoice(invoiceId);
      expect(invoice.paid).toBe(invoice.amounts.total);
      expect(invoice.payments[orderId]).toMatchObject({ method: 'gateway', status: 'succeeded' });
      const tx = await service.service.streams.store.readStream(paymentStream(orderId));
      expect(tx.map((e) => e.type)).toEqual([
        'TransactionStarted',
        'TransactionActionRequired',
        'TransactionCharged',
      ]);
      // The same return again (another tab, a reload) records nothing more.
      const again = await respond(who.token, back);
      expect(again.body.data.responseData.status).toBe('paid');
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(1);
      expect(charged(orderId)).toEqual([{ orderId, amount: invoice.amounts.total, refunded: 0 }]);
    });

    it('records once for one return sent twice at once with one x-command-id, a third beside them, and again later', async () => {
      const { who, invoiceId, orderId, url } = await waitingPayment(20_000);
      const back = await visitGateway(url, 'pay');
      const key = crypto.randomUUID();
      const answers = await Promise.all([
        respond(who.token, back, key),
        respond(who.token, back, key),
        respond(who.token, back),
      ]);
      for (const answer of answers) {
        expect(answer.status, answer.body.data.message).toBe(200);
        expect(answer.body.data.responseData.status).toBe('paid');
      }
      expect((await respond(who.token, back, key)).body.data.responseData.status).toBe('paid');
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(1);
      expect(await countOf(paymentStream(orderId), 'TransactionCharged')).toBe(1);
      expect(charged(orderId)).toHaveLength(1);
    });

    it('records the same payment when the process died between the gateway’s answer and the record: no second charge', async () => {
      const { who, invoiceId, orderId, url } = await waitingPayment(15_000);
      const back = await visitGateway(url, 'pay');
      const key = crypto.randomUUID();
      dieAfterStatus = 1;
      const died = await respond(who.token, back, key);
      expect(died.status).toBe(500);
      expect((await loadInvoice(invoiceId)).paid).toBe(0);
      const retry = await respond(who.token, back, key);
      expect(retry.status, retry.body.data.message).toBe(200);
      expect(retry.body.data.responseData.status).toBe('paid');
      const invoice = await loadInvoice(invoiceId);
      expect(invoice.paid).toBe(invoice.amounts.total);
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(1);
      expect(charged(orderId)).toEqual([{ orderId, amount: invoice.amounts.total, refunded: 0 }]);
    });

    it('gives the payment up when the buyer cancels or the bank declines on the gateway’s page: nothing taken', async () => {
      for (const choice of ['cancel', 'decline'] as const) {
        const { who, invoiceId, orderId, url } = await waitingPayment();
        const back = await visitGateway(url, choice);
        const answer = await respond(who.token, back);
        expect(answer.status).toBe(402);
        expect(answer.body.data.code).toBe('PAYMENT_DECLINED');
        const invoice = await loadInvoice(invoiceId);
        expect(invoice.paid).toBe(0);
        expect(invoice.payments[orderId]?.status).toBe('failed');
        expect(charged(orderId)).toEqual([]);
      }
    });

    it('takes the wallet’s credit first and the rest on the gateway, the server’s total', async () => {
      const who = await buyer();
      const { cardId } = await service.addCard(who.token);
      await service.post(
        actions.addCreditBalance.path,
        { amount: 5_000, card_id: cardId },
        { token: who.token },
      );
      const { invoiceId } = await service.issueAuctionInvoice(who.id, 10_000);
      const payment = name === 'paytm' ? null : { gateway: name, use_wallet: true };
      // Paytm's own call (seeds 001 paytm_payment) names the cart only; the server computes the amount.
      const answer = payment
        ? await service.post<CheckoutResult>(
            actions.checkout.path,
            { type: 'auction', cart_id: invoiceId, delivery: 'pickup', payment },
            { token: who.token },
          )
        : await service.post<CheckoutResult>(
            actions.paytmPayment.path,
            { type: 'auction', cart_id: invoiceId, delivery: 'pickup', use_wallet: true },
            { token: who.token },
          );
      expect(answer.status, answer.body.data.message).toBe(200);
      const { payment_id, url } = answer.body.data.responseData;
      const total = (await loadInvoice(invoiceId)).amounts.total;
      const orderId = `${payment_id}-${name}`;
      expect((await loadInvoice(invoiceId)).payments[orderId]?.amount).toBe(total - 5_000);
      const paid = await respond(who.token, await visitGateway(url as string, 'pay'));
      expect(paid.body.data.responseData.status).toBe('paid');
      expect((await loadInvoice(invoiceId)).paid).toBe(total);
      expect(charged(orderId)).toEqual([{ orderId, amount: total - 5_000, refunded: 0 }]);
    });

    it('refuses a forged return (changed fields, another payment’s order) and another buyer’s, recording nothing', async () => {
      const first = await waitingPayment();
      const second = await waitingPayment();
      const back = await visitGateway(first.url, 'pay');
      const before = await typesOf(invoiceStream(first.invoiceId));
      const forged =
        name === 'paytm'
          ? [
              { ...back, fields: { ...back.fields, TXNAMOUNT: '1.00' } },
              { ...back, fields: { ...back.fields, ORDERID: second.orderId } },
            ]
          : [{ ...back, fields: { ...back.fields, order_id: second.orderId } }];
      for (const input of forged) {
        const answer = await respond(first.who.token, input);
        expect(answer.status).toBe(400);
        expect(answer.body.data.code).toBe('GATEWAY_RETURN_INVALID');
      }
      // The first order's return under the second payment's id is not that payment's either.
      const crossed = await respond(second.who.token, {
        ...back,
        payment_id: second.result.payment_id,
        invoice_ids: [second.invoiceId],
      });
      expect(crossed.body.data.code).toBe('GATEWAY_RETURN_INVALID');
      // Another buyer's invoice answers as unknown.
      const mallory = await buyer();
      expect((await respond(mallory.token, back)).body.data.code).toBe('INVOICE_NOT_FOUND');
      expect(await typesOf(invoiceStream(first.invoiceId))).toEqual(before);
      expect((await loadInvoice(first.invoiceId)).paid).toBe(0);
    });

    it('refuses an order the gateway holds for another amount than the payment’s, recording nothing', async () => {
      const { who, invoiceId, orderId, url } = await waitingPayment();
      const back = await visitGateway(url, 'pay');
      network.setAmount(orderId, 100);
      const answer = await respond(who.token, back);
      expect(answer.status).toBe(409);
      expect(answer.body.data.code).toBe('GATEWAY_AMOUNT_MISMATCH');
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(0);
      expect(await countOf(paymentStream(orderId), 'TransactionCharged')).toBe(0);
    });

    it('pays a membership (a bid deposit) on the gateway: credited and held once, whatever the returns', async () => {
      const who = await buyer();
      const started = await startMembership(who.token, 25_000);
      expect(started.status, started.body.data.message).toBe(200);
      const { payment_id, url, status } = started.body.data.responseData;
      expect(status).toBe('requires_action');
      const back = await visitGateway(url as string, 'pay');
      expect(back).toMatchObject({ payment_id, invoice_ids: [] });
      const key = crypto.randomUUID();
      const answers = await Promise.all([respond(who.token, back, key), respond(who.token, back)]);
      for (const answer of answers)
        expect(answer.body.data.responseData.status, answer.body.data.message).toBe('paid');
      expect((await respond(who.token, back)).body.data.responseData.status).toBe('paid');
      await expectHeldOnce(who.id, payment_id, 25_000);
      // Another buyer's membership payment answers as unknown.
      const mallory = await buyer();
      expect((await respond(mallory.token, back)).body.data.code).toBe('PAYMENT_NOT_FOUND');
    });

    it('gives a membership payment up when the buyer cancels: nothing credited or held', async () => {
      const who = await buyer();
      const started = await startMembership(who.token, 10_000);
      const back = await visitGateway(started.body.data.responseData.url as string, 'cancel');
      const answer = await respond(who.token, back);
      expect(answer.body.data.code).toBe('PAYMENT_DECLINED');
      expect(await typesOf(walletStream(who.id))).toEqual([]);
      expect(await countOf(paymentStream(back.payment_id), 'TransactionFailed')).toBe(1);
    });

    /** The buyer pays (or leaves) on the gateway's own page and their browser never comes back to the site. */
    async function onGatewayOnly(url: string, choice: HostedPageChoice) {
      const { to, ...fields } = Object.fromEntries(new URL(url, 'http://localhost').searchParams);
      return network.pay({ url: to as string, fields }, choice);
    }
    /** Minutes pass on the service's clock; a sign-up is a write, which wakes the processes. */
    const later = async (ms: number) => {
      service.clock.advance(ms);
      await buyer();
    };

    it('records a payment whose buyer never came back from the gateway’s page, from its status API, charged once', async () => {
      const { who, invoiceId, orderId, url } = await waitingPayment(12_000);
      const back = await onGatewayOnly(url, 'pay');
      await later(RECONCILE_AFTER_MS + 1_000);
      await eventually(
        () => loadInvoice(invoiceId),
        (i) => i.paid === i.amounts.total,
        'the payment reconciled',
      );
      const invoice = await loadInvoice(invoiceId);
      expect(invoice.payments[orderId]).toMatchObject({ method: 'gateway', status: 'succeeded' });
      expect(await typesOf(paymentStream(orderId))).toEqual([
        'TransactionStarted',
        'TransactionActionRequired',
        'TransactionCharged',
      ]);
      // The buyer's return after all (a tab reopened later): paid, nothing recorded twice.
      const answer = await respond(who.token, await cameBack(back));
      expect(answer.body.data.responseData.status).toBe('paid');
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(1);
      expect(charged(orderId)).toEqual([{ orderId, amount: invoice.amounts.total, refunded: 0 }]);
    });

    it('records once when the buyer’s return and the reconciliation settle the same order at the same moment', async () => {
      const { who, invoiceId, orderId, url } = await waitingPayment(14_000);
      const back = await cameBack(await onGatewayOnly(url, 'pay'));
      const answers = await returnBesideReconciliation(who.token, back, 1);
      for (const answer of answers) expect(answer.body.data.responseData.status).toBe('paid');
      await eventually(
        () => loadInvoice(invoiceId),
        (i) => i.paid === i.amounts.total,
        'the payment recorded',
      );
      // A moment later, with the process woken again: still one record, one ledger charge, one charge.
      await later(1_000);
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(1);
      expect(await countOf(paymentStream(orderId), 'TransactionCharged')).toBe(1);
      const invoice = await loadInvoice(invoiceId);
      expect(charged(orderId)).toEqual([{ orderId, amount: invoice.amounts.total, refunded: 0 }]);
    });

    it('credits and holds a membership payment whose buyer never came back, once', async () => {
      const who = await buyer();
      const started = await startMembership(who.token, 30_000);
      const { payment_id, url } = started.body.data.responseData;
      await onGatewayOnly(url as string, 'pay');
      await later(RECONCILE_AFTER_MS + 1_000);
      await eventually(
        () => typesOf(walletStream(who.id)),
        (types) => types.length === 2,
        'the membership reconciled',
      );
      await expectHeldOnce(who.id, payment_id, 30_000);
    });

    it('finishes a membership payment whose process died between the ledger’s charge and the wallet’s credit: credited and held once, charged once', async () => {
      const who = await buyer();
      const started = await startMembership(who.token, 20_000);
      const { payment_id, url } = started.body.data.responseData;
      const back = await visitGateway(url as string, 'pay');
      // The buyer's return charges the ledger, and the process dies before the wallet is written.
      expect((await diesAtTheWallet(who.id, () => respond(who.token, back))).status).toBe(500);
      expect(await countOf(paymentStream(payment_id as string), 'TransactionCharged')).toBe(1);
      expect(await typesOf(walletStream(who.id))).toEqual([]);
      // The buyer does not come back again: the reconciliation finishes it.
      await later(RECONCILE_AFTER_MS + 1_000);
      await eventually(
        () => typesOf(walletStream(who.id)),
        (types) => types.length === 2,
        'the membership finished',
      );
      await later(RECONCILE_AFTER_MS + 1_000);
      await expectHeldOnce(who.id, payment_id as string, 20_000);
    });

    it('finishes a membership payment after that crash once when the buyer’s return (twice under one x-command-id) and the reconciliation come together', async () => {
      const who = await buyer();
      const started = await startMembership(who.token, 15_000);
      const { payment_id, url } = started.body.data.responseData;
      const back = await visitGateway(url as string, 'pay');
      expect((await diesAtTheWallet(who.id, () => respond(who.token, back))).status).toBe(500);
      const answers = await returnBesideReconciliation(who.token, back);
      for (const answer of answers) expect(answer.body.data.responseData.status).toBe('paid');
      await later(1_000);
      await expectHeldOnce(who.id, payment_id as string, 15_000);
    });

    it('keeps asking about an order left open on the gateway, and gives it up after a day: nothing taken, the invoice due again', async () => {
      const { invoiceId, orderId } = await waitingPayment(13_000);
      await later(RECONCILE_AFTER_MS + 1_000);
      // Asked, still open at the gateway: the payment waits.
      await later(1_000);
      expect((await loadInvoice(invoiceId)).payments[orderId]?.status).toBe('action_required');
      await later(GATEWAY_ORDER_LAPSE_MS);
      await eventually(
        () => loadInvoice(invoiceId),
        (i) => i.payments[orderId]?.status === 'failed',
        'the open order given up',
      );
      expect((await loadInvoice(invoiceId)).paid).toBe(0);
      expect(await typesOf(paymentStream(orderId))).toEqual([
        'TransactionStarted',
        'TransactionActionRequired',
        'TransactionFailed',
      ]);
      expect(charged(orderId)).toEqual([]);
    });

    /** The gateway's webhook for the order as it stands (or as `change` makes it), posted to the site as the gateway posts it. */
    async function notify(
      orderId: string,
      change?: (notification: GatewayNotification) => GatewayNotification,
    ) {
      const notification = await network.notification(orderId);
      const { body, headers } = change ? change(notification) : notification;
      return service.app.inject({
        method: 'POST',
        url: gatewayWebhookPath(name),
        payload: body,
        headers: headers as Record<string, string>,
      });
    }

    it('records a payment from the gateway’s webhook at once, whose buyer never came back: charged once', async () => {
      const { who, invoiceId, orderId, url } = await waitingPayment(16_000);
      const back = await onGatewayOnly(url, 'pay');
      // No minute passes: the reconciliation has not asked yet, the webhook alone records it.
      const delivered = await notify(orderId);
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json()).toEqual({ status: 'paid' });
      const invoice = await loadInvoice(invoiceId);
      expect(invoice.paid).toBe(invoice.amounts.total);
      expect(invoice.payments[orderId]).toMatchObject({ method: 'gateway', status: 'succeeded' });
      // The gateway sends it again (as gateways do), and the buyer's tab comes back later: nothing more.
      expect((await notify(orderId)).json()).toEqual({ status: 'paid' });
      const answer = await respond(who.token, await cameBack(back));
      expect(answer.body.data.responseData.status).toBe('paid');
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(1);
      expect(await countOf(paymentStream(orderId), 'TransactionCharged')).toBe(1);
      expect(charged(orderId)).toEqual([{ orderId, amount: invoice.amounts.total, refunded: 0 }]);
    });

    it('records once when the webhook comes twice at once beside the buyer’s return sent twice under one x-command-id', async () => {
      const { who, invoiceId, orderId, url } = await waitingPayment(17_000);
      const back = await cameBack(await onGatewayOnly(url, 'pay'));
      const key = crypto.randomUUID();
      const [first, second, ...answers] = await Promise.all([
        notify(orderId),
        notify(orderId),
        respond(who.token, back, key),
        respond(who.token, back, key),
      ]);
      expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
      for (const answer of answers) expect(answer.body.data.responseData.status).toBe('paid');
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(1);
      expect(await countOf(paymentStream(orderId), 'TransactionCharged')).toBe(1);
      const invoice = await loadInvoice(invoiceId);
      expect(invoice.paid).toBe(invoice.amounts.total);
      expect(charged(orderId)).toEqual([{ orderId, amount: invoice.amounts.total, refunded: 0 }]);
    });

    it('refuses a forged webhook or one without a signature, and ignores an order that is not the site’s, settling nothing', async () => {
      const { invoiceId, orderId, url } = await waitingPayment(18_000);
      await onGatewayOnly(url, 'cancel');
      const events = await typesOf(invoiceStream(invoiceId));
      // The buyer gave up; a forger turns the notification to paid, or strips its signature.
      const forged = await notify(orderId, ({ body, headers }) => ({
        headers,
        body: Buffer.from(
          body
            .toString('utf8')
            .replace('TXN_FAILURE', 'TXN_SUCCESS')
            .replace('PAYMENT_USER_DROPPED_WEBHOOK', 'PAYMENT_SUCCESS_WEBHOOK'),
        ),
      }));
      expect(forged.statusCode).toBe(400);
      const unsigned = await notify(orderId, ({ body }) => ({
        body,
        headers: { 'content-type': 'text/plain' },
      }));
      expect(unsigned.statusCode).toBe(400);
      expect(await typesOf(invoiceStream(invoiceId))).toEqual(events);
      expect(await typesOf(paymentStream(orderId))).toEqual([
        'TransactionStarted',
        'TransactionActionRequired',
      ]);
      // An order opened on the gateway outside the site, paid there: the site has no payment for it.
      const outside = `OUT-${crypto.randomUUID().slice(0, 12)}`;
      await network.pay(
        await network.gateway.start({
          orderId: outside,
          amount: 5_000,
          currency: 'USD',
          customer: { id: 'someone', email: 'someone@else.example', phone: '9999999999' },
          returnUrl: 'https://else.example/back?order_id={order_id}',
        }),
        'pay',
      );
      const ignored = await notify(outside);
      expect(ignored.statusCode).toBe(200);
      expect(ignored.json()).toEqual({ status: 'ignored' });
      expect(await typesOf(paymentStream(outside))).toEqual([]);
      // The gateway's own notification of the cancel gives the payment up: nothing taken, the invoice due again.
      expect((await notify(orderId)).json()).toEqual({ status: 'declined' });
      expect((await loadInvoice(invoiceId)).payments[orderId]?.status).toBe('failed');
      expect(charged(orderId)).toEqual([]);
    });

    it('answers 503 when the gateway’s status API does not answer (the gateway sends it again), then records it once', async () => {
      const { invoiceId, orderId, url } = await waitingPayment(19_000);
      await onGatewayOnly(url, 'pay');
      statusDown = 1;
      const down = await notify(orderId);
      expect(down.statusCode).toBe(503);
      expect((await loadInvoice(invoiceId)).paid).toBe(0);
      const again = await notify(orderId);
      expect(again.json()).toEqual({ status: 'paid' });
      expect(await countOf(invoiceStream(invoiceId), 'PaymentRecorded')).toBe(1);
      expect(charged(orderId)).toHaveLength(1);
    });

    it('credits and holds a membership payment from the gateway’s webhook, once, whatever comes after', async () => {
      const who = await buyer();
      const started = await startMembership(who.token, 35_000);
      const { payment_id, url } = started.body.data.responseData;
      const back = await onGatewayOnly(url as string, 'pay');
      const [first, second] = await Promise.all([notify(payment_id), notify(payment_id)]);
      expect([first?.json(), second?.json()]).toEqual([{ status: 'paid' }, { status: 'paid' }]);
      expect(await typesOf(walletStream(who.id))).toEqual(['WalletCredited', 'DepositHeld']);
      expect((await respond(who.token, await cameBack(back))).body.data.responseData.status).toBe('paid');
      await expectHeldOnce(who.id, payment_id, 35_000);
    });

    it('lists the gateway among the checkout’s ways to pay', async () => {
      const who = await buyer();
      const answer = await service.post(actions.paymentGateways.path, {}, { token: who.token });
      expect(answer.body.data.responseData).toMatchObject({ hosted: [name] });
    });
  },
);

describe('the hosted gateways where the site takes none (the default)', () => {
  let service: TestCommandService;
  beforeAll(async () => {
    service = await openTestCommandService();
  });
  afterAll(async () => {
    await service.close();
  });

  it('lists none, and refuses their calls with GATEWAY_UNAVAILABLE, writing nothing', async () => {
    const who = await service.signUp('nobody@hosted.example');
    const listed = await service.post(actions.paymentGateways.path, {}, { token: who.token });
    expect(listed.body.data.responseData).toMatchObject({ hosted: [] });
    const { invoiceId } = await service.issueAuctionInvoice(who.id, 10_000);
    const before = await service.service.streams.store.readStream(invoiceStream(invoiceId));
    for (const [path, body] of [
      [actions.paytmPayment.path, { type: 'auction', cart_id: invoiceId, delivery: 'pickup' }],
      [
        actions.checkout.path,
        { type: 'auction', cart_id: invoiceId, delivery: 'pickup', payment: { gateway: 'cashfree' } },
      ],
      [actions.paytmMembershipPayment.path, { amount: 10_000 }],
      [actions.cashfreeMembershipPayment.path, { amount: 10_000 }],
      [actions.paytmResponse.path, { payment_id: 'P-x', invoice_ids: [invoiceId], fields: {} }],
    ] as const) {
      const answer = await service.post(path, body, { token: who.token });
      expect(answer.status, path).toBe(400);
      expect(answer.body.data.code, path).toBe('GATEWAY_UNAVAILABLE');
    }
    expect(await service.service.streams.store.readStream(invoiceStream(invoiceId))).toEqual(before);
  });

  it('refuses a page for another origin than the gateway’s (no open redirect)', async () => {
    const answer = await service.app.inject({
      method: 'GET',
      url: `${hostedGatewayPagePath('paytm')}?to=${encodeURIComponent('https://evil.example/pay')}&txnToken=x`,
    });
    expect(answer.statusCode).toBe(404);
  });
});
