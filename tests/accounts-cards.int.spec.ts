import { SANDBOX_VAULT_PATH } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { accountsMarketplace, bearer } from './support/accounts.ts';

const { market: liveMarket, register, validate } = accountsMarketplace();

describe('cards on file (sandbox provider)', () => {
  const visa = {
    card_number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: 2030,
    cvv: '123',
    name_on_card: 'Ada Lovelace',
  };
  const mastercard = { ...visa, card_number: '5555555555554444' };
  /**
   * What the card form does (issue 35 §1): the card to the sandbox's vault, its token to the product.
   * The vault's answer is the provider's (`{ token }` or `{ error }`), not the product's envelope.
   */
  const tokenized = async (card: typeof visa) => {
    const answer = await liveMarket().post(SANDBOX_VAULT_PATH, card);
    const body = answer.body as unknown as { token?: string; error?: { message: string } };
    return { http: answer.http, token: body.token, error: body.error };
  };
  const keep = async (card: typeof visa) => {
    const { token } = await tokenized(card);
    return { card_token: token, name_on_card: card.name_on_card };
  };
  type Cards = {
    data: { id: string; last4: string; is_default: boolean; exp_year: number }[];
    has_more: boolean;
  };

  it('adds a card: the list shows brand and last four, the first card is the default, the number is kept nowhere', async () => {
    const { token } = await register();
    const empty = await liveMarket().post<Cards>('/api/user/getSkyflowCredit', {}, bearer(token));
    expect(empty.body).toMatchObject({ data: { responseData: { data: [], has_more: false } } });
    const added = await liveMarket().post<Cards>(
      '/api/user/addSkyflowCredit',
      await keep(visa),
      bearer(token),
    );
    expect(added.body).toMatchObject({
      status: 'success',
      data: {
        message: 'Card added',
        responseData: { data: [{ brand: 'visa', last4: '4242', is_default: true }] },
      },
    });
    expect((await validate(token)).body).toMatchObject({ data: { responseData: { card_on_file: true } } });
    const log = JSON.stringify(await liveMarket().eventStore.readAll({ raw: true }));
    expect(log).not.toContain('4242424242424242');
    expect(log).not.toMatch(/card_sbx_/);
  });

  it('shows a declined card’s message cut at REF and records nothing', async () => {
    const { token, id } = await register();
    const { http, body } = await liveMarket().post(
      '/api/user/addSkyflowCredit',
      await keep({ ...visa, card_number: '4000000000000002' }),
      bearer(token),
    );
    expect(http).toBe(402);
    expect(body.data.message).toBe('Your card was declined.');
    const stream = await liveMarket().eventStore.readStream(`user-${id}`);
    expect(stream.some((e) => e.type === 'CardAdded')).toBe(false);
  });

  it('moves the default, hands it on when the default is removed, and updates an expiry', async () => {
    const { token } = await register();
    await liveMarket().post('/api/user/addSkyflowCredit', await keep(visa), bearer(token));
    const two = await liveMarket().post<Cards>(
      '/api/user/addSkyflowCredit',
      await keep(mastercard),
      bearer(token),
    );
    if (two.body.status !== 'success') throw new Error(two.body.data.message);
    const [first, second] = two.body.data.responseData.data as [Cards['data'][0], Cards['data'][0]];
    expect([first.is_default, second.is_default]).toEqual([true, false]);
    const moved = await liveMarket().post<Cards>(
      '/api/user/defaultSkyflowCard',
      { id: second.id },
      bearer(token),
    );
    expect(moved.body).toMatchObject({
      data: { responseData: { data: [{ is_default: false }, { is_default: true }] } },
    });
    const removed = await liveMarket().post<Cards>(
      '/api/user/deleteSkyflowCredit',
      { id: second.id },
      bearer(token),
    );
    expect(removed.body).toMatchObject({
      data: { responseData: { data: [{ id: first.id, is_default: true }] } },
    });
    const updated = await liveMarket().post<Cards>(
      '/api/user/updateSkyflowCredit',
      { id: first.id, exp_month: 6, exp_year: 2031, name_on_card: 'Ada King' },
      bearer(token),
    );
    expect(updated.body).toMatchObject({
      data: { responseData: { data: [{ exp_year: 2031, name_on_card: 'Ada King' }] } },
    });
    const expired = await liveMarket().post(
      '/api/user/updateSkyflowCredit',
      { id: first.id, exp_month: 1, exp_year: 2020, name_on_card: 'Ada King' },
      bearer(token),
    );
    expect(expired.body.data.message).toBe('Your card has expired.');
  });

  it('lets no user touch another user’s card', async () => {
    const ada = await register();
    const bob = await register();
    const added = await liveMarket().post<Cards>(
      '/api/user/addSkyflowCredit',
      await keep(visa),
      bearer(ada.token),
    );
    if (added.body.status !== 'success') throw new Error(added.body.data.message);
    const cardId = added.body.data.responseData.data[0]?.id as string;
    const attempt = await liveMarket().post(
      '/api/user/deleteSkyflowCredit',
      { id: cardId },
      bearer(bob.token),
    );
    expect(attempt.http).toBe(404);
    expect(attempt.body.data.message).toBe('Card not found');
    const still = await liveMarket().post<Cards>('/api/user/getSkyflowCredit', {}, bearer(ada.token));
    expect(still.body).toMatchObject({ data: { responseData: { data: [{ id: cardId }] } } });
  });

  it('refuses a malformed card at the vault, and a card number sent to the product, with the field named', async () => {
    const { token } = await register();
    expect(await tokenized({ ...visa, card_number: '4242-abcd' })).toEqual({
      http: 400,
      token: undefined,
      error: { message: 'Enter a valid card number', param: 'card_number' },
    });
    expect(await tokenized({ ...visa, card_number: '4242424242424241' })).toMatchObject({
      http: 402,
      error: { message: expect.stringMatching(/^Your card number is incorrect\. REF: SBX-/) },
    });
    const { http, body } = await liveMarket().post('/api/user/addSkyflowCredit', visa, bearer(token));
    expect(http).toBe(400);
    expect(body.data.message).toMatch(/card_token/);
  });
});
