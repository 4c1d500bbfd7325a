import { describe, expect, it } from 'vitest';
import { CardDeclinedError, IdempotencyKeyReusedError } from './port.ts';
import { createSandboxCardProvider, sandboxTestCards } from './sandbox.ts';

const now = new Date('2026-11-22T12:00:00Z');
/** The browser gives the vault the card, the product keeps the card by the vault's token. */
const save = async (
  provider: ReturnType<typeof createSandboxCardProvider>,
  details: ReturnType<typeof card>,
) =>
  provider.createCard({ token: await provider.tokenize(details, now), nameOnCard: details.nameOnCard }, now);
const card = (number: string, overrides = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  nameOnCard: 'Ada Lovelace',
  ...overrides,
});

describe('sandbox card provider', () => {
  it('takes a vault token once, and only one it made', async () => {
    let vaultNow = now.getTime();
    const provider = createSandboxCardProvider(() => vaultNow);
    const token = await provider.tokenize(card(sandboxTestCards.visa), now);
    expect(token).toMatch(/^tok_sbx_[0-9a-f]{32}$/);
    await provider.createCard({ token, nameOnCard: 'A' }, now);
    await expect(provider.createCard({ token, nameOnCard: 'A' }, now)).rejects.toThrow(
      /not valid or was used/,
    );
    const late = await provider.tokenize(card(sandboxTestCards.visa), now);
    vaultNow += 16 * 60_000;
    await expect(provider.createCard({ token: late, nameOnCard: 'A' }, now)).rejects.toThrow(/not valid/);
  });

  it('accepts the test cards and keeps only a token, the brand and the last four digits', async () => {
    const provider = createSandboxCardProvider();
    const visa = await save(provider, card(sandboxTestCards.visa));
    expect(visa).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(visa.token).toMatch(/^card_sbx_ok_[0-9a-f]{32}$/);
    expect(JSON.stringify(visa)).not.toContain(sandboxTestCards.visa);
    const amex = await save(provider, card(sandboxTestCards.amex, { cvc: '1234' }));
    expect(amex).toMatchObject({ brand: 'amex', last4: '0005' });
  });

  it.each([
    [card(sandboxTestCards.declined), 'Your card was declined.'],
    [card('4242424242424241'), 'Your card number is incorrect.'],
    [card(sandboxTestCards.visa, { expMonth: 10, expYear: 2026 }), 'Your card has expired.'],
    [card(sandboxTestCards.visa, { cvc: '12' }), "Your card's security code is incorrect."],
  ])('refuses %j with a message and a reference', async (input, message) => {
    const refusal = save(createSandboxCardProvider(), input);
    await expect(refusal).rejects.toBeInstanceOf(CardDeclinedError);
    await expect(refusal).rejects.toThrow(
      new RegExp(`^${message.replace(/[.']/g, '\\$&')} REF: SBX-[0-9A-F]{8}$`),
    );
  });
});

describe('sandbox charges', () => {
  const charge = async (number: string) => {
    const provider = createSandboxCardProvider();
    const { token } = await save(provider, card(number));
    return {
      provider,
      result: provider.charge({
        token,
        amount: 5_000,
        reference: 'P-1',
        returnUrl: '/back?x=1',
        idempotencyKey: 'P-1-c',
      }),
    };
  };

  it('settles a test card at once, refunds it up to what was charged', async () => {
    const { provider, result } = await charge(sandboxTestCards.visa);
    const settled = await result;
    expect(settled.status).toBe('succeeded');
    expect(await provider.retrieveCharge(settled.chargeId)).toEqual({ status: 'succeeded' });
    await expect(provider.refund(settled.chargeId, 3_000)).resolves.toMatchObject({
      refundId: expect.any(String),
    });
    await expect(provider.refund(settled.chargeId, 2_001)).rejects.toThrow(/exceeds/);
  });

  it('saves the decline card but declines every charge on it', async () => {
    const { result } = await charge(sandboxTestCards.chargeDeclined);
    await expect(result).rejects.toThrow(/^Your card was declined\. REF: SBX-/);
  });

  it('asks for authentication on its page, with the way back, and settles or fails as the buyer says', async () => {
    const { provider, result } = await charge(sandboxTestCards.authenticationRequired);
    const pending = await result;
    if (pending.status !== 'requires_action') throw new Error('expected requires_action');
    expect(pending.url).toBe(`/sandbox/authenticate/${pending.chargeId}?return=%2Fback%3Fx%3D1`);
    expect(await provider.retrieveCharge(pending.chargeId)).toEqual({ status: 'requires_action' });
    await provider.authenticate(pending.chargeId, false);
    expect(await provider.retrieveCharge(pending.chargeId)).toMatchObject({ status: 'failed' });
    // Once decided, it stays decided.
    await provider.authenticate(pending.chargeId, true);
    expect(await provider.retrieveCharge(pending.chargeId)).toMatchObject({ status: 'failed' });
  });
});

describe('sandbox idempotency keys', () => {
  it('answers the same charge for the same key and lists one charge, as a processor does', async () => {
    const provider = createSandboxCardProvider();
    const { token } = await save(provider, card(sandboxTestCards.visa));
    const request = { token, amount: 2_500, reference: 'P-2', returnUrl: '/', idempotencyKey: 'P-2-c' };
    const [first, second] = await Promise.all([provider.charge(request), provider.charge(request)]);
    expect(second).toEqual(first);
    expect(await provider.charge(request)).toEqual(first);
    expect(provider.charges()).toHaveLength(1);
    await expect(provider.charge({ ...request, amount: 2_600 })).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
    const other = await provider.charge({ ...request, idempotencyKey: 'P-3-c' });
    expect(other.chargeId).not.toBe(first.chargeId);
    expect(provider.charges().map((c) => c.amount)).toEqual([2_500, 2_500]);
  });

  it('gives a refund back once for one key', async () => {
    const provider = createSandboxCardProvider();
    const { token } = await save(provider, card(sandboxTestCards.visa));
    const { chargeId } = await provider.charge({
      token,
      amount: 4_000,
      reference: 'P-4',
      returnUrl: '/',
      idempotencyKey: 'P-4-c',
    });
    const once = await provider.refund(chargeId, 1_000, 'R-1');
    expect(await provider.refund(chargeId, 1_000, 'R-1')).toEqual(once);
    expect(provider.charges()[0]).toMatchObject({ chargeId, amount: 4_000, refunded: 1_000 });
  });
});
