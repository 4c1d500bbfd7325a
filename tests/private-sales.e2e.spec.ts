import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { actions } from '@wine/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  launchChromium,
  layoutProblems,
  seriousViolations,
  signedInPage,
} from './support/browser.ts';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = process.env.OFFER_SCREENSHOTS ?? '/tmp/shots-offers';
const TITLE = '1945 Mouton Rothschild';

/**
 * Issue 36 §5 in the browser: an admin lists a private sale with hidden offer prices and invites a buyer
 * by address; the buyer opens the mailed link signed in, once, and finds the lot with its badge; a buyer
 * not invited does not find it; the link used twice is refused. The screens at 1366 and 390 px.
 */
describe.runIf(browserAvailable())(
  'a private sale listed, invited and opened in the browser (issue 36)',
  () => {
    let market: TestMarketplace;
    let browser: Browser;
    let admin: TestUser;
    let guest: TestUser;
    let stranger: TestUser;
    let lotId: string;
    beforeAll(async () => {
      market = await startMarketplace({ ui: true, seed: false, staffRateLimit: 1_000_000 });
      admin = await market.staff('admin');
      guest = await market.bidder({ firstName: 'Gwen' });
      stranger = await market.bidder({ firstName: 'Sid' });
      for (const user of [admin, guest, stranger])
        await market.ok('/api/user/updateProfile', { popup_message: 0 }, user.auth);
      browser = await launchChromium();
      await mkdir(screenshots, { recursive: true });
    }, 180_000);
    afterAll(async () => {
      await browser?.close();
      await market?.stop();
    });

    const shot = (page: Page, name: string) =>
      page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });

    it('is listed private with hidden offer prices, and a buyer invited by address opens it once', async () => {
      const staff = await signedInPage(browser, admin.token, 1366, 900);
      const page = staff.page;
      await page.goto(`${market.url}/admin/lots/new`);
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
      await page.getByRole('textbox', { name: 'Producer' }).fill('Château Mouton Rothschild');
      await page.getByRole('combobox', { name: 'Country' }).fill('France');
      await page.getByRole('switch', { name: 'Private sale' }).check();
      expect(await page.getByRole('checkbox', { name: 'Sold at auction' }).isChecked()).toBe(false);
      await page.getByRole('textbox', { name: 'Buy-now price per bottle' }).fill('9500');
      await page.getByRole('textbox', { name: 'Auto-accept at (a bottle)' }).fill('9000');
      await page.getByRole('textbox', { name: 'Auto-decline below (a bottle)' }).fill('6000');
      // Open now (the form opens a new lot at the next hour): the browser's local time.
      const now = new Date(Date.now() - 60_000);
      const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      await page.getByLabel('Opens', { exact: true }).fill(local);
      await shot(page, 'private-lot-new-1366');
      await page.getByRole('button', { name: 'List the lot' }).click();
      await page.waitForURL((url) => /^\/admin\/lots\/(?!new$)[^/]+$/.test(url.pathname));
      lotId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) as string);
      await page.getByTestId('lot-private-sale').waitFor();

      // Invited by address: the guest has an account, so they are invited at once; a newcomer gets a link.
      const card = page.getByTestId('private-sale-card');
      await card.getByTestId('invite-emails').fill(`${guest.email}\nnewcomer@private.example`);
      await card.getByTestId('invite-send').click();
      await card.getByTestId('invite-result').waitFor();
      await card.getByTestId('private-sale-guest').filter({ hasText: guest.email }).waitFor();
      await shot(page, 'private-lot-admin-1366');
      expect(await seriousViolations(page)).toEqual([]);

      // A buyer not invited: the lot is nowhere, and its page is not found.
      expect((await market.post(actions.productLot.path, { id: lotId }, stranger.auth)).http).toBe(404);
      // The guest sees it, with its badge.
      const guestPage = await signedInPage(browser, guest.token, 1366, 900);
      await guestPage.page.goto(`${market.url}/productview/${lotId}`);
      await guestPage.page.getByRole('heading', { name: TITLE }).waitFor();
      await guestPage.page.getByText('Offered privately to invited buyers').waitFor();
      // The guest may buy it or make an offer, like any buyer of a fixed-price lot.
      await guestPage.page.getByTestId('make-offer').waitFor();
      await shot(guestPage.page, 'private-lot-guest-1366');

      // The newcomer's link, opened by the stranger signed in: they join, once.
      const [mail] = (await market.mailer.outbox?.({ to: 'newcomer@private.example', limit: 1 })) ?? [];
      const link = /https?:\/\/\S+\/private-sale\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      expect(link).not.toBe('');
      const path = new URL(link).pathname + new URL(link).search;
      const joiner = await signedInPage(browser, stranger.token, 390, 844);
      await joiner.page.goto(`${market.url}${path}`);
      await joiner.page.getByTestId('private-sale-open').waitFor();
      expect(await layoutProblems(joiner.page, 'private-sale 390')).toEqual([]);
      await shot(joiner.page, 'private-sale-link-390');
      await joiner.page.getByTestId('private-sale-open').click();
      await joiner.page.waitForURL((url) => url.pathname === `/productview/${lotId}`);
      await joiner.page.getByRole('heading', { name: TITLE }).waitFor();
      await shot(joiner.page, 'private-lot-guest-390');
      // The link is used up.
      await joiner.page.goto(`${market.url}${path}`);
      await joiner.page.getByTestId('private-sale-open').click();
      await joiner.page
        .getByTestId('private-sale-failure')
        .filter({ hasText: 'This invitation link was already used or has expired' })
        .waitFor();
      expect([...staff.errors, ...guestPage.errors, ...joiner.errors]).toEqual([]);
      for (const p of [page, guestPage.page, joiner.page]) await p.context().close();
    });

    it("shows the admin's lot page of a private sale on a phone", async () => {
      const { page, errors } = await signedInPage(browser, admin.token, 390, 844);
      await page.goto(`${market.url}/admin/lots/${lotId}`);
      await page.getByTestId('private-sale-card').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await layoutProblems(page, 'admin private lot 390')).toEqual([]);
      await shot(page, 'private-lot-admin-390');
      expect(errors).toEqual([]);
      await page.context().close();
    });
  },
);
