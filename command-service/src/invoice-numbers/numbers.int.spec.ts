import { actions, type CheckoutResult } from '@wine/contracts';
import { invoiceNumberStream, invoiceStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStreams } from '../core/command-handler.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { invoiceNumberFor } from './assign.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService({ now: '2026-11-22T12:00:00.000Z' });
});
afterAll(() => service.close());

let n = 0;
async function buyer() {
  n += 1;
  const user = await service.signUp(`numbered${n}@numbers.example`);
  const { cardId } = await service.addCard(user.token);
  return { ...user, cardId };
}
const buyNowLot = () =>
  service.listLot({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 6, discounts: [] });

async function checkout(who: { token: string; cardId: string }, cartId: string, commandId?: string) {
  const lot = await buyNowLot();
  await service.post(
    actions.addToCart.path,
    { cart: [{ product_id: lot.lotId, qty: 1 }] },
    { token: who.token },
  );
  return service.post<CheckoutResult>(
    actions.checkout.path,
    { type: 'buynow', cart_id: cartId, delivery: 'pickup', payment: { card_id: who.cardId } },
    { token: who.token, ...(commandId && { commandId }) },
  );
}

const numberOf = async (invoiceId: string) => {
  const invoice = await service.service.streams.load(invoiceStream(invoiceId), invoiceDecider);
  return invoice.status === 'issued' ? invoice.issued.number : undefined;
};
const seqOf = (number: string | undefined) => Number(number?.split('-')[1]);
const taken = async () => (await service.service.streams.store.readStream(invoiceNumberStream(2026))).length;

describe('invoice numbers (issue 31)', () => {
  it('gives two orders checked out at once two numbers of the year, one after the other', async () => {
    const [ann, bob] = await Promise.all([buyer(), buyer()]);
    const before = await taken();
    const answers = await Promise.all([checkout(ann, 'cart-ann-1'), checkout(bob, 'cart-bob-1')]);
    for (const answer of answers) expect(answer.status, answer.body.data.message).toBe(200);
    const numbers = await Promise.all(
      answers.map((a) => numberOf(a.body.data.responseData.invoice_ids[0] as string)),
    );
    for (const number of numbers) expect(number).toMatch(/^2026-\d{6}$/);
    const seqs = numbers.map(seqOf).sort((a, b) => a - b);
    expect(seqs).toEqual([before + 1, before + 2]);
  });

  it('takes no number for a checkout sent again: the same order, the same number, and the next order the next', async () => {
    const ann = await buyer();
    const first = await checkout(ann, 'cart-retry', 'retry-command-1');
    const id = first.body.data.responseData.invoice_ids[0] as string;
    const after = await taken();
    const again = await service.post<CheckoutResult>(
      actions.checkout.path,
      { type: 'buynow', cart_id: 'cart-retry', delivery: 'pickup', payment: { card_id: ann.cardId } },
      { token: ann.token, commandId: 'retry-command-1' },
    );
    expect(again.body.data.responseData?.invoice_ids).toEqual([id]);
    expect(await taken()).toBe(after);
    // Even asked for directly again, the invoice keeps its number.
    expect(await invoiceNumberFor(service.service.streams, id, service.clock.now())).toBe(await numberOf(id));
    const next = await checkout(ann, 'cart-next');
    const nextNumber = await numberOf(next.body.data.responseData.invoice_ids[0] as string);
    expect(seqOf(nextNumber)).toBe(seqOf(await numberOf(id)) + 1);
  });

  it('numbers invoices asked for at once by two instances with no gap and no number twice', async () => {
    const store = service.service.streams.store;
    // Two instances: their own caches and queues, one log; the expected revision decides.
    const [one, two] = [createStreams(store), createStreams(store)];
    const before = await taken();
    const ids = Array.from({ length: 12 }, (_, i) => `B-concurrent-${i}`);
    const now = service.clock.now();
    const numbers = await Promise.all(ids.map((id, i) => invoiceNumberFor(i % 2 === 0 ? one : two, id, now)));
    expect(new Set(numbers).size).toBe(ids.length);
    expect(numbers.map(seqOf).sort((a, b) => a - b)).toEqual(ids.map((_, i) => before + i + 1));
    // Each asked again, from the other instance: the number it took, and none more taken.
    const again = await Promise.all(ids.map((id, i) => invoiceNumberFor(i % 2 === 0 ? two : one, id, now)));
    expect(again).toEqual(numbers);
    expect(await taken()).toBe(before + ids.length);
  });

  it("mails the buyer the invoice's number, not its internal id", async () => {
    const ann = await buyer();
    const answer = await checkout(ann, 'cart-mail');
    const id = answer.body.data.responseData.invoice_ids[0] as string;
    const number = await numberOf(id);
    const [mail] = await service.mailer.outbox!({ to: ann.email, limit: 1 });
    expect(mail?.subject).toContain(number);
    expect(mail?.text).toContain(number);
    expect(mail?.subject).not.toContain(id);
  });
});
