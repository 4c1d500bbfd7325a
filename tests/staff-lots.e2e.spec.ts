import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium, signedInPage } from './support/browser.ts';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = process.env.STAFF_SCREENSHOTS ?? '/tmp/shots-staff';

describe.runIf(browserAvailable())('the staff area and its lots in the browser (issue 33)', () => {
  let market: TestMarketplace;
  let browser: Browser;
  let admin: TestUser;
  beforeAll(async () => {
    market = await startMarketplace({ ui: true });
    admin = await market.staff('admin');
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, admin.auth);
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  const pageFor = (user: TestUser, width: number, height = 900) =>
    signedInPage(browser, user.token, width, height);

  it('an admin lists a lot, sees it on the storefront, edits it and withdraws it with a reason', async () => {
    const { page, errors } = await pageFor(admin, 1366);
    await page.goto(`${market.url}/`);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Staff area' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByTestId('staff-section-lots').waitFor();
    await page.screenshot({ path: `${screenshots}/admin-1366.png`, fullPage: true });
    await page
      .getByRole('navigation', { name: 'Staff sections' })
      .getByRole('link', { name: 'Lots' })
      .click();
    await page.waitForURL(/\/admin\/lots/);
    await page.getByTestId('staff-lots').waitFor();
    await page.screenshot({ path: `${screenshots}/admin-lots-1366.png`, fullPage: true });

    await page.getByTestId('new-lot').click();
    await page.waitForURL(/\/admin\/lots\/new$/);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('2016 Sassicaia Bolgheri');
    await page.getByRole('textbox', { name: 'Producer' }).fill('Tenuta San Guido');
    await page.getByRole('textbox', { name: 'Vintage' }).fill('2016');
    await page.getByRole('combobox', { name: 'Country' }).fill('Italy');
    await page.getByRole('textbox', { name: 'Opening bid' }).fill('150');
    await page.getByRole('textbox', { name: /Reserve/ }).fill('200');
    await page.getByRole('textbox', { name: 'Low estimate' }).fill('180');
    await page.getByRole('textbox', { name: 'High estimate' }).fill('260');
    await page.getByRole('combobox', { name: 'Fill level' }).click();
    await page.getByRole('option', { name: 'in — Into neck' }).click();
    await page.getByRole('combobox', { name: 'Packing' }).click();
    await page.getByRole('option', { name: 'Original wooden case' }).click();
    await page.getByRole('textbox', { name: 'Title in Spanish' }).fill('Sassicaia 2016, Bolgheri');
    await page.screenshot({ path: `${screenshots}/admin-lot-new-1366.png`, fullPage: true });
    // A reserve above the low estimate needs the admin's confirmation.
    await page.getByRole('button', { name: 'List the lot' }).click();
    await page.getByText('The reserve is above the low estimate: an admin must confirm it').waitFor();
    await page.getByRole('checkbox', { name: /Keep the reserve above the low estimate/ }).check();
    await page.getByRole('button', { name: 'List the lot' }).click();
    await page.waitForURL((url) => /^\/admin\/lots\/(?!new$)[^/]+$/.test(url.pathname));
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) as string);
    await page.getByTestId('lot-last-change').waitFor();
    expect(await page.getByRole('textbox', { name: /Reserve/ }).inputValue()).toBe('200.00');

    // The storefront shows the new lot, and never its reserve.
    const shop = await browser.newPage();
    await shop.goto(`${market.url}/productview/${id}`);
    await shop.getByRole('heading', { name: '2016 Sassicaia Bolgheri' }).waitFor();
    const shown = await shop.locator('body').innerText();
    expect(shown).not.toContain('$200.00');
    expect(await shop.getByTestId('lot-estimate').textContent()).toBe('$180.00 – $260.00');
    expect(await shop.getByTestId('lot-condition').innerText()).toMatch(
      /Into neck \(in\)[\s\S]*Original wooden case/,
    );
    await shop.close();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('2016 Sassicaia');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved.').waitFor();
    await page.getByTestId('withdraw-lot').click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw 2016 Sassicaia' });
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Consignor asked for it back');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByTestId('lot-withdrawn').waitFor();
    expect(await page.getByTestId('lot-withdrawn').textContent()).toBe(
      'Withdrawn: Consignor asked for it back',
    );
    await page.screenshot({ path: `${screenshots}/admin-lot-withdrawn-1366.png`, fullPage: true });

    // Offered again as a new lot, for new dates: the two lots name each other.
    await page.getByTestId('relist-lot').click();
    const relist = page.getByRole('dialog', { name: 'Relist 2016 Sassicaia' });
    await relist.getByRole('button', { name: 'Relist' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/lots/') && !url.pathname.endsWith(id));
    await page.getByTestId('lot-relisted-from').waitFor();
    expect(await page.getByRole('textbox', { name: 'Low estimate' }).inputValue()).toBe('180.00');
    await page.getByTestId('lot-relisted-from').getByRole('link').click();
    await page.getByTestId('lot-relisted-as').waitFor();

    await page.goto(`${market.url}/admin/lots?status=withdrawn`);
    const row = page.locator(`[data-testid="staff-lot-row"][data-lot-id="${id}"]`);
    await row.waitFor();
    expect(await row.getByTestId('staff-lot-status').textContent()).toBe('Withdrawn');
    expect(await row.innerText()).toContain('2016 Sassicaia');

    // Every change is in the lot's history with who made it.
    await page.goto(`${market.url}/audit/lot/${encodeURIComponent(id)}`);
    await page.getByText('LotWithdrawn').first().waitFor();
    expect(await page.locator('body').innerText()).toContain('LotUpdated');
    expect(errors).toEqual([]);
  }, 120_000);

  it('fits a phone: the staff menu is a row above the page, nothing wider than the screen', async () => {
    const { page, errors } = await pageFor(admin, 390, 844);
    for (const path of ['/admin', '/admin/lots', '/admin/lots/new']) {
      await page.goto(`${market.url}${path}`);
      await page.getByRole('navigation', { name: 'Staff sections' }).waitFor();
      await page.locator('h1').first().waitFor();
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `${screenshots}/${path.slice(1).replaceAll('/', '-')}-390.png`,
        fullPage: true,
      });
    }
    expect(errors).toEqual([]);
  }, 60_000);

  it('tells a buyer the staff area is not for them', async () => {
    const buyer = await market.bidder({ firstName: 'Bea' });
    const { page } = await pageFor(buyer, 1366);
    await page.goto(`${market.url}/admin/lots`);
    await page.getByTestId('staff-only').waitFor();
    expect(await page.getByTestId('staff-lots').count()).toBe(0);
  }, 60_000);
});
