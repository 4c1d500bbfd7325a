import { actions, type CheckoutResult } from '@wine/contracts';
import { invoiceStream, walletStream } from '@wine/event-schemas';
import {
  type CardNetwork,
  cardNetworkFromEnv,
  cardNetworkTitles,
  openCardNetwork,
} from '@wine/platform/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDecider } from '../invoices/decide.ts';
import { checkLedger } from '../payments/ledger-check.ts';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { walletDecider } from './wallet.ts';

let service: TestCommandService;
/** The card network these tests charge (CARD_NETWORK: the sandbox, or Stripe behind its local double). */
const networkName = cardNetworkFromEnv();
const on = cardNetworkTitles[networkName];
let network: CardNetwork;
beforeAll(async () => {
  network = await openCardNetwork(networkName);
  service = await openTestCommandService({ network });
});
/** Issue 35 §1: after each test the payment ledger and the invoices agree. */
afterEach(async () => {
  expect((await checkLedger(service.service.streams.store)).disagreements).toEqual([]);
});
afterAll(async () => {
  await service.close();
  await network.close();
});

describe(`bid deposits, on ${on}`, () => {
  it('are held on the wallet, applied to an invoice (the rest back to the balance), or released by finance', async () => {
    const ann = await service.signUp('ann@deposits.example');
    const { cardId } = await service.addCard(ann.token);
    const finance = await service.signUp('fin@deposits.example', ['finance']);
    await service.post(
      actions.addCreditBalance.path,
      { amount: 10_000, card_id: cardId },
      { token: ann.token },
    );
    const hold = (amount: number) =>
      service.post<{ deposit_id: string; balance: number }>(
        actions.addBidDeposit.path,
        { amount },
        { token: ann.token },
      );
    const first = await hold(6_000);
    expect(first.body.data).toMatchObject({
      message: 'Bid deposit of $60.00 held from your wallet',
      responseData: { balance: 4_000 },
    });
    const second = await hold(3_000);
    const tooMuch = await hold(1_001);
    expect(tooMuch.body.data.code).toBe('WALLET_INSUFFICIENT');

    // An offline order of $44.10 is paid from the first deposit; $15.90 goes back to the balance.
    const lot = await service.listLot({ auction: false, buyNow: true, buyNowPrice: 4_000, quantity: 2 });
    await service.post(
      actions.addToCart.path,
      { cart: [{ product_id: lot.lotId, qty: 1 }] },
      { token: ann.token },
    );
    const placed = await service.post<CheckoutResult>(
      actions.payCartOffline.path,
      { type: 'buynow', cart_id: 'dep-1', delivery: 'pickup' },
      { token: ann.token },
    );
    const invoiceId = placed.body.data.responseData.invoice_ids[0] as string;
    const applied = await service.post<{ status: string }>(
      actions.applyDeposit.path,
      { deposit_id: first.body.data.responseData.deposit_id, invoice_id: invoiceId },
      { token: ann.token },
    );
    expect(applied.body.data.responseData.status).toBe('paid');
    const invoice = await service.service.streams.load(invoiceStream(invoiceId), invoiceDecider);
    expect(invoice.status === 'issued' && invoice.paid).toBe(4_410);
    let wallet = await service.service.streams.load(walletStream(ann.id), walletDecider);
    expect(wallet.balance).toBe(1_000 + 1_590);

    // Only finance or an admin releases a deposit; the buyer cannot take it back alone.
    const release = { deposit_id: second.body.data.responseData.deposit_id, user_id: ann.id };
    expect((await service.post(actions.releaseDeposit.path, release, { token: ann.token })).status).toBe(403);
    expect((await service.post(actions.releaseDeposit.path, release, { token: finance.token })).status).toBe(
      200,
    );
    wallet = await service.service.streams.load(walletStream(ann.id), walletDecider);
    expect(wallet.balance).toBe(1_000 + 1_590 + 3_000);
    expect(wallet.held).toEqual({});
    const again = await service.post(actions.releaseDeposit.path, release, { token: finance.token });
    expect(again.body.data.code).toBe('DEPOSIT_NOT_FOUND');
  });

  it('lets no member of staff release a deposit of their own (separation of duties)', async () => {
    const fin = await service.signUp('fin2@deposits.example', ['finance']);
    const other = await service.signUp('fin3@deposits.example', ['finance']);
    const { cardId } = await service.addCard(fin.token);
    const charged = network.charges().length;
    await service.post(
      actions.addCreditBalance.path,
      { amount: 5_000, card_id: cardId },
      { token: fin.token },
    );
    const held = await service.post<{ deposit_id: string }>(
      actions.addBidDeposit.path,
      { amount: 5_000 },
      { token: fin.token },
    );
    const release = { deposit_id: held.body.data.responseData.deposit_id, user_id: fin.id };
    const own = await service.post(actions.releaseDeposit.path, release, { token: fin.token });
    expect([own.status, own.body.data.code]).toEqual([403, 'OWN_MONEY_RECORD']);
    let wallet = await service.service.streams.load(walletStream(fin.id), walletDecider);
    expect([wallet.balance, Object.values(wallet.held)]).toEqual([0, [5_000]]);
    expect((await service.post(actions.releaseDeposit.path, release, { token: other.token })).status).toBe(
      200,
    );
    wallet = await service.service.streams.load(walletStream(fin.id), walletDecider);
    expect(wallet.balance).toBe(5_000);
    // The credit bought with the card: one charge, and no other.
    expect(network.charges().length).toBe(charged + 1);
  });

  it('applies a deposit only to the buyer\u2019s own invoice', async () => {
    const bob = await service.signUp('bob@deposits.example');
    const { cardId } = await service.addCard(bob.token);
    await service.post(
      actions.addCreditBalance.path,
      { amount: 2_000, card_id: cardId },
      { token: bob.token },
    );
    const held = await service.post<{ deposit_id: string }>(
      actions.addBidDeposit.path,
      { amount: 2_000 },
      { token: bob.token },
    );
    const answer = await service.post(
      actions.applyDeposit.path,
      { deposit_id: held.body.data.responseData.deposit_id, invoice_id: 'B-someone-else' },
      { token: bob.token },
    );
    expect([answer.status, answer.body.data.code]).toEqual([404, 'INVOICE_NOT_FOUND']);
  });
});
