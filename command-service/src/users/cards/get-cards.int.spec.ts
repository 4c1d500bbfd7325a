import { actions, type CardList } from '@wine/contracts';
import { sandboxTestCards } from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';

/** seeds 001 §7 "Card-vault: ... GET getSkyflowCredit": the cards on file read with a GET, no body. */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const get = async (token?: string) => {
  const answer = await service.app.inject({
    method: 'GET',
    url: actions.getCards.path,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: answer.statusCode, body: answer.json(), text: answer.body };
};

describe('GET getSkyflowCredit', () => {
  it("answers the caller's own cards, as the POST does", async () => {
    const ann = await service.signUp('ann@get-cards.example');
    const bo = await service.signUp('bo@get-cards.example');
    await service.addCard(ann.token);
    await service.addCard(bo.token, sandboxTestCards.mastercard);
    const posted = await service.post<CardList>(actions.getCards.path, {}, { token: ann.token });
    const got = await get(ann.token);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(posted.body);
    expect(got.body.data.responseData.data).toHaveLength(1);
    expect(got.body.data.responseData.data[0]).toMatchObject({ last4: sandboxTestCards.visa.slice(-4) });
    // Nothing of the card beyond what the list declares: no number, no provider token.
    expect(got.text).not.toContain(sandboxTestCards.visa);
    expect(got.text).not.toMatch(/tok_|card_token/);
  });

  it('answers a user with no card an empty list', async () => {
    const cy = await service.signUp('cy@get-cards.example');
    const got = await get(cy.token);
    expect(got.status).toBe(200);
    expect(got.body.data.responseData).toEqual({ data: [], has_more: false });
  });

  it('refuses without a session, or with a token that is no session (403)', async () => {
    expect(await get()).toMatchObject({ status: 403, body: { data: { code: 'SESSION_INVALID' } } });
    expect(await get('not-a-token')).toMatchObject({
      status: 403,
      body: { data: { code: 'SESSION_INVALID' } },
    });
  });
});
