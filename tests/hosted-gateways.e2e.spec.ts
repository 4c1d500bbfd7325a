import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { actions } from '@wine/contracts';
import {
  type CashfreeDouble,
  type PaytmDouble,
  startCashfreeDouble,
  startPaytmDouble,
} from '@wine/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium, layoutProblems, signedInPage } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = join(import.meta.dirname, '../screenshots');

/**
 * seeds 001 "Payments": paying on a hosted gateway's own page in the browser, with the site taking
 * Paytm and Cashfree (each adapter against a local double of the vendor, its pages included): a
 * buy-now order paid on Paytm's page at a desktop's width, and a bid deposit (membership-payment) paid
 * on Cashfree's at a phone's. Each test counts what the gateway took.
 */
describe.runIf(browserAvailable())('paying on a hosted gateway’s page (Paytm, Cashfree)', () => {
  let paytm: PaytmDouble;
  let cashfree: CashfreeDouble;
  let market: TestMarketplace;
  let browser: Browser;
  beforeAll(async () => {
    paytm = await startPaytmDouble();
    cashfree = await startCashfreeDouble();
    market = await startMarketplace({
      seed: false,
      ui: true,
      env: {
        PAYMENT_GATEWAYS: 'paytm,cashfree',
        PAYTM_MID: paytm.mid,
        PAYTM_MERCHANT_KEY: paytm.merchantKey,
        PAYTM_WEBSITE: paytm.website,
        PAYTM_API_URL: paytm.url,
        CASHFREE_CLIENT_ID: cashfree.clientId,
        CASHFREE_CLIENT_SECRET: cashfree.clientSecret,
        CASHFREE_API_URL: cashfree.url,
      },
    });
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
    await paytm?.close();
    await cashfree?.close();
  });

  /** A signed-in buyer with a card on file (to buy at all), the welcome notice off; Cashfree keeps a phone with every order. */
  async function buyer(firstName: string): Promise<TestUser> {
    const user = await market.bidder({ firstName, card: true });
    await market.ok(actions.updateProfile.path, { popup_message: 0, phone: '3125550142' }, user.auth);
    return user;
  }

  /** The whole page from the top. */
  async function shoot(page: Page, name: string) {
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
  }

  it('at 1366 px: a buy-now order paid on Paytm’s page comes back paid, Paytm charged once', async () => {
    const ann = await buyer('Ann');
    const { id: lotId } = await market.ok<{ id: string }>(
      actions.createLot.path,
      lotInput({ title: '2016 Sassicaia', auction: false, buyNow: true, buyNowPrice: 9_000, quantity: 3 }),
      market.admin,
    );
    await market.ok(actions.addToCart.path, { cart: [{ product_id: lotId, qty: 1 }] }, ann.auth);
    const { page, errors } = await signedInPage(browser, ann.token, 1366, 900);
    await page.goto(`${market.url}/buynowcart`);
    await page.getByText('2016 Sassicaia').first().waitFor();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL(/\/checkout\/buynow\//);
    await page.getByTestId('quote-updating').waitFor({ state: 'hidden' });
    await page.getByRole('radio', { name: /^Paytm/ }).check();
    expect(await layoutProblems(page, 'checkout with Paytm 1366')).toEqual([]);
    await shoot(page, 'gateway-checkout-paytm-1366');
    await page.getByTestId('place-order').click();

    // Paytm's own page (the double's): the buyer pays there and is sent back to the site.
    await page.waitForURL((url) => url.origin === new URL(paytm.url).origin);
    await page.getByRole('button', { name: 'pay' }).click();
    await page.waitForURL(/\/checkout_confirm/);
    await page.locator('[data-testid="confirm-result"][data-status="paid"]').waitFor();
    expect(await layoutProblems(page, 'paid on Paytm 1366')).toEqual([]);
    await shoot(page, 'gateway-paid-paytm-1366');
    const paid = paytm.orders().filter((o) => o.status === 'TXN_SUCCESS');
    expect(paid).toHaveLength(1);
    expect(paid[0]?.refunds).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('at 390 px: a bid deposit paid on Cashfree’s page (membership-payment) is held in the wallet, Cashfree charged once', async () => {
    const ben = await buyer('Ben');
    const { page, errors } = await signedInPage(browser, ben.token, 390, 844);
    await page.goto(`${market.url}/transactions`);
    const deposits = page.getByTestId('bid-deposits');
    await deposits.getByRole('button', { name: 'Pay it on Cashfree' }).waitFor();
    await deposits.getByLabel('Deposit in US dollars').fill('250');
    expect(await layoutProblems(page, 'deposit on a gateway 390')).toEqual([]);
    await shoot(page, 'gateway-deposit-390');
    await deposits.getByRole('button', { name: 'Pay it on Cashfree' }).click();

    await page.waitForURL((url) => url.origin === new URL(cashfree.url).origin);
    await page.getByRole('button', { name: 'pay' }).click();
    await page.waitForURL(/\/transactions/);
    await page.getByText('Paid: your bid deposit is held.').first().waitFor();
    const row = page.getByTestId('deposit-row').first();
    await row.waitFor();
    expect(await row.innerText()).toMatch(/\$250\.00[\s\S]*held/i);
    expect(await layoutProblems(page, 'deposit held 390')).toEqual([]);
    await shoot(page, 'gateway-deposit-held-390');
    const paid = cashfree.orders().filter((o) => o.status === 'PAID');
    expect(paid.map((o) => o.amount)).toEqual([25_000]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
