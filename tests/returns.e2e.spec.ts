import { actions, type CartView } from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const HOUR = 3600_000;
const clock = offsetClock();

describe.runIf(browserAvailable())('a partial return in the browser (issue 31)', () => {
  let market: TestMarketplace;
  let browser: Browser;

  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false, clock, staffRateLimit: 100_000 });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  async function pageFor(user: TestUser, width = 1366) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(user.token)})` });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { page, errors, context };
  }

  it('asks 1 of 3 bottles back for its share, staff accept, receive and refund less with a reason, the invoice reads Partly refunded', async () => {
    const finance = await market.staff('finance');
    const ann = await market.bidder({ firstName: 'Ann' });
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, ann.auth);
    const cards = await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, ann.auth);
    const input = lotInput({
      title: '2016 Château Léoville-Las Cases',
      quantity: 3,
      openingBid: 40_000,
      closesAt: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    const { id: lotId } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
    await market.ok(actions.bidConfirm.path, { id: lotId, wsprice: 40_000 }, ann.auth);
    clock.advance(2 * HOUR);
    let invoiceId = '';
    for (let i = 0; i < 300 && !invoiceId; i++) {
      const cart = await market.ok<CartView>(actions.auctionCart.path, {}, ann.auth);
      invoiceId = cart.cartItems[0]?.invoice_id ?? '';
      if (!invoiceId) await new Promise((r) => setTimeout(r, 50));
    }
    await market.ok(
      actions.checkout.path,
      { type: 'auction', cart_id: invoiceId, delivery: 'pickup', payment: { card_id: cards.data[0]?.id } },
      ann.auth,
    );
    await market.caughtUp();

    // The buyer: 1 of the 3 bottles, a third of $529.20.
    const buyer = await pageFor(ann);
    await buyer.page.goto(`${market.url}/invoice/${invoiceId}`);
    await buyer.page.getByTestId('request-return').click();
    const dialog = buyer.page.getByRole('dialog');
    expect(await dialog.getByTestId('return-amount').textContent()).toBe(
      'Refund for 1 of 3 bottles: $176.40',
    );
    await dialog.getByTestId('return-qty').fill('2');
    expect(await dialog.getByTestId('return-amount').textContent()).toBe(
      'Refund for 2 of 3 bottles: $352.80',
    );
    await dialog.getByTestId('return-qty').fill('1');
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Corked');
    await dialog.getByRole('button', { name: 'Request the return' }).click();
    await buyer.page.getByTestId('return-row').waitFor();

    // Finance: accept, mark received, refund $150 with a reason.
    const staff = await pageFor(finance);
    await staff.page.goto(`${market.url}/admin/returns`);
    await staff.page.getByTestId('accept-return').click();
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Accept the return' }).click();
    await staff.page.getByTestId('receive-return').click();
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Mark received' }).click();
    await staff.page.getByTestId('refund-return').click();
    const refund = staff.page.getByRole('dialog');
    expect(await refund.getByTestId('refund-amount').inputValue()).toBe('176.40');
    await refund.getByTestId('refund-amount').fill('150');
    await refund.getByTestId('refund-reason').fill('Capsule damaged on the way back');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.waitFor({ state: 'hidden' });
    await staff.page.getByText('Decided').click();
    expect(await staff.page.getByTestId('return-refunded').textContent()).toBe(
      '$150.00 refunded · To the card',
    );
    // Finance opens the buyer's invoice.
    await staff.page.goto(`${market.url}/invoice/${invoiceId}`);
    expect(await staff.page.getByTestId('invoice-return-status').textContent()).toBe('Partly refunded');

    // The buyer's invoice: Partly refunded instead of Paid, with what went back.
    await buyer.page.goto(`${market.url}/invoice/${invoiceId}`);
    expect(await buyer.page.getByTestId('invoice-return-status').textContent()).toBe('Partly refunded');
    expect(await buyer.page.getByTestId('invoice-status').count()).toBe(0);
    expect(await buyer.page.getByTestId('returned-amount').textContent()).toBe(
      'Partly refunded · Refunded for returns: $150.00',
    );
    expect([...buyer.errors, ...staff.errors]).toEqual([]);
    await buyer.context.close();
    await staff.context.close();
  }, 120_000);
});
