import { actions, type CardList } from '@wine/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

describe('card routes', () => {
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

  it('answers a declined card with the processor’s words up to its reference', async () => {
    const bob = await service.signUp('bob@cards.example');
    const answer = await service.post(
      actions.addCard.path,
      { card_number: '4000000000000002', exp_month: 12, exp_year: 2030, cvv: '123', name_on_card: 'Bob' },
      { token: bob.token },
    );
    expect(answer.status).toBe(402);
    expect(answer.body.data.code).toBe('CARD_DECLINED');
    expect(answer.body.data.message).toBe('Your card was declined.');
  });
});
