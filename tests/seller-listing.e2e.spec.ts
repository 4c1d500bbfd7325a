import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { actions, type LoginResult } from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  launchChromium,
  layoutProblems,
  seriousViolations,
  signedInPage,
} from './support/browser.ts';
import {
  startMarketplace,
  TEST_PASSWORD,
  type TestMarketplace,
  type TestUser,
} from './support/marketplace.ts';

const screenshots = process.env.STAFF_SCREENSHOTS ?? '/tmp/shots-staff';
const TITLE = '2004 Dom Pérignon P2';
const DAY = 86_400_000;

/**
 * Issue 33 "Sellers", done when: a seller lists a lot, an admin approves it, it sells, the buyer pays,
 * and the seller's statement shows the net — each step in the browser as its user does it (the buyer's
 * checkout is the shop's, tested elsewhere, and is made over HTTP here).
 */
describe.runIf(browserAvailable())(
  'a seller lists a wine, the house approves it, it sells (issue 33)',
  () => {
    let market: TestMarketplace;
    let browser: Browser;
    let seller: TestUser;
    let admin: TestUser;
    let lotId: string;
    // The server's clock: the seller is paid 30 days after the buyer paid (SELLER_PAYOUT_DAYS).
    const clock = offsetClock();
    beforeAll(async () => {
      market = await startMarketplace({ ui: true, seed: false, staffRateLimit: 1_000_000, clock });
      seller = await market.staff('seller');
      admin = await market.staff('admin');
      for (const user of [seller, admin])
        await market.ok('/api/user/updateProfile', { popup_message: 0 }, user.auth);
      browser = await launchChromium();
      await mkdir(screenshots, { recursive: true });
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await market?.stop();
    });

    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });

    it('the seller drafts a buy-now listing and submits it; the house sends it back, then approves it', async () => {
      const { page, errors } = await signedInPage(browser, seller.token, 1366, 900);
      await page.goto(`${market.url}/myWines/selling`);
      await page.getByTestId('seller-listings-empty').waitFor();
      await page.getByTestId('list-a-wine').click();
      await page.waitForURL((url) => url.pathname === '/myWines/selling/new');
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
      await page.getByRole('textbox', { name: 'Producer' }).fill('Dom Pérignon');
      await page.getByRole('combobox', { name: 'Country' }).fill('France');
      await page.getByRole('checkbox', { name: 'Sold at auction' }).uncheck();
      await page.getByRole('checkbox', { name: 'Sold by buy now' }).check();
      await page.getByRole('textbox', { name: 'Buy-now price per bottle' }).fill('450');
      await page.getByRole('textbox', { name: 'Bottles', exact: true }).fill('2');
      // No lot number and no reserve confirmation for a seller: the house places and confirms.
      expect(await page.getByRole('textbox', { name: 'Lot number' }).count()).toBe(0);
      await shot(page, 'seller-new-1366');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.waitForURL((url) => /^\/myWines\/selling\/(?!new$)[^/]+$/.test(url.pathname));
      lotId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) as string);
      await page.getByTestId('lot-review').waitFor();
      expect(await page.getByTestId('lot-review').textContent()).toContain('A draft: only you can see it.');
      // The storefront does not know the draft.
      expect((await market.post(actions.productLot.path, { id: lotId })).http).toBe(404);
      await page.getByTestId('submit-lot').click();
      await expect
        .poll(async () => (await page.getByTestId('lot-review').textContent()) ?? '')
        .toContain('With the house for approval');

      const staff = await signedInPage(browser, admin.token, 1366, 900);
      await staff.page.goto(`${market.url}/admin/lots?status=submitted`);
      await staff.page.getByRole('link', { name: TITLE }).first().click();
      await staff.page.getByTestId('approve-lot').waitFor();
      await staff.page.getByTestId('send-back-lot').click();
      const back = staff.page.getByRole('dialog');
      await back
        .getByRole('textbox', { name: /Note to the seller/ })
        .fill('Please add the disgorgement year.');
      await shot(staff.page, 'admin-send-back-1366');
      await back.getByRole('button', { name: 'Send back' }).click();
      await back.waitFor({ state: 'detached' });

      await page.reload();
      await expect
        .poll(async () => (await page.getByTestId('lot-review').textContent()) ?? '')
        .toContain('Please add the disgorgement year.');
      await page
        .getByRole('textbox', { name: 'Description', exact: true })
        .fill('Disgorged 2019. Cellared since release.');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => page.getByTestId('submit-lot').isEnabled()).toBe(true);
      await page.getByTestId('submit-lot').click();
      await expect
        .poll(async () => (await page.getByTestId('lot-review').textContent()) ?? '')
        .toContain('With the house for approval');
      await shot(page, 'seller-submitted-1366');

      await staff.page.reload();
      await staff.page.getByTestId('approve-lot').click();
      const approve = staff.page.getByRole('dialog');
      // The seller asked to open in an hour; the house opens it now (the browser's local time).
      const now = new Date(Date.now() - 60_000);
      const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      await approve.getByLabel('Opens').fill(local);
      await shot(staff.page, 'admin-approve-1366');
      await approve.getByRole('button', { name: 'Approve' }).click();
      await approve.waitFor({ state: 'detached' });
      await expect.poll(() => staff.page.getByTestId('staff-lot-status').first().textContent()).toBe('Open');
      expect(await seriousViolations(staff.page)).toEqual([]);
      expect([...errors, ...staff.errors]).toEqual([]);
      await staff.page.context().close();
      await page.context().close();
    });

    it('sells: the buyer pays, and the seller sees the sale, its bids, watchers and views, and the net', async () => {
      const buyer = await market.bidder({ firstName: 'Bea' });
      await market.ok(actions.increaseProductViewCount.path, { id: lotId }, buyer.auth);
      await market.ok(actions.addWatchlist.path, { project_id: lotId }, buyer.auth);
      await market.ok(actions.addToCart.path, { cart: [{ product_id: lotId, qty: 2 }] }, buyer.auth);
      const cards = await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, buyer.auth);
      const chargedBefore = market.cards.charges().length;
      const paid = await market.ok<{ status: string }>(
        actions.checkout.path,
        {
          type: 'buynow',
          cart_id: randomUUID(),
          delivery: 'pickup',
          payment: { card_id: cards.data[0]?.id as string },
        },
        buyer.auth,
      );
      expect(paid.status).toBe('paid');
      // The buyer's card was charged once, for the two bottles and what the invoice adds ($900 or more).
      const charged = market.cards.charges().slice(chargedBefore);
      expect(charged).toHaveLength(1);
      expect(charged[0]?.amount).toBeGreaterThanOrEqual(90_000);
      await market.caughtUp();

      const { page, errors } = await signedInPage(browser, seller.token, 1366, 900);
      await page.goto(`${market.url}/myWines/selling`);
      // Every bottle bought: the buy-now lot stays listed until its close, sold out.
      await page.getByTestId('seller-lots-selling').getByText('Live', { exact: true }).click();
      const row = page.getByTestId('seller-listing').filter({ hasText: TITLE });
      await row.waitFor();
      expect(await row.getByTestId('seller-listing-sold').textContent()).toBe('Sold: 2 of 2');
      await shot(page, 'seller-listings-1366');
      await row.getByRole('link', { name: TITLE }).click();
      await page.getByTestId('seller-lot-views').waitFor();
      expect(await page.getByTestId('seller-lot-views').textContent()).toContain('1');
      expect(await page.getByTestId('seller-lot-watchers').textContent()).toContain('1');
      await shot(page, 'seller-lot-1366');

      // $900 sold (2 × $450): commission 10% $90, fee $5, net $805, payable 30 days after the buyer paid.
      await page.goto(`${market.url}/myWines/sold`);
      const statement = page.getByTestId('seller-statement');
      await statement.waitFor();
      await expect.poll(async () => (await statement.textContent()) ?? '').toContain('$805.00');
      expect(await statement.textContent()).toContain('$900.00');
      await shot(page, 'seller-statement-1366');
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    it('fits a phone', async () => {
      const { page, errors } = await signedInPage(browser, seller.token, 390, 844);
      const problems: string[] = [];
      for (const [path, name] of [
        ['/myWines/selling', 'seller-listings-390'],
        ['/myWines/selling/new', 'seller-new-390'],
        [`/myWines/selling/${lotId}`, 'seller-lot-390'],
        ['/myWines/sold', 'seller-statement-390'],
      ] as const) {
        await page.goto(`${market.url}${path}`);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        problems.push(...(await layoutProblems(page, path)));
        await shot(page, name);
      }
      expect([...problems, ...errors].join('\n')).toBe('');
      await page.context().close();
    });

    it('the seller says how they are paid; 30 days on, finance records the payout and the statement shows it', async () => {
      const chargesBefore = market.cards.charges().length;
      const { page, errors } = await signedInPage(browser, seller.token, 1366, 900);
      await page.goto(`${market.url}/myWines/sold`);
      await page.getByTestId('edit-preference').click();
      const how = page.getByRole('dialog', { name: 'How you are paid' });
      await how.getByRole('textbox', { name: 'Pay to' }).fill('Cellar Partners LLC');
      await how.getByText('bank transfer', { exact: true }).click();
      await shot(page, 'seller-payout-preference-1366');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'seller-payout-preference-390');
      await page.setViewportSize({ width: 1366, height: 900 });
      await how.getByRole('button', { name: 'Save' }).click();
      await how.waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await page.getByTestId('statement-preference').textContent()) ?? '')
        .toContain('Cellar Partners LLC');

      // Not payable yet: nothing owed on the money page.
      const finance = await market.staff('finance');
      await market.ok('/api/user/updateProfile', { popup_message: 0 }, finance.auth);
      let staff = await signedInPage(browser, finance.token, 1366, 900);
      await staff.page.goto(`${market.url}/admin/money`);
      await staff.page.getByTestId('staff-payouts-empty').waitFor();

      await staff.page.context().close();
      await page.context().close();

      // A month on (sessions do not last that long: both sign in again).
      clock.advance(31 * DAY);
      const signIn = async (user: TestUser, width: number, height: number) => {
        const { token } = await market.ok<LoginResult>('/api/user/login', {
          email: user.email,
          password: TEST_PASSWORD,
        });
        return signedInPage(browser, token, width, height);
      };
      staff = await signIn(finance, 1366, 900);
      await staff.page.goto(`${market.url}/admin/money`);
      const row = staff.page.getByTestId('staff-payout-row').filter({ hasText: '$805.00' });
      await row.waitFor();
      await shot(staff.page, 'staff-payouts-1366');
      await staff.page.setViewportSize({ width: 390, height: 844 });
      await shot(staff.page, 'staff-payouts-390');
      expect(await layoutProblems(staff.page, '390px staff payouts')).toEqual([]);
      await staff.page.setViewportSize({ width: 1366, height: 900 });
      await row.getByTestId('record-payout').click();
      const record = staff.page.getByRole('dialog');
      expect(await record.getByTestId('payout-total').textContent()).toContain('$805.00');
      expect(await record.textContent()).toContain('Cellar Partners LLC');
      await record.getByRole('textbox', { name: 'Reference' }).fill('CHK-1042');
      await shot(staff.page, 'staff-record-payout-1366');
      await record.getByRole('button', { name: 'Record payout' }).click();
      await record.waitFor({ state: 'detached' });
      await staff.page.getByTestId('staff-payouts-empty').waitFor();

      const sellerAgain = await signIn(seller, 1366, 900);
      await sellerAgain.page.goto(`${market.url}/myWines/sold`);
      await expect
        .poll(
          async () => (await sellerAgain.page.getByTestId('statement-payout').first().textContent()) ?? '',
        )
        .toContain('CHK-1042');
      // The buy-now lot sold out before its close: sold, not unsold.
      expect(await sellerAgain.page.getByTestId('statement-unsold-lot').count()).toBe(0);
      await shot(sellerAgain.page, 'seller-statement-paid-1366');
      expect(await seriousViolations(staff.page)).toEqual([]);
      expect([...errors, ...staff.errors, ...sellerAgain.errors]).toEqual([]);
      await sellerAgain.page.context().close();
      await staff.page.context().close();

      // A payout moves no card: the card network saw nothing more.
      expect(market.cards.charges()).toHaveLength(chargesBefore);
    });
  },
);
