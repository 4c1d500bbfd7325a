import { actions } from '@wine/contracts';
import { giftCardStream, walletStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { walletDecider } from '../wallets/wallet.ts';
import { codeHash } from './codes.ts';
import { giftCardDecider } from './giftcard.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

type Issued = { cards: { id: string; code: string; last4: string; amount: number }[] };

describe('gift cards', () => {
  it('an admin issues codes shown once; a buyer redeems one into the wallet once', async () => {
    const admin = await service.signUp('admin@gifts.example', ['admin']);
    const ann = await service.signUp('ann@gifts.example');
    const bob = await service.signUp('bob@gifts.example');
    const issued = await service.post<Issued>(
      actions.issueGiftCards.path,
      { amount: 2_500, count: 2 },
      { token: admin.token },
    );
    expect(issued.status).toBe(200);
    const [card] = issued.body.data.responseData.cards;
    if (!card) throw new Error('no card');
    // No code in the log: only its last four.
    const log = JSON.stringify(await service.service.streams.store.readAll({}));
    expect(log).not.toContain(card.code);
    expect(log).not.toContain(card.code.replaceAll('-', ''));

    const redeem = (token: string, code: string) =>
      service.post<{ balance: number }>(actions.addGiftCardWalletBalance.path, { code }, { token });
    const first = await redeem(ann.token, card.code.toLowerCase());
    expect(first.body.data).toMatchObject({
      message: 'Gift card added to your wallet',
      responseData: { balance: 2_500 },
    });
    // issue 31: the owner entering the code again is told it was redeemed, and nothing is added.
    const mine = await redeem(ann.token, card.code);
    expect([mine.status, mine.body.data.code, mine.body.data.message]).toEqual([
      409,
      'GIFT_CARD_REDEEMED',
      'This gift card was already redeemed',
    ]);
    const again = await redeem(bob.token, card.code);
    expect([again.status, again.body.data.code]).toEqual([409, 'GIFT_CARD_REDEEMED']);
    const unknown = await redeem(bob.token, 'AAAA-BBBB-CCCC-DDDD');
    expect([unknown.status, unknown.body.data.code]).toEqual([404, 'GIFT_CARD_UNKNOWN']);
    expect(await service.service.streams.store.readStream(walletStream(bob.id))).toEqual([]);
    expect((await service.service.streams.load(walletStream(ann.id), walletDecider)).balance).toBe(2_500);
  });

  it('refuses the admin who issued a card its redemption into their own wallet (separation of duties)', async () => {
    const ada = await service.signUp('ada@gifts.example', ['admin']);
    const dan = await service.signUp('dan@gifts.example');
    const issued = await service.post<Issued>(
      actions.issueGiftCards.path,
      { amount: 5_000, count: 1 },
      { token: ada.token },
    );
    const [card] = issued.body.data.responseData.cards;
    if (!card) throw new Error('no card');
    const own = await service.post(
      actions.addGiftCardWalletBalance.path,
      { code: card.code },
      { token: ada.token },
    );
    expect([own.status, own.body.data.code]).toEqual([403, 'OWN_MONEY_RECORD']);
    expect(await service.service.streams.store.readStream(walletStream(ada.id))).toEqual([]);
    // The card is still good for the buyer it was meant for.
    const given = await service.post<{ balance: number }>(
      actions.addGiftCardWalletBalance.path,
      { code: card.code },
      { token: dan.token },
    );
    expect(given.body.data.responseData.balance).toBe(5_000);
  });

  it('replays a retried request, and finishes a redemption cut off before its credit, once', async () => {
    const admin = await service.signUp('admin2@gifts.example', ['admin']);
    const cy = await service.signUp('cy@gifts.example');
    const eve = await service.signUp('eve@gifts.example');
    const issued = await service.post<Issued>(
      actions.issueGiftCards.path,
      { amount: 1_000, count: 2 },
      { token: admin.token },
    );
    const [first, second] = issued.body.data.responseData.cards;
    if (!first || !second) throw new Error('no cards');
    const redeem = (token: string, code: string, commandId?: string) =>
      service.post<{ balance: number }>(
        actions.addGiftCardWalletBalance.path,
        { code },
        { token, ...(commandId && { commandId }) },
      );
    const once = await redeem(cy.token, first.code, 'redeem-cy-1');
    const retried = await redeem(cy.token, first.code, 'redeem-cy-1');
    expect([once.status, retried.status]).toEqual([200, 200]);
    expect(retried.body.data.responseData.balance).toBe(1_000);

    // The card's stream says redeemed by Eve, but the wallet step never ran (a crash between the two).
    await service.service.streams.handle(
      giftCardStream(codeHash(second.code)),
      giftCardDecider,
      { type: 'RedeemGiftCard', userId: eve.id },
      {
        commandId: 'cut-off',
        correlationId: 'cut-off',
        actor: { kind: 'user', id: eve.id },
        now: new Date(),
      },
    );
    const finished = await redeem(eve.token, second.code);
    expect([finished.status, finished.body.data.responseData.balance]).toEqual([200, 1_000]);
    const thenAgain = await redeem(eve.token, second.code);
    expect([thenAgain.status, thenAgain.body.data.code]).toEqual([409, 'GIFT_CARD_REDEEMED']);
    expect((await service.service.streams.load(walletStream(eve.id), walletDecider)).balance).toBe(1_000);
  });

  it('lets only an admin issue, checked before the body is read', async () => {
    const finance = await service.signUp('fin@gifts.example', ['finance']);
    const answer = await service.post(actions.issueGiftCards.path, 'not json', {
      token: finance.token,
      headers: { 'content-type': 'application/json' },
    });
    expect([answer.status, answer.body.data.code]).toEqual([403, 'ROLE_REQUIRED']);
  });
});
