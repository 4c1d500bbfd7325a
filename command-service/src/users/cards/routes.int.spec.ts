import {
  actions,
  type CardCustomer,
  type CardList,
  type CardRecord,
  type LoginResult,
} from '@wine/contracts';
import {
  type CardNetwork,
  cardNetworkFromEnv,
  cardNetworkTitles,
  openCardNetwork,
} from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';

let service: TestCommandService;
/** The card network these tests charge (CARD_NETWORK: the sandbox, or Stripe behind its local double). */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
beforeAll(async () => {
  network = await openCardNetwork(networkName);
  service = await openTestCommandService({ network });
});
afterAll(async () => {
  await service.close();
  await network.close();
});

describe(`card routes, on ${on}`, () => {
  it('takes a token from the provider, never a card number, and tells the browser where to tokenise', async () => {
    const dee = await service.signUp('dee@cards.example');
    const raw = await service.post(
      actions.addCard.path,
      { card_number: network.testCards.visa, exp_month: 12, exp_year: 2030, cvv: '123', name_on_card: 'Dee' },
      { token: dee.token },
    );
    expect([raw.status, raw.body.data.code]).toEqual([400, 'VALIDATION']);
    // A token this provider never made, or one used once already, keeps no card.
    const forged = await service.post(
      actions.addCard.path,
      { card_token: 'tok_never_made_by_anyone', name_on_card: 'Dee' },
      { token: dee.token },
    );
    expect([forged.status, forged.body.data.code]).toEqual([402, 'CARD_DECLINED']);
    const card_token = await service.tokenizeCard(network.testCards.visa);
    expect(
      (await service.post(actions.addCard.path, { card_token, name_on_card: 'Dee' }, { token: dee.token }))
        .status,
    ).toBe(200);
    const reused = await service.post(
      actions.addCard.path,
      { card_token, name_on_card: 'Dee' },
      { token: dee.token },
    );
    expect([reused.status, reused.body.data.code]).toEqual([402, 'CARD_DECLINED']);
    const where = await service.post<{ name: string; tokens_url: string; publishable_key: string | null }>(
      actions.cardProvider.path,
      {},
      { token: dee.token },
    );
    expect(where.body.data.responseData).toEqual(
      networkName === 'sandbox'
        ? { name: 'sandbox', tokens_url: '/vault/v1/tokens', publishable_key: null, new_card_payments: false }
        : {
            name: networkName,
            tokens_url: network.provider.tokenisation.url,
            publishable_key: network.provider.tokenisation.publishableKey,
            // A new card paid in the browser and kept nowhere: Stripe's Payment Element only.
            new_card_payments: networkName === 'stripe',
          },
    );
    if (networkName === 'stripe') {
      expect(where.body.data.responseData).toMatchObject({
        tokens_url: network.stripe?.url,
        publishable_key: network.stripe?.publishableKey,
      });
    }
    expect((await service.post(actions.cardProvider.path, {}, {})).status).toBe(403);
  });

  it("answers the seeds' paths of the configured provider's area as the same calls, one claim per x-command-id", async () => {
    const fay = await service.signUp('fay@cards.example');
    const { providerPaths } = actions.addCard;
    const own = providerPaths?.[networkName as keyof typeof providerPaths]?.[0];
    for (const [name, paths] of Object.entries(providerPaths ?? {}))
      if (name !== networkName) {
        // Another provider's area is not served: its cards are not this provider's.
        const other = await service.post(paths[0] as string, {}, { token: fay.token });
        expect([other.status, other.body.data.code]).toEqual([404, 'NO_ACTION']);
      }
    if (!own) return;
    const card_token = await service.tokenizeCard(network.testCards.visa);
    const body = { card_token, name_on_card: 'Fay' };
    // The same command sent to the seeds' path and to ours (a retry through another path) adds one card.
    const first = await service.post<CardList>(own, body, { token: fay.token, commandId: 'fay-add-card-1' });
    const again = await service.post<CardList>(actions.addCard.path, body, {
      token: fay.token,
      commandId: 'fay-add-card-1',
    });
    expect([first.status, again.status]).toEqual([200, 200]);
    const listed = await service.post<CardList>(
      actions.getCards.providerPaths?.[networkName as 'stripe']?.[0] as string,
      {},
      { token: fay.token },
    );
    expect(listed.body.data.responseData.data).toHaveLength(1);
    expect((await service.post(own, body, {})).status).toBe(403);
  });

  it('gives a card form a capture context where the provider wants one (CyberSource, Versapay), naming the site', async () => {
    const eve = await service.signUp('eve@cards.example');
    const asked = await service.post<{ capture_context: string }>(
      actions.cardCaptureContext.path,
      {},
      { token: eve.token },
    );
    if (networkName === 'cybersource') {
      expect(asked.status).toBe(200);
      const claims = JSON.parse(
        Buffer.from(asked.body.data.responseData.capture_context.split('.')[1] ?? '', 'base64url').toString(),
      ) as { targetOrigins: string[]; flx: { path: string } };
      // The test service's public URL is http://localhost: Flex takes the card only from that page.
      expect([claims.targetOrigins, claims.flx.path]).toEqual([['http://localhost'], '/flex/v2/tokens']);
    } else if (networkName === 'versapay') {
      // Versapay's session for its card form (the seeds' createCardLink), answered at its own path too.
      expect(asked.status).toBe(200);
      expect(asked.body.data.responseData.capture_context).toMatch(/^\w+/);
      const link = await service.post('/api/paymentThird/versapay/createCardLink', {}, { token: eve.token });
      expect(link.status).toBe(200);
    } else {
      expect([asked.status, asked.body.data.code]).toEqual([400, 'CARD_PROVIDER_NO_CONTEXT']);
    }
    expect((await service.post(actions.cardCaptureContext.path, {}, {})).status).toBe(403);
  });

  it('adds a card, lists it as the default, and deletes it', async () => {
    const ann = await service.signUp('ann@cards.example');
    const { answer: added } = await service.addCard(ann.token);
    expect(added.body.data.message).toBe('Card added');

    const listed = await service.post<CardList>(actions.getCards.path, {}, { token: ann.token });
    expect(listed.status).toBe(200);
    const [card] = listed.body.data.responseData.data;
    expect(card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
      is_default: true,
    });
    // Nothing but the brand and the last four of the number is answered (or kept).
    expect(JSON.stringify(listed.body)).not.toContain('4242424242424242');

    const deleted = await service.post<CardList>(
      actions.deleteCard.path,
      { id: card?.id },
      { token: ann.token },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.responseData.data).toEqual([]);
    const again = await service.post(actions.deleteCard.path, { id: card?.id }, { token: ann.token });
    expect(again.status).toBe(404);
    expect(again.body.data.code).toBe('CARD_NOT_FOUND');
  });

  it("retrieves one of the caller's own cards as the card itself, and no one else's", async () => {
    const gus = await service.signUp('gus@cards.example');
    const { cardId } = await service.addCard(gus.token);
    const one = await service.post<CardRecord>(actions.getCard.path, { id: cardId }, { token: gus.token });
    expect(one.status).toBe(200);
    // seeds 001 §7 "List and retrieve read responseData.data and has_more, or responseData".
    expect(one.body.data.responseData).toEqual({
      id: cardId,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2030,
      name_on_card: expect.any(String),
      is_default: true,
    });
    const hal = await service.signUp('hal@cards.example');
    const theirs = await service.post(actions.getCard.path, { id: cardId }, { token: hal.token });
    expect([theirs.status, theirs.body.data.code]).toEqual([404, 'CARD_NOT_FOUND']);
    const unknown = await service.post(actions.getCard.path, { id: 'no-such-card' }, { token: gus.token });
    expect([unknown.status, unknown.body.data.code]).toEqual([404, 'CARD_NOT_FOUND']);
    const bad = await service.post(actions.getCard.path, { id: 'not a card id!' }, { token: gus.token });
    expect([bad.status, bad.body.data.code]).toEqual([400, 'VALIDATION']);
    expect((await service.post(actions.getCard.path, { id: cardId }, {})).status).toBe(403);
  });

  it('answers the caller as the card provider’s customer, asking the provider nothing and writing nothing', async () => {
    const ida = await service.signUp('ida@cards.example');
    const empty = await service.post<CardCustomer>(actions.cardCustomer.path, {}, { token: ida.token });
    expect(empty.status).toBe(200);
    expect(empty.body.data.responseData).toMatchObject({
      id: ida.id,
      email: 'ida@cards.example',
      default_source: null,
      sources: { data: [], has_more: false },
    });
    const { cardId } = await service.addCard(ida.token);
    const charged = network.charges().length;
    const again = await service.post<CardCustomer>(actions.cardCustomer.path, {}, { token: ida.token });
    expect(again.body.data.responseData).toMatchObject({
      id: ida.id,
      default_source: cardId,
      sources: { data: [{ id: cardId, is_default: true }], has_more: false },
    });
    // Asked twice, still the one card: nothing was made at the provider, nothing charged.
    const listed = await service.post<CardList>(actions.getCards.path, {}, { token: ida.token });
    expect(listed.body.data.responseData.data.map((c) => c.id)).toEqual([cardId]);
    expect(network.charges().length).toBe(charged);
    expect((await service.post(actions.cardCustomer.path, {}, {})).status).toBe(403);
  });

  it("serves the card payment provider area's customer, source and payment_method calls as the same cards", async () => {
    const jo = await service.signUp('jo@cards.example');
    const at = (a: { providerPaths?: Partial<Record<string, readonly string[]>> }, call: string) =>
      a.providerPaths?.[networkName]?.find((p) => p.endsWith(`/${call}`));
    const create = at(actions.addCard, 'customer/payment_method/create');
    if (networkName !== 'stripe') {
      // Stripe's area (paymentThird/stripe): not served while another provider keeps the cards.
      const other = await service.post(
        '/api/paymentThird/stripe/customer/payment_method/list',
        {},
        { token: jo.token },
      );
      expect([other.status, other.body.data.code]).toEqual([404, 'NO_ACTION']);
      return;
    }
    const customer = await service.post<CardCustomer>(
      at(actions.cardCustomer, 'customer/create') as string,
      {},
      { token: jo.token },
    );
    expect(customer.body.data.responseData.id).toBe(jo.id);
    const card_token = await service.tokenizeCard(network.testCards.visa);
    const added = await service.post<CardList>(
      create as string,
      { card_token, name_on_card: 'Jo' },
      { token: jo.token, commandId: 'jo-add-card-1' },
    );
    const [card] = added.body.data.responseData.data;
    const listed = await service.post<CardList>(
      at(actions.getCards, 'customer/source/list') as string,
      {},
      { token: jo.token },
    );
    expect(listed.body.data.responseData).toEqual({ data: [card], has_more: false });
    for (const call of ['source/retrieve', 'customer/source/retrieve', 'customer/payment_method/retrieve']) {
      const one = await service.post<CardRecord>(
        at(actions.getCard, call) as string,
        { id: card?.id },
        { token: jo.token },
      );
      expect([call, one.body.data.responseData]).toEqual([call, card]);
    }
    const updated = await service.post<CardList>(
      at(actions.updateCard, 'skyflow/updatePaymentMethod') as string,
      { id: card?.id, exp_month: 3, exp_year: 2031, name_on_card: 'Jo B' },
      { token: jo.token },
    );
    expect(updated.body.data.responseData.data[0]).toMatchObject({ exp_month: 3, exp_year: 2031 });
    const defaulted = await service.post(
      at(actions.defaultCard, 'customer/payment_method/default') as string,
      { id: card?.id },
      { token: jo.token },
    );
    expect(defaulted.status).toBe(200);
    const deleted = await service.post<CardList>(
      at(actions.deleteCard, 'customer/payment_method/delete') as string,
      { id: card?.id },
      { token: jo.token },
    );
    expect(deleted.body.data.responseData.data).toEqual([]);
  });

  it('answers a declined card with the processor’s words up to its reference', async () => {
    const bob = await service.signUp('bob@cards.example');
    const card_token = await service.tokenizeCard(network.testCards.declined);
    const answer = await service.post(
      actions.addCard.path,
      { card_token, name_on_card: 'Bob' },
      { token: bob.token },
    );
    expect(answer.status).toBe(402);
    expect(answer.body.data.code).toBe('CARD_DECLINED');
    expect(answer.body.data.message).toBe('Your card was declined.');
  });
});

describe(`a switched session (an admin acting as the user), on ${on}`, () => {
  it('is read-only for money: it adds no card and charges none, pays nothing, moves no wallet credit', async () => {
    const cy = await service.signUp('cy@cards.example');
    const { cardId } = await service.addCard(cy.token);
    const admin = await service.signUp('admin@cards.example', ['admin']);
    const switched = await service.post<LoginResult>(
      actions.switchUser.path,
      { id: cy.id },
      { token: admin.token },
    );
    expect(switched.status).toBe(200);
    const token = switched.body.data.responseData.token;
    const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 4 });
    // Putting a line in the cart moves no money: the admin helping the user may still do that.
    const added = await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 1 }] },
      { token },
    );
    expect(added.status).toBe(200);
    const charged = network.charges().length;
    const card = { card_token: await service.tokenizeCard(network.testCards.visa), name_on_card: 'Cy' };
    const attempts: [string, unknown][] = [
      [actions.addCard.path, card],
      [actions.deleteCard.path, { id: cardId }],
      [actions.defaultCard.path, { id: cardId }],
      [
        actions.checkout.path,
        { type: 'buynow', cart_id: 'sw-1', delivery: 'pickup', payment: { card_id: cardId } },
      ],
      [actions.payCartWallet.path, { type: 'buynow', cart_id: 'sw-2', delivery: 'pickup' }],
      [actions.payCartOffline.path, { type: 'buynow', cart_id: 'sw-3', delivery: 'pickup' }],
      [actions.addCreditBalance.path, { amount: 10_000, card_id: cardId }],
      [actions.addBidDeposit.path, { amount: 1_000 }],
      [actions.addGiftCardWalletBalance.path, { code: 'AAAA-BBBB-CCCC-DDDD' }],
    ];
    for (const [path, input] of attempts) {
      const answer = await service.post(path, input, { token });
      expect([path, answer.status, answer.body.data.code]).toEqual([path, 403, 'SWITCHED_SESSION_MONEY']);
      expect(answer.body.data.message).toMatch(/switched session cannot pay/);
    }
    // Charged exactly as many times as before: none of it reached the card provider.
    expect(network.charges().length).toBe(charged);
    const cards = await service.post<CardList>(actions.getCards.path, {}, { token: cy.token });
    expect(cards.body.data.responseData.data.map((c) => c.id)).toEqual([cardId]);
    // The user, signed in as themself, still pays.
    const paid = await service.post<{ status: string }>(
      actions.checkout.path,
      { type: 'buynow', cart_id: 'own-1', delivery: 'pickup', payment: { card_id: cardId } },
      { token: cy.token },
    );
    expect(paid.body.data.responseData.status).toBe('paid');
    expect(network.charges().length).toBe(charged + 1);
  });
});
