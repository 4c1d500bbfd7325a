import { actions, type OfferResult } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotDecider } from '../lots/decide.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

/**
 * Issue 36 §5 through the API: a private sale is listed by an admin, seen and bought only by the buyers
 * invited (by user, or by a list of addresses), and an invitation link works once.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

let n = 0;
async function buyer() {
  n += 1;
  const user = await service.signUp(`guest${n}@private.example`);
  await service.addCard(user.token);
  return user;
}

const privateLot = async (admin: { token: string }, over: Record<string, unknown> = {}) => {
  const answer = await service.post<{ id: string }>(
    actions.createLot.path,
    {
      title: 'Romanée-Conti 1990',
      producer: 'Domaine de la Romanée-Conti',
      country: 'France',
      colour: 'Red',
      quantity: 3,
      auction: false,
      buyNow: true,
      buyNowPrice: 2_500_000,
      closesAt: new Date(service.clock.now().getTime() + 30 * 24 * 3600_000).toISOString(),
      privateSale: true,
      offerRules: { autoAccept: null, autoDecline: 1_500_000 },
      ...over,
    },
    { token: admin.token },
  );
  return answer;
};
const linkIn = (text: string) => /private-sale\?token=([\w-]+)/.exec(text)?.[1] ?? '';

describe('private sales (issue 36 §5)', () => {
  it('lists a private sale only by offer or fixed price, with its hidden offer rules', async () => {
    const ada = await service.signUp('ada@private.example', ['admin']);
    const atAuction = await privateLot(ada, { auction: true, openingBid: 100_000 });
    expect(atAuction.status).toBe(400);
    expect(atAuction.body.data.responseData.field).toBe('privateSale');
    const badRules = await privateLot(ada, { offerRules: { autoAccept: 1_000, autoDecline: 2_000 } });
    expect(badRules.status).toBe(400);
    const listed = await privateLot(ada);
    expect(listed.status).toBe(200);
    const lot = await service.service.streams.load(lotStream(listed.body.data.responseData.id), lotDecider);
    expect(lot.status !== 'empty' && lot.lot).toMatchObject({
      privateSale: true,
      offerRules: { autoAccept: null, autoDecline: 1_500_000 },
    });
  });

  it('lets only invited buyers buy or offer; an invitation by address mails a link that works once', async () => {
    const ada = await service.signUp('ada2@private.example', ['admin']);
    const lotId = (await privateLot(ada)).body.data.responseData.id;
    const [ann, bob, cat] = [await buyer(), await buyer(), await buyer()];
    const offer = (token: string, price = 2_000_000) =>
      service.post<OfferResult>(actions.makeOffer.path, { product_id: lotId, qty: 1, price }, { token });
    const cart = (token: string) =>
      service.post(actions.addToCart.path, { cart: [{ product_id: lotId, qty: 1 }] }, { token });
    // Not invited: as if the lot were not there.
    expect((await offer(ann.token)).body.data.code).toBe('LOT_NOT_FOUND');
    expect((await cart(ann.token)).body.data.code).toBe('LOT_NOT_FOUND');
    const watch = (token: string) =>
      service.post(actions.addWatchlist.path, { project_id: lotId }, { token });
    expect((await watch(ann.token)).body.data.code).toBe('LOT_NOT_FOUND');

    // A buyer and a seller cannot invite.
    const refused = await service.post(
      actions.invitePrivateSale.path,
      { id: lotId, user_ids: [ann.id] },
      { token: bob.token },
    );
    expect(refused.status).toBe(403);

    const invited = await service.post<{ invited: number; links: number }>(
      actions.invitePrivateSale.path,
      { id: lotId, user_ids: [ann.id], emails: [bob.email, 'newcomer@private.example'] },
      { token: ada.token, commandId: 'invite-private-1' },
    );
    expect(invited.status).toBe(200);
    expect(invited.body.data.responseData).toEqual({ invited: 2, links: 1 });
    // The same request again invites and mails nothing more.
    const again = await service.post(
      actions.invitePrivateSale.path,
      { id: lotId, user_ids: [ann.id], emails: [bob.email, 'newcomer@private.example'] },
      { token: ada.token, commandId: 'invite-private-1' },
    );
    expect(again.status).toBe(200);
    const mails = (await service.mailer.outbox?.({ to: 'newcomer@private.example' })) ?? [];
    expect(mails).toHaveLength(1);
    expect((await service.mailer.outbox?.({ to: ann.email }))?.[0]?.subject).toBe(
      'A private sale for you: Romanée-Conti 1990',
    );

    const low = await offer(ann.token, 1_000_000);
    expect(low.body.data.responseData.status).toBe('declined'); // below the hidden floor
    expect((await offer(ann.token)).body.data.responseData.status).toBe('open');
    expect((await cart(bob.token)).status).toBe(200);
    expect((await watch(ann.token)).status).toBe(200);
    expect((await offer(cat.token)).body.data.code).toBe('LOT_NOT_FOUND');

    // The newcomer's link, opened by cat signed in: cat joins; a second use is refused.
    const token = linkIn(mails[0]?.text ?? '');
    expect(token).not.toBe('');
    const joined = await service.post(actions.joinPrivateSale.path, { token }, { token: cat.token });
    expect(joined.body.data.responseData).toEqual({ product_id: lotId });
    expect((await offer(cat.token)).status).toBe(200);
    const dee = await buyer();
    const reused = await service.post(actions.joinPrivateSale.path, { token }, { token: dee.token });
    expect(reused.status).toBe(410);
    expect(reused.body.data.code).toBe('PRIVATE_SALE_LINK_USED');
    expect((await offer(dee.token)).body.data.code).toBe('LOT_NOT_FOUND');

    const types = (await service.service.streams.store.readStream(lotStream(lotId))).map((e) => e.type);
    expect(types.filter((t) => t.startsWith('PrivateSale'))).toEqual([
      'PrivateSaleInvited',
      'PrivateSaleLinkSent',
      'PrivateSaleJoined',
    ]);
    // Neither the address nor the token is in the log.
    const log = JSON.stringify(await service.service.streams.store.readStream(lotStream(lotId)));
    expect(log).not.toContain('newcomer@private.example');
    expect(log).not.toContain(token);
  });

  it("lets only the house list a private sale: a seller's is refused, writing nothing", async () => {
    const sal = await service.signUp('sal@private.example', ['seller']);
    const answer = await service.post(
      actions.sellerCreateLot.path,
      {
        title: 'Petrus 1989',
        producer: 'Petrus',
        country: 'France',
        colour: 'Red',
        quantity: 1,
        auction: false,
        buyNow: true,
        buyNowPrice: 500_000,
        closesAt: new Date(service.clock.now().getTime() + 30 * 24 * 3600_000).toISOString(),
        privateSale: true,
      },
      { token: sal.token },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.data.code).toBe('PRIVATE_SALE_HOUSE_ONLY');
  });

  it('refuses invitations to a lot that is not private', async () => {
    const ada = await service.signUp('ada3@private.example', ['admin']);
    const lotId = (await privateLot(ada, { privateSale: false })).body.data.responseData.id;
    const answer = await service.post(
      actions.invitePrivateSale.path,
      { id: lotId, emails: ['someone@private.example'] },
      { token: ada.token },
    );
    expect(answer.body.data.code).toBe('NOT_PRIVATE_SALE');
  });
});
