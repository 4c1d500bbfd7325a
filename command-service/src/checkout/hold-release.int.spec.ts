import { actions, type CardHoldView, type CheckoutResult } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { holdsWith } from '@wine/platform';
import { type CardNetwork, cardNetworkFromEnv, cardNetworkTitles, eventually } from '@wine/platform/testing';
import { describe, expect, it } from 'vitest';
import type { TestCommandService } from '../testing.ts';
import { onCardNetwork } from '../testing-cards.ts';

/**
 * The holds of payment/authorize the product no longer needs (hold-release.ts), with the process
 * managers running, on the card network of CARD_NETWORK: every test says what reached the card.
 */
const networkName = cardNetworkFromEnv();
let network: CardNetwork;
let service: TestCommandService;
const since = (from: number) => network.charges().slice(from);

onCardNetwork((opened) => {
  ({ network, service } = opened);
});

let n = 0;
async function buyer() {
  n += 1;
  const user = await service.signUp(`keeper${n}@holds.example`);
  const { cardId } = await service.addCard(user.token, network.testCards.visa);
  return { ...user, cardId };
}
/** $100.00 hammer: $132.30 with the premium and Chicago's 10.25% at pickup. */
const TOTAL = 13_230;
const authorize = (token: string, body: Record<string, unknown>, commandId?: string) =>
  service.post<CardHoldView>(
    actions.authorizeCard.path,
    { type: 'auction', delivery: 'pickup', ...body },
    { token, ...(commandId && { commandId }) },
  );
const holdEvents = async (userId: string) =>
  (await service.service.streams.store.readStream(userStream(userId)))
    .filter((e) => e.type.startsWith('CardHold'))
    .map((e) => [e.type, (e.data as { reason?: string }).reason ?? null]);

describe(`card holds given back, on ${cardNetworkTitles[networkName]}`, () => {
  it('gives the hold back once its invoice is paid from the wallet: held once, charged for the credit only, the hold never taken', async (context) => {
    if (!holdsWith(network.provider)) return context.skip(`${networkName} holds no amounts`);
    const ann = await buyer();
    const { invoiceId } = await service.issueAuctionInvoice(ann.id, 10_000);
    const from = network.charges().length;
    expect((await authorize(ann.token, { cart_id: invoiceId, card_id: ann.cardId })).status).toBe(200);
    const credit = await service.post(
      actions.addCreditBalance.path,
      { amount: TOTAL, card_id: ann.cardId },
      { token: ann.token },
    );
    expect(credit.status, credit.body.data.message).toBe(200);
    const paid = await service.post<CheckoutResult>(
      actions.checkout.path,
      { type: 'auction', cart_id: invoiceId, delivery: 'pickup', payment: { use_wallet: true } },
      { token: ann.token },
    );
    expect([paid.status, paid.body.data.responseData.status]).toEqual([200, 'paid']);

    await eventually(
      () => holdEvents(ann.id),
      (events) => events.length === 2,
      'the hold given back',
    );
    expect(await holdEvents(ann.id)).toEqual([
      ['CardHoldPlaced', null],
      ['CardHoldReleased', 'not_taken'],
    ]);
    // The hold released, the credit charged once; nothing taken from the hold.
    expect(since(from).map((c) => [c.hold ?? 'charge', c.amount])).toEqual([
      ['released', TOTAL],
      ['charge', TOTAL],
    ]);
  });

  it('records a hold past its seven days as lapsed without waiting for a checkout', async (context) => {
    if (!holdsWith(network.provider)) return context.skip(`${networkName} holds no amounts`);
    const bea = await buyer();
    const { invoiceId } = await service.issueAuctionInvoice(bea.id, 10_000);
    const from = network.charges().length;
    expect((await authorize(bea.token, { cart_id: invoiceId, card_id: bea.cardId })).status).toBe(200);
    service.clock.advance(8 * 86_400_000);
    // Any write wakes the process; a sign-in is one.
    await service.post(actions.login.path, { email: bea.email, password: bea.password });
    await eventually(
      () => holdEvents(bea.id),
      (events) => events.length === 2,
      'the hold lapsed',
    );
    expect(await holdEvents(bea.id)).toEqual([
      ['CardHoldPlaced', null],
      ['CardHoldReleased', 'lapsed'],
    ]);
    expect(since(from).map((c) => [c.hold, c.amount])).toEqual([['released', TOTAL]]);
  });

  it('places one of two holds asked at once under different x-command-ids, and gives the other back at the provider', async (context) => {
    if (!holdsWith(network.provider)) return context.skip(`${networkName} holds no amounts`);
    const dee = await buyer();
    const { invoiceId } = await service.issueAuctionInvoice(dee.id, 10_000);
    const from = network.charges().length;
    const body = { cart_id: invoiceId, card_id: dee.cardId };
    const answers = await Promise.all([
      authorize(dee.token, body, 'dee-a'),
      authorize(dee.token, body, 'dee-b'),
    ]);
    const outcomes = answers.map((a) => [a.status, a.body.data.code ?? null]).sort();
    // Either both went through one after the other (the second replacing the first) or the later was refused.
    expect([
      JSON.stringify([
        [200, null],
        [200, null],
      ]),
      JSON.stringify([
        [200, null],
        [409, 'CARD_HOLD_OPEN'],
      ]),
    ]).toContain(JSON.stringify(outcomes));
    const events = await holdEvents(dee.id);
    // Exactly one hold stays open, and the card shows exactly one amount still held.
    const placed = events.filter(([type]) => type === 'CardHoldPlaced').length;
    const released = events.filter(([type]) => type === 'CardHoldReleased').length;
    expect(placed - released).toBe(1);
    const holds = since(from).map((c) => c.hold);
    expect(holds.filter((h) => h === 'held')).toHaveLength(1);
    expect(holds.filter((h) => h === 'released')).toHaveLength(1);
  });
});
