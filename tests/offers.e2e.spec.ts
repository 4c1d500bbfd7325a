import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { actions, type OfferPage } from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  everyStaffViewport,
  launchChromium,
  layoutProblems,
  seriousViolations,
  signedInPage,
} from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = process.env.OFFER_SCREENSHOTS ?? '/tmp/shots-offers';
const TITLE = '1996 Krug Clos du Mesnil';
const HOUR = 3_600_000;

/**
 * Issue 36 'Done when', in the browser: a buyer makes an offer on the lot page, the seller counters on
 * their offers page, the buyer accepts on /offers and pays the invoice at checkout, and the invoice
 * shows the agreed price; the card is charged once. Then every new screen is looked at, at 1366 and
 * 390 px (the staff's in both languages).
 */
describe.runIf(browserAvailable())(
  'an offer made, countered, accepted and paid in the browser (issue 36)',
  () => {
    let market: TestMarketplace;
    let browser: Browser;
    let seller: TestUser;
    let buyer: TestUser;
    let admin: TestUser;
    let lotId: string;
    const clock = offsetClock();
    beforeAll(async () => {
      market = await startMarketplace({ ui: true, seed: false, staffRateLimit: 1_000_000, clock });
      seller = await market.staff('seller');
      admin = await market.staff('admin', 'finance');
      buyer = await market.bidder({ firstName: 'Olive' });
      for (const user of [seller, admin, buyer])
        await market.ok('/api/user/updateProfile', { popup_message: 0 }, user.auth);
      lotId = (
        await market.sellerListing(
          seller,
          lotInput({
            title: TITLE,
            auction: false,
            buyNow: true,
            buyNowPrice: 60_000,
            quantity: 3,
            openingBid: 0,
          }),
        )
      ).id;
      browser = await launchChromium();
      await mkdir(screenshots, { recursive: true });
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await market?.stop();
    });

    const shot = (page: Page, name: string) =>
      page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
    const offers = (who: TestUser) => market.ok<OfferPage>(actions.myOffers.path, {}, who.auth);

    it('sells at the price the seller countered and the buyer accepted, charged once', async () => {
      const { page, errors } = await signedInPage(browser, buyer.token, 1366, 900);
      await page.goto(`${market.url}/productview/${lotId}`);
      await page.getByTestId('make-offer').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('offer-asking').filter({ hasText: '$600.00' }).waitFor();
      await dialog.getByTestId('offer-price').fill('520');
      await dialog.getByTestId('offer-qty').fill('2');
      await dialog.getByTestId('offer-total').filter({ hasText: '$1,040.00' }).waitFor();
      await shot(page, 'offer-dialog-1366');
      await dialog.getByTestId('send-offer').click();
      await dialog.getByTestId('offer-answer').filter({ hasText: 'Your offer was sent' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The seller counters on their offers page.
      const staff = await signedInPage(browser, seller.token, 1366, 900);
      await staff.page.goto(`${market.url}/seller/offer`);
      const card = staff.page.getByTestId('offer-card').filter({ hasText: TITLE });
      await card.getByTestId('offer-status').filter({ hasText: /Open/ }).waitFor();
      await shot(staff.page, 'seller-offers-1366');
      await card.getByTestId('offer-counter').click();
      const counter = staff.page.getByRole('dialog');
      await counter.getByRole('textbox', { name: /price/i }).fill('560');
      await counter
        .getByRole('button', { name: /Send|Counter/ })
        .last()
        .click();
      await counter.waitFor({ state: 'detached' });
      await card
        .getByTestId('offer-status')
        .filter({ hasText: /Countered/ })
        .waitFor();

      // The buyer accepts the counter on /offers, and pays it from the temporary cart.
      await page.goto(`${market.url}/offers`);
      const mine = page.getByTestId('offer-card').filter({ hasText: TITLE });
      await mine
        .getByTestId('offer-status')
        .filter({ hasText: /Countered/ })
        .waitFor();
      await shot(page, 'offers-countered-1366');
      await mine.getByTestId('offer-accept').click();
      await page.getByTestId('confirm-accept').click();
      await page.getByTestId('temp-cart-pay').first().waitFor();
      await shot(page, 'offers-accepted-1366');
      const charges = market.cards.charges().length;
      await page.getByTestId('temp-cart-pay').first().click();
      await page.waitForURL(/\/checkout\/offer\//);
      await page.getByTestId('place-order').waitFor();
      await page.getByTestId('quote-updating').waitFor({ state: 'hidden' });
      await shot(page, 'offer-checkout-1366');
      await page.getByTestId('place-order').click();
      await page.waitForURL(/\/checkout_confirm/);
      await page.locator('[data-testid="confirm-result"][data-status="paid"]').waitFor();
      await page.getByTestId('confirm-invoices').getByRole('link').first().click();
      await page.waitForURL(/\/invoice\//);
      // The agreed price: two bottles at $560.00, $1,120.00 before tax, no premium.
      await page.getByText('$560.00').first().waitFor();
      await page.getByText('$1,120.00').first().waitFor();
      await shot(page, 'offer-invoice-1366');
      expect(market.cards.charges().length - charges).toBe(1);

      const [offer] = (await offers(buyer)).records;
      expect(offer).toMatchObject({ status: 'accepted', price: 56_000, qty: 2 });
      await expect.poll(async () => (await offers(buyer)).records[0]?.paid).toBe(true);
      await page.goto(`${market.url}/offers`);
      await page.getByTestId('offer-card').filter({ hasText: TITLE }).getByTestId('offer-invoice').waitFor();
      expect([...errors, ...staff.errors]).toEqual([]);
      await staff.page.context().close();
      await page.context().close();
    });

    it("shows the buyer's offers and the lot page's offer dialog on a phone", async () => {
      const { page, errors } = await signedInPage(browser, buyer.token, 390, 844);
      await page.goto(`${market.url}/offers`);
      await page.getByTestId('offer-card').first().waitFor();
      expect(await layoutProblems(page, 'offers 390')).toEqual([]);
      await shot(page, 'offers-390');
      await page.goto(`${market.url}/productview/${lotId}`);
      await page.getByTestId('make-offer').click();
      await page.getByRole('dialog').getByTestId('offer-price').waitFor();
      await shot(page, 'offer-dialog-390');
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it("shows the staff's offers and the offers report at 390 and 1366 px, in English and Spanish", async () => {
      const other = await market.bidder({ firstName: 'Pia' });
      // An offer the seller's side has to answer, for the pending-first lists.
      await market.ok(actions.makeOffer.path, { product_id: lotId, qty: 1, price: 50_000 }, other.auth);
      clock.advance(HOUR);
      const problems = await everyStaffViewport(browser, admin.token, async (page, at) => {
        const label = `${at.width}px ${at.language}`;
        await page.goto(`${market.url}/admin/offers`);
        await page.getByTestId('offer-card').first().waitFor();
        await shot(page, `admin-offers-${at.width}-${at.language}`);
        const found = await layoutProblems(page, `admin offers ${label}`);
        const today = new Date().toISOString().slice(0, 10);
        await page.goto(`${market.url}/reports/getOffers?from=${today.slice(0, 8)}01&to=${today}`);
        await page.getByTestId('report-table').waitFor();
        await shot(page, `report-offers-${at.width}-${at.language}`);
        return [...found, ...(await layoutProblems(page, `offers report ${label}`))];
      });
      expect(problems).toEqual([]);
      const seller390 = await signedInPage(browser, seller.token, 390, 844);
      await seller390.page.goto(`${market.url}/seller/offer`);
      await seller390.page.getByTestId('offer-card').first().waitFor();
      expect(await layoutProblems(seller390.page, 'seller offers 390')).toEqual([]);
      await shot(seller390.page, 'seller-offers-390');
      expect(seller390.errors).toEqual([]);
      await seller390.page.context().close();
    });

    it('offers a lot closed below its reserve to its top bidder, who takes the second chance and pays', async () => {
      const bidder = await market.bidder({ firstName: 'Sam' });
      await market.ok('/api/user/updateProfile', { popup_message: 0 }, bidder.auth);
      const { id } = await market.ok<{ id: string }>(
        actions.createLot.path,
        lotInput({
          title: '1990 Château Margaux',
          openingBid: 50_000,
          reserve: 90_000,
          quantity: 1,
          closesAt: new Date(clock.now().getTime() + HOUR).toISOString(),
        }),
        market.admin,
      );
      await market.ok(actions.bidConfirm.path, { id, wsprice: 50_000 }, bidder.auth);
      clock.advance(2 * HOUR);
      // The house offers it at the reserve at the close; the admin names a lower price instead.
      await expect.poll(async () => (await offers(bidder)).records.length, { timeout: 15_000 }).toBe(1);
      const staff = await signedInPage(browser, admin.token, 1366, 900);
      await staff.page.goto(`${market.url}/admin/lots/${id}`);
      await staff.page.getByTestId('second-chance').click();
      const dialog = staff.page.getByRole('dialog');
      await dialog.getByTestId('second-chance-reserve').filter({ hasText: '$900.00' }).waitFor();
      await dialog.getByRole('textbox', { name: 'Price' }).fill('800');
      await shot(staff.page, 'second-chance-dialog-1366');
      await dialog.getByRole('button', { name: 'Offer to the top bidder' }).click();
      await staff.page.getByTestId('second-chance-sent').waitFor();

      const { page, errors } = await signedInPage(browser, bidder.token, 390, 844);
      await page.goto(`${market.url}/offers`);
      const card = page.getByTestId('offer-card').filter({ hasText: '1990 Château Margaux' }).first();
      await card.getByTestId('offer-second-chance').waitFor();
      await card.getByText('$800.00').first().waitFor();
      expect(await layoutProblems(page, 'second chance 390')).toEqual([]);
      await shot(page, 'second-chance-offers-390');
      await card.getByTestId('offer-accept').click();
      await page.getByTestId('confirm-accept').click();
      await page.getByTestId('temp-cart-pay').first().click();
      await page.waitForURL(/\/checkout\/offer\//);
      await page.getByTestId('place-order').waitFor();
      await page.getByTestId('quote-updating').waitFor({ state: 'hidden' });
      const charges = market.cards.charges().length;
      await page.getByTestId('place-order').click();
      await page.waitForURL(/\/checkout_confirm/);
      await page.locator('[data-testid="confirm-result"][data-status="paid"]').waitFor();
      expect(market.cards.charges().length - charges).toBe(1);
      expect([...errors, ...staff.errors]).toEqual([]);
      await page.context().close();
      await staff.page.context().close();
    });
  },
);
