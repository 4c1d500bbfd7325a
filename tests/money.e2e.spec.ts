import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { actions, type CartView } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { offsetClock } from '@wine/platform';
import { cardNetworkFromEnv, cardNetworkTitles } from '@wine/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCardInForm, browserAvailable, launchChromium } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = join(import.meta.dirname, '../screenshots');
const HOUR = 3600_000;
const clock = offsetClock();

describe.runIf(browserAvailable())(
  `paying for wine in the browser, on ${cardNetworkTitles[cardNetworkFromEnv()]}`,
  () => {
    let market: TestMarketplace;
    let browser: Browser;

    beforeAll(async () => {
      market = await startMarketplace({ ui: true, seed: false, clock });
      browser = await launchChromium();
      await mkdir(screenshots, { recursive: true });
    });
    afterAll(async () => {
      await browser?.close();
      await market?.stop();
    });

    /** A buyer with the given sandbox card on file. */
    async function buyer(name: string, card: string = market.cards.testCards.visa): Promise<TestUser> {
      const user = await market.bidder({ firstName: name, card: false });
      // As the card form does: the card to the provider's tokenisation, its token to the product.
      const details = { number: card, expMonth: 12, expYear: 2030, cvc: '123', nameOnCard: name };
      const cardToken = await market.cards.tokenize(details);
      await market.ok(actions.addCard.path, { card_token: cardToken, name_on_card: name }, user.auth);
      await market.ok('/api/user/updateProfile', { popup_message: 0 }, user.auth);
      return user;
    }

    async function pageFor(user: TestUser, width = 1280, height = 900) {
      const context = await browser.newContext({
        viewport: { width, height },
        acceptDownloads: true,
        // CyberSource's double serves HTTPS with its own certificate (the SDK trusts it by its CA file):
        // the browser's card form posts to it and its issuer page is opened.
        ignoreHTTPSErrors: market.cards.name === 'cybersource',
      });
      await context.addInitScript({
        content: `localStorage.setItem('token', ${JSON.stringify(user.token)})`,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      return { page, errors };
    }

    async function buyNowLot(title: string, quantity = 6) {
      const input = lotInput({
        title,
        auction: false,
        buyNow: true,
        buyNowPrice: 8_000,
        quantity,
        openingBid: 0,
      });
      const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
      return id;
    }

    async function placeOrder(page: Page) {
      await page.getByTestId('place-order').waitFor();
      await page.getByTestId('quote-updating').waitFor({ state: 'hidden' });
      await page.getByTestId('place-order').click();
    }

    it('(a) a won lot waits in /cart, is paid with the saved card, and its paid invoice downloads as a PDF', async () => {
      const ann = await buyer('Ann');
      const input = lotInput({
        title: '2005 Château Latour',
        openingBid: 120_000,
        closesAt: new Date(clock.now().getTime() + HOUR).toISOString(),
      });
      const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
      await market.ok(actions.bidConfirm.path, { id, wsprice: 120_000 }, ann.auth);
      clock.advance(2 * HOUR);
      for (let i = 0; i < 200; i++) {
        const cart = await market.ok<CartView>(actions.auctionCart.path, {}, ann.auth);
        if (cart.cartItems.length > 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }

      const { page, errors } = await pageFor(ann);
      await page.goto(`${market.url}/cart`);
      await page.getByTestId('invoice-group').filter({ hasText: '2005 Château Latour' }).waitFor();
      await page.screenshot({ path: join(screenshots, 'money-cart-desktop.png'), fullPage: true });
      await page.getByTestId('pay-invoice').click();
      await page.waitForURL(/\/checkout\/auction\//);
      await page.getByText('Pick up at').waitFor();
      await page.screenshot({ path: join(screenshots, 'money-checkout-desktop.png'), fullPage: true });
      await placeOrder(page);
      await page.waitForURL(/\/checkout_confirm/);
      await page.locator('[data-testid="confirm-result"][data-status="paid"]').waitFor();
      await page.screenshot({ path: join(screenshots, 'money-confirm-desktop.png'), fullPage: true });
      await page.getByTestId('confirm-invoices').getByRole('link').first().click();
      await page.waitForURL(/\/invoice\//);
      await page
        .getByRole('heading', { name: /Invoice/ })
        .first()
        .waitFor();
      await page.getByText('$1,200.00').first().waitFor();
      await page.screenshot({ path: join(screenshots, 'money-invoice-desktop.png'), fullPage: true });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      const file = join(screenshots, 'money-invoice.pdf');
      await download.saveAs(file);
      const text = execFileSync('pdftotext', [file, '-']).toString();
      expect(text).toContain('2005 Château Latour');
      expect(text).toMatch(/PAID|Paid/);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        '-f',
        '1',
        '-l',
        '1',
        file,
        join(screenshots, 'money-invoice-pdf'),
      ]);
      expect(errors).toEqual([]);

      const phone = await pageFor(ann, 390, 844);
      await phone.page.goto(page.url());
      await phone.page.getByText('$1,200.00').first().waitFor();
      await phone.page.screenshot({ path: join(screenshots, 'money-invoice-phone.png'), fullPage: true });
    });

    // Versapay has no 3-D Secure: no charge of its waits for the issuer.
    it.skipIf(cardNetworkFromEnv() === 'versapay')(
      '(c) a card that needs authentication goes to the issuer page and back, paid',
      async () => {
        const fay = await buyer('Fay', market.cards.testCards.authenticationRequired);
        const lotId = await buyNowLot('2016 Sassicaia');
        await market.ok(actions.addToCart.path, { cart: [{ product_id: lotId, qty: 2 }] }, fay.auth);
        const { page, errors } = await pageFor(fay);
        await page.goto(`${market.url}/buynowcart`);
        await page.getByText('2016 Sassicaia').first().waitFor();
        await page.screenshot({ path: join(screenshots, 'money-buynowcart-desktop.png'), fullPage: true });
        await page.getByRole('button', { name: 'Checkout' }).click();
        await page.waitForURL(/\/checkout\/buynow\//);
        await placeOrder(page);
        if (market.cards.name === 'sandbox') {
          await page.waitForURL(/\/sandbox\/authenticate\//);
          await page.getByTestId('sandbox-issuer').waitFor();
          await page.screenshot({ path: join(screenshots, 'money-sandbox-desktop.png'), fullPage: true });
          await page.getByRole('button', { name: 'Authenticate payment' }).click();
        } else {
          // The provider's issuer page (its double's 3-D Secure page), in the same tab, and back.
          await page.waitForURL(market.cards.name === 'stripe' ? /\/3ds\/pi_/ : /\/V2\/Cruise\/StepUp/);
          await page.getByRole('button', { name: 'Complete' }).click();
        }
        await page.waitForURL(/\/checkout_confirm/);
        await page.locator('[data-testid="confirm-result"][data-status="paid"]').waitFor();
        const types = (await market.eventStore.readStream(lotStream(lotId))).map((e) => e.type);
        expect(types).toEqual(['LotListed', 'StockReserved', 'StockSold']);
        expect(errors).toEqual([]);
      },
    );

    it('(f) a card typed in the card form goes to the provider, never to the product, and pays', async () => {
      const hal = await market.bidder({ firstName: 'Hal', card: false });
      await market.ok('/api/user/updateProfile', { popup_message: 0 }, hal.auth);
      const lotId = await buyNowLot('2019 Tignanello', 2);
      const { page, errors } = await pageFor(hal);
      const posted: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posted.push(`${request.url()} ${request.postData() ?? ''}`);
      });
      const paidBefore = market.cards.charges().filter((c) => c.state.status === 'succeeded').length;
      await page.goto(`${market.url}/account/profile`);
      await addCardInForm(page, market.cards.testCards.visa, 'Hal Varian');
      await page.getByText('Card added').first().waitFor();
      // The number went to the provider's tokenisation only (this origin's sandbox vault, Stripe's API,
      // CyberSource's Flex as a JWE), never to one of the product's actions.
      const number = market.cards.testCards.visa;
      const toActions = posted.filter((line) => line.startsWith(`${market.url}/api/`));
      expect(toActions.some((line) => line.includes('addSkyflowCredit'))).toBe(true);
      expect(toActions.filter((line) => line.includes(number))).toEqual([]);
      // A buyer with a card on file may buy.
      await market.ok(actions.addToCart.path, { cart: [{ product_id: lotId, qty: 1 }] }, hal.auth);
      await page.goto(`${market.url}/buynowcart`);
      await page.getByText('2019 Tignanello').first().waitFor();
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL(/\/checkout\/buynow\//);
      await placeOrder(page);
      await page.waitForURL(/\/checkout_confirm/);
      await page.locator('[data-testid="confirm-result"][data-status="paid"]').waitFor();
      // The card was charged once.
      expect(market.cards.charges().filter((c) => c.state.status === 'succeeded')).toHaveLength(
        paidBefore + 1,
      );
      expect(errors).toEqual([]);
    });

    /** On the checkout page: 'A new card (not saved)' chosen and a card typed in its fields. */
    async function typeNewCard(page: Page, number: string, nameOnCard: string) {
      await page.getByTestId('quote-updating').waitFor({ state: 'hidden' });
      await page.getByRole('radio', { name: 'A new card (not saved)' }).check();
      const fields = page.getByRole('group', { name: 'New card' });
      await fields.getByLabel(/Card number/i).fill(number);
      await fields.getByLabel(/month/i).selectOption('12');
      await fields.getByLabel(/year/i).selectOption('2030');
      await fields.getByLabel(/CVV/i).fill('123');
      await fields.getByLabel(/Name on card/i).fill(nameOnCard);
      await fields.getByLabel(/ZIP/i).fill('60601');
    }

    // Issue 35 §2 (seeds 001 stripe_payment_element): only Stripe takes a new card in the browser.
    it.runIf(cardNetworkFromEnv() === 'stripe')(
      '(g) a new card typed at checkout goes to Stripe alone, confirms the payment in the browser, and pays',
      async () => {
        const ivy = await buyer('Ivy');
        const lotId = await buyNowLot('2010 Pétrus', 2);
        await market.ok(actions.addToCart.path, { cart: [{ product_id: lotId, qty: 1 }] }, ivy.auth);
        const number = market.cards.testCards.visa;
        const succeeded = () => market.cards.charges().filter((c) => c.state.status === 'succeeded');
        const paidBefore = succeeded().length;

        // The new card's fields at a phone's width first (the order is placed on the desktop's page).
        const phone = await pageFor(ivy, 390, 844);
        await phone.page.goto(`${market.url}/buynowcart`);
        await phone.page.getByRole('button', { name: 'Checkout' }).click();
        await phone.page.waitForURL(/\/checkout\/buynow\//);
        await typeNewCard(phone.page, number, 'Ivy Lee');
        await phone.page.screenshot({ path: join(screenshots, 'money-new-card-phone.png'), fullPage: true });
        await phone.page.context().close();
        expect(phone.errors).toEqual([]);

        const { page, errors } = await pageFor(ivy, 1366, 900);
        const sent: string[] = [];
        page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`));
        await page.goto(`${market.url}/buynowcart`);
        await page.getByText('2010 Pétrus').first().waitFor();
        await page.getByRole('button', { name: 'Checkout' }).click();
        await page.waitForURL(/\/checkout\/buynow\//);
        // The saved card is offered beside it; the new card is chosen instead.
        await page.getByRole('radio', { name: /Visa ending in 4242/ }).waitFor();
        await typeNewCard(page, number, 'Ivy Lee');
        await page.screenshot({ path: join(screenshots, 'money-new-card-desktop.png'), fullPage: true });
        await placeOrder(page);
        await page.waitForURL(/\/checkout_confirm/);
        await page.locator('[data-testid="confirm-result"][data-status="paid"]').waitFor();
        await page.screenshot({
          path: join(screenshots, 'money-new-card-confirm-desktop.png'),
          fullPage: true,
        });

        // Stripe charged once; the card went to Stripe's API only (its PaymentMethods), never to the product.
        expect(succeeded()).toHaveLength(paidBefore + 1);
        const toProduct = sent.filter((line) => line.startsWith(`${market.url}/`));
        // Issue 38 §2: the buy-now cart's checkout goes to its own path (seeds 001 buynow/checkout).
        expect(toProduct.some((line) => line.includes(actions.buynowCheckout.path))).toBe(true);
        expect(toProduct.filter((line) => line.includes(number))).toEqual([]);
        const toStripe = sent.filter((line) => !line.startsWith(`${market.url}/`) && line.includes(number));
        expect(toStripe.map((line) => new URL(line.split(' ')[0] as string).pathname)).toEqual([
          '/v1/payment_methods',
        ]);
        const types = (await market.eventStore.readStream(lotStream(lotId))).map((e) => e.type);
        expect(types).toEqual(['LotListed', 'StockReserved', 'StockSold']);
        expect(errors).toEqual([]);
      },
    );

    it('(d) the decline card shows a clear message and nothing stays reserved', async () => {
      const eve = await buyer('Eve', market.cards.testCards.chargeDeclined);
      const lotId = await buyNowLot('2015 Opus One', 3);
      await market.ok(actions.addToCart.path, { cart: [{ product_id: lotId, qty: 1 }] }, eve.auth);
      const { page } = await pageFor(eve, 390, 844);
      await page.goto(`${market.url}/buynowcart`);
      await page.getByText('2015 Opus One').first().waitFor();
      await page.screenshot({ path: join(screenshots, 'money-buynowcart-phone.png'), fullPage: true });
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL(/\/checkout\/buynow\//);
      await placeOrder(page);
      await page
        .getByTestId('checkout-error')
        .filter({ hasText: 'Your payment was declined: Your card was declined.' })
        .waitFor();
      await page.screenshot({ path: join(screenshots, 'money-declined-phone.png'), fullPage: true });
      const types = (await market.eventStore.readStream(lotStream(lotId))).map((e) => e.type);
      expect(types).toEqual(['LotListed', 'StockReserved', 'ReservationReleased']);
      const view = await market.ok<{ qty: number; sold: number }>(
        actions.productLot.path,
        { id: lotId },
        eve.auth,
      );
      expect(view.sold).toBe(0);
      await writeFile(join(screenshots, '.keep'), '');
    });

    it('(b) buys two bottles at the quantity-discount price, redeems a gift card, pays wallet plus card', async () => {
      const gus = await buyer('Gus');
      const input = lotInput({
        title: '2018 Tignanello',
        auction: false,
        buyNow: true,
        buyNowPrice: 8_000,
        discounts: [{ quantity: 2, price: 7_000 }],
        quantity: 6,
        openingBid: 0,
      });
      const { id: lotId } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
      const { cards } = await market.ok<{ cards: { code: string }[] }>(
        actions.issueGiftCards.path,
        { amount: 5_000, count: 1 },
        market.admin,
      );
      await market.ok(actions.addToCart.path, { cart: [{ product_id: lotId, qty: 1 }] }, gus.auth);
      const { page, errors } = await pageFor(gus);

      await page.goto(`${market.url}/transactions`);
      await page.getByTestId('giftcard-code').fill(cards[0]?.code as string);
      await page.getByTestId('giftcard-redeem').click();
      await page
        .getByTestId('giftcard-message')
        .filter({ hasText: 'Gift card added to your wallet' })
        .waitFor();
      await page.getByTestId('wallet-balance').filter({ hasText: '$50.00' }).waitFor();

      await page.goto(`${market.url}/buynowcart`);
      const quantity = page.getByRole('textbox', { name: 'Quantity of 2018 Tignanello' });
      await quantity.fill('2');
      await quantity.blur();
      // The second bottle brings the quantity-discount price: $70.00 each.
      await page.getByTestId('line-unit-price').filter({ hasText: '$70.00' }).waitFor();
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL(/\/checkout\/buynow\//);
      await page.getByTestId('use-wallet').check();
      await placeOrder(page);
      await page.locator('[data-testid="confirm-result"][data-status="paid"]').waitFor();
      const invoiceId = new URL(page.url()).searchParams.get('invoice') as string;
      await market.caughtUp();
      const detail = await market.ok<{
        total: number;
        allTransactions: { method: string; amount: number }[];
      }>(actions.invoice.path, { id: invoiceId }, gus.auth);
      // $140.00 + 10.25% tax = $154.35: $50.00 from the wallet, the rest by card.
      expect(detail.total).toBe(15_435);
      expect(detail.allTransactions.map((t) => [t.method, t.amount]).sort()).toEqual([
        ['card', 10_435],
        ['wallet', 5_000],
      ]);
      expect(errors).toEqual([]);
    });

    it('(e) an order paid offline stays unpaid until finance records the money', async () => {
      const hal = await buyer('Hal');
      const finance = await market.staff('finance');
      await market.ok('/api/user/updateProfile', { popup_message: 0 }, finance.auth);
      const lotId = await buyNowLot('2012 Vega Sicilia Unico', 2);
      await market.ok(actions.addToCart.path, { cart: [{ product_id: lotId, qty: 1 }] }, hal.auth);
      const { page } = await pageFor(hal);
      await page.goto(`${market.url}/buynowcart`);
      await page.getByRole('button', { name: 'Checkout' }).click();
      await page.waitForURL(/\/checkout\/buynow\//);
      await page.getByTestId('pay-offline').check();
      await placeOrder(page);
      await page.locator('[data-testid="confirm-result"][data-status="unpaid"]').waitFor();
      await page.getByTestId('confirm-note').filter({ hasText: 'Pay $88.20 by bank transfer' }).waitFor();
      await page.screenshot({ path: join(screenshots, 'money-offline-confirm-desktop.png'), fullPage: true });
      const invoiceId = new URL(page.url()).searchParams.get('invoice') as string;

      const staff = await pageFor(finance);
      await staff.page.goto(`${market.url}/admin/money`);
      const row = staff.page.locator(`[data-testid="staff-invoice-row"][data-invoice-id="${invoiceId}"]`);
      await row.waitFor();
      await staff.page.screenshot({ path: join(screenshots, 'money-staff-desktop.png'), fullPage: true });
      await row.getByTestId('record-payment').click();
      const dialog = staff.page.getByRole('dialog');
      await dialog.getByLabel('Reference').fill('wire 4711');
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await market.caughtUp();

      await page.goto(`${market.url}/invoice/${invoiceId}`);
      // Paid now, by the offline payment finance recorded.
      await page.getByTestId('invoice-detail').getByText('Paid on').waitFor();
      await page.getByRole('cell', { name: 'Offline' }).first().waitFor();
      const types = (await market.eventStore.readStream(lotStream(lotId))).map((e) => e.type);
      expect(types).toEqual(['LotListed', 'StockReserved', 'StockSold']);
    });
  },
);
