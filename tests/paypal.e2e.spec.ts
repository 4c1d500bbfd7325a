import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { actions } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium, signedInPage } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace } from './support/marketplace.ts';

const screenshots = join(import.meta.dirname, '../screenshots');

/**
 * Seeds 001 "Payments" (paypal_response): a buyer pays a buy-now cart with PayPal in the browser, on
 * the test shop's PayPal sandbox: PayPal's page in the same tab, back to the confirm page, paid; and a
 * buyer who cancels on PayPal's page comes back to an unpaid order, nothing sold.
 */
describe.runIf(browserAvailable())('paying with PayPal in the browser, on the PayPal sandbox', () => {
  let market: TestMarketplace;
  let browser: Browser;

  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false });
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  async function buyerWithCart(name: string, title: string) {
    const user = await market.bidder({ firstName: name });
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, user.auth);
    const input = lotInput({
      title,
      auction: false,
      buyNow: true,
      buyNowPrice: 9_000,
      quantity: 3,
      openingBid: 0,
    });
    const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
    await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 1 }] }, user.auth);
    return { user, lotId: id };
  }

  async function toPayPal(page: Page, title: string, shot: string) {
    await page.goto(`${market.url}/buynowcart`);
    await page.getByText(title).first().waitFor();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/checkout\/buynow\//);
    await page.getByTestId('pay-paypal').click();
    await page.getByTestId('quote-updating').waitFor({ state: 'hidden' });
    await page.screenshot({ path: join(screenshots, `paypal-checkout-${shot}.png`), fullPage: true });
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/sandbox\/paypal\/approve\//);
    await page.getByTestId('sandbox-paypal').waitFor();
    await page.screenshot({ path: join(screenshots, `paypal-sandbox-${shot}.png`), fullPage: true });
  }

  it('pays with PayPal: its page in the same tab, back to the confirm page, paid, the bottle sold once', async () => {
    const { user, lotId } = await buyerWithCart('Pat', '2018 Ornellaia');
    const { page, errors } = await signedInPage(browser, user.token);
    await toPayPal(page, '2018 Ornellaia', 'desktop');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.waitForURL(/\/checkout_confirm/);
    await page.locator('[data-testid="confirm-result"][data-status="paid"]').waitFor();
    await page.screenshot({ path: join(screenshots, 'paypal-paid-desktop.png'), fullPage: true });
    const types = (await market.eventStore.readStream(lotStream(lotId))).map((e) => e.type);
    expect(types).toEqual(['LotListed', 'StockReserved', 'StockSold']);
    expect(errors).toEqual([]);
  });

  it('cancels on PayPal’s page: back to an unpaid order, nothing sold, on a phone', async () => {
    const { user, lotId } = await buyerWithCart('Quin', '2017 Solaia');
    const { page, errors } = await signedInPage(browser, user.token, 390, 844);
    await toPayPal(page, '2017 Solaia', 'phone');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/checkout_confirm/);
    await page.getByTestId('confirm-failed').filter({ hasText: 'cancelled on PayPal' }).waitFor();
    await page.screenshot({ path: join(screenshots, 'paypal-cancelled-phone.png'), fullPage: true });
    const types = (await market.eventStore.readStream(lotStream(lotId))).map((e) => e.type);
    expect(types).not.toContain('StockSold');
    expect(errors).toEqual([]);
  });
});
