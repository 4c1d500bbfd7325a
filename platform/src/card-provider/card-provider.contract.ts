/**
 * The card port's contract (issue 35 §1, §2): what every card provider does with the test cards its
 * network documents: saving keeps a token and never the number, refusals are CardDeclinedError in the
 * provider's words, a charge settles or asks for the issuer's authentication, idempotency keys make
 * one charge and one refund whatever the retries, refunds never exceed the charge; where the provider
 * holds amounts (payment/authorize), a hold takes nothing until captured, once, at most what it held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardNetwork } from '../testing/card-networks.ts';
import {
  CardDeclinedError,
  type CardProviderWithHolds,
  holdsWith,
  IdempotencyKeyReusedError,
} from './port.ts';

const now = new Date();
const nextYear = now.getUTCFullYear() + 1;

export function cardProviderContract(open: () => Promise<CardNetwork>) {
  let network: CardNetwork;
  const card = (number: string, overrides = {}) => ({
    number,
    expMonth: 12,
    expYear: nextYear,
    cvc: '123',
    nameOnCard: 'Ada Lovelace',
    ...overrides,
  });
  /** As the product saves a card: the browser tokenises it with the provider, the product keeps the token. */
  const save = async (details: ReturnType<typeof card>) =>
    network.provider.createCard(
      {
        token: await network.tokenize(details),
        nameOnCard: details.nameOnCard,
        reference: `card-${crypto.randomUUID()}`,
      },
      now,
    );
  const saved = async (number: string) => (await save(card(number))).token;
  let n = 0;
  const key = () => `P-${Date.now()}-${n++}`;
  const charge = (token: string, amount: number, idempotencyKey = key()) =>
    network.provider.charge({
      token,
      amount,
      reference: idempotencyKey,
      returnUrl: 'http://127.0.0.1:9/checkout/return?cart=1',
      idempotencyKey,
    });

  beforeAll(async () => {
    network = await open();
  });
  afterAll(async () => {
    await network?.close();
  });

  describe('card provider contract', () => {
    it('saves the test cards, keeping a token, the brand, the last four digits and the expiry', async () => {
      const visa = await save(card(network.testCards.visa));
      expect(visa).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: nextYear });
      expect(visa.token).not.toContain(network.testCards.visa);
      const amex = await save(card(network.testCards.amex, { cvc: '1234' }));
      expect(amex).toMatchObject({ brand: 'amex', last4: '0005' });
    });

    it.each([
      ['the declined test card', (c: CardNetwork['testCards']) => ({ number: c.declined }), /declined/],
      ['a number failing the Luhn check', () => ({ number: '4242424242424241' }), /number is incorrect/],
      [
        'an expired card',
        (c: CardNetwork['testCards']) => ({ number: c.visa, expYear: nextYear - 2 }),
        /expir/,
      ],
      [
        'a short security code',
        (c: CardNetwork['testCards']) => ({ number: c.visa, cvc: '12' }),
        /security code/,
      ],
    ])('refuses %s in its own words', async (_, input, message) => {
      const refusal = save(card('', input(network.testCards)));
      await expect(refusal).rejects.toBeInstanceOf(CardDeclinedError);
      await expect(refusal).rejects.toThrow(message);
    });

    it('settles a charge, refunds it in part and never beyond what was charged', async () => {
      const from = network.charges().length;
      const settled = await charge(await saved(network.testCards.visa), 5_000);
      expect(settled.status).toBe('succeeded');
      expect(await network.provider.retrieveCharge(settled.chargeId)).toEqual({ status: 'succeeded' });
      await expect(network.provider.refund(settled.chargeId, 3_000, key())).resolves.toMatchObject({
        refundId: expect.any(String),
      });
      await expect(network.provider.refund(settled.chargeId, 2_001, key())).rejects.toBeInstanceOf(
        CardDeclinedError,
      );
      expect(network.charges().slice(from)).toMatchObject([
        { chargeId: settled.chargeId, amount: 5_000, refunded: 3_000, state: { status: 'succeeded' } },
      ]);
    });

    it('saves the charge-declined card and declines every charge on it, charging nothing', async () => {
      const token = await saved(network.testCards.chargeDeclined);
      const from = network.charges().length;
      await expect(charge(token, 5_000)).rejects.toBeInstanceOf(CardDeclinedError);
      await expect(charge(token, 5_000)).rejects.toThrow(/declined/);
      expect(network.charges().slice(from)).toEqual([]);
    });

    it("asks for the issuer's authentication, then settles or fails as the buyer says, once", async () => {
      const token = await saved(network.testCards.authenticationRequired);
      const approved = await charge(token, 7_000);
      if (approved.status !== 'requires_action') throw new Error('expected requires_action');
      expect(approved.url).toEqual(expect.any(String));
      expect(await network.provider.retrieveCharge(approved.chargeId)).toEqual({ status: 'requires_action' });
      await network.authenticate(approved.chargeId, true);
      expect(await network.provider.retrieveCharge(approved.chargeId)).toEqual({ status: 'succeeded' });

      const refused = await charge(token, 7_000);
      if (refused.status !== 'requires_action') throw new Error('expected requires_action');
      await network.authenticate(refused.chargeId, false);
      expect(await network.provider.retrieveCharge(refused.chargeId)).toMatchObject({ status: 'failed' });
      // Once decided, it stays decided.
      await network.authenticate(refused.chargeId, true);
      expect(await network.provider.retrieveCharge(refused.chargeId)).toMatchObject({ status: 'failed' });
    });

    it('gives up a charge still waiting for authentication', async () => {
      const waiting = await charge(await saved(network.testCards.authenticationRequired), 2_000);
      await network.provider.cancelCharge(waiting.chargeId);
      expect(await network.provider.retrieveCharge(waiting.chargeId)).toMatchObject({ status: 'failed' });
      // A settled charge is not given up.
      const settled = await charge(await saved(network.testCards.visa), 2_000);
      await network.provider.cancelCharge(settled.chargeId);
      expect(await network.provider.retrieveCharge(settled.chargeId)).toEqual({ status: 'succeeded' });
    });

    it('makes one charge for one idempotency key, sent twice at once and once more', async () => {
      const token = await saved(network.testCards.visa);
      const from = network.charges().length;
      const k = key();
      const [first, second] = await Promise.all([charge(token, 2_500, k), charge(token, 2_500, k)]);
      expect(second).toEqual(first);
      expect(await charge(token, 2_500, k)).toEqual(first);
      await expect(charge(token, 2_600, k)).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
      const other = await charge(token, 2_500);
      expect(other.chargeId).not.toBe(first.chargeId);
      expect(
        network
          .charges()
          .slice(from)
          .map((c) => [c.chargeId, c.amount]),
      ).toEqual([
        [first.chargeId, 2_500],
        [other.chargeId, 2_500],
      ]);
    });

    it('gives a refund back once for one key, and refuses the key for another refund', async () => {
      const { chargeId } = await charge(await saved(network.testCards.visa), 4_000);
      const k = key();
      const once = await network.provider.refund(chargeId, 1_000, k);
      expect(await network.provider.refund(chargeId, 1_000, k)).toEqual(once);
      await expect(network.provider.refund(chargeId, 1_500, k)).rejects.toBeInstanceOf(
        IdempotencyKeyReusedError,
      );
      expect(network.charges().find((c) => c.chargeId === chargeId)).toMatchObject({
        amount: 4_000,
        refunded: 1_000,
      });
    });

    it('takes a single-use token once, and refuses one it never made', async () => {
      const token = await network.tokenize(card(network.testCards.visa));
      const keep = { token, nameOnCard: 'Ada Lovelace', reference: `card-${crypto.randomUUID()}` };
      await network.provider.createCard(keep, now);
      await expect(
        network.provider.createCard({ ...keep, reference: `card-${crypto.randomUUID()}` }, now),
      ).rejects.toBeInstanceOf(CardDeclinedError);
      await expect(
        network.provider.createCard({ ...keep, token: 'tok_never_made_here' }, now),
      ).rejects.toBeInstanceOf(CardDeclinedError);
    });

    it('changes a saved card expiry and refuses an expired one', async () => {
      const token = await saved(network.testCards.visa);
      await network.provider.updateCard(
        token,
        { expMonth: 6, expYear: nextYear + 1, nameOnCard: 'A L' },
        now,
      );
      await expect(
        network.provider.updateCard(token, { expMonth: 1, expYear: nextYear - 2, nameOnCard: 'A L' }, now),
      ).rejects.toBeInstanceOf(CardDeclinedError);
      await network.provider.deleteCard(token);
    });
  });

  describe('card provider contract: holds (payment/authorize)', () => {
    /** The provider, where it holds amounts; the test is skipped, saying so, where it does not. */
    const holding = (context: { skip: (note: string) => void }): CardProviderWithHolds => {
      const { provider } = network;
      if (!holdsWith(provider))
        context.skip(`${provider.name} holds no amounts: payment/authorize is refused`);
      return provider as CardProviderWithHolds;
    };
    const hold = (provider: CardProviderWithHolds, token: string, amount: number, idempotencyKey = key()) =>
      provider.authorize({ token, amount, reference: idempotencyKey, idempotencyKey });

    it('holds an amount once per key, taking nothing, then takes part of it once and gives the rest back', async (context) => {
      const provider = holding(context);
      const token = await saved(network.testCards.visa);
      const from = network.charges().length;
      const k = key();
      const [first, second] = await Promise.all([
        hold(provider, token, 6_000, k),
        hold(provider, token, 6_000, k),
      ]);
      expect(second).toEqual(first);
      await expect(hold(provider, token, 6_500, k)).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
      expect(network.charges().slice(from)).toMatchObject([
        { chargeId: first.chargeId, amount: 6_000, hold: 'held' },
      ]);
      // Held is not paid: nothing to refund.
      await expect(provider.refund(first.chargeId, 1_000, key())).rejects.toBeInstanceOf(CardDeclinedError);
      await expect(
        provider.capture({
          chargeId: first.chargeId,
          amount: 6_001,
          idempotencyKey: key(),
          reference: 'P-over',
        }),
      ).rejects.toBeInstanceOf(CardDeclinedError);

      const c = key();
      const take = () =>
        provider.capture({
          chargeId: first.chargeId,
          amount: 4_500,
          idempotencyKey: c,
          reference: 'P-taken',
          metadata: { invoices: 'I-1,I-2' },
        });
      expect(await take()).toEqual({ chargeId: first.chargeId });
      expect(await take()).toEqual({ chargeId: first.chargeId });
      await expect(
        provider.capture({
          chargeId: first.chargeId,
          amount: 1_000,
          idempotencyKey: key(),
          reference: 'P-again',
        }),
      ).rejects.toBeInstanceOf(CardDeclinedError);
      expect(await provider.retrieveCharge(first.chargeId)).toEqual({ status: 'succeeded' });
      // One charge, of what was taken, carrying the payment that took it.
      expect(network.charges().slice(from)).toMatchObject([
        {
          chargeId: first.chargeId,
          amount: 4_500,
          hold: 'captured',
          reference: 'P-taken',
          metadata: { invoices: 'I-1,I-2' },
          state: { status: 'succeeded' },
        },
      ]);
      await provider.refund(first.chargeId, 4_500, key());
      await expect(provider.refund(first.chargeId, 1, key())).rejects.toBeInstanceOf(CardDeclinedError);
    });

    it('releases a hold, which then cannot be taken', async (context) => {
      const provider = holding(context);
      const { chargeId } = await hold(provider, await saved(network.testCards.visa), 3_000);
      await provider.cancelCharge(chargeId);
      await provider.cancelCharge(chargeId);
      await expect(
        provider.capture({ chargeId, amount: 3_000, idempotencyKey: key(), reference: 'P-late' }),
      ).rejects.toBeInstanceOf(CardDeclinedError);
      expect(network.charges().find((ch) => ch.chargeId === chargeId)).toMatchObject({ hold: 'released' });
      expect((await provider.retrieveCharge(chargeId)).status).toBe('failed');
    });

    it('refuses a hold on the charge-declined card and on a card that asks for its issuer, holding nothing', async (context) => {
      const provider = holding(context);
      const declined = await saved(network.testCards.chargeDeclined);
      const asking = await saved(network.testCards.authenticationRequired);
      const from = network.charges().length;
      await expect(hold(provider, declined, 2_000)).rejects.toThrow(/declined/);
      await expect(hold(provider, asking, 2_000)).rejects.toBeInstanceOf(CardDeclinedError);
      await expect(hold(provider, asking, 2_000)).rejects.toThrow(/requires authentication/);
      expect(network.charges().slice(from)).toEqual([]);
    });
  });
}
