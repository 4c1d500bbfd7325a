import type { UserRecord } from '@wine/contracts';
import { eventually } from '@wine/platform/testing';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, everyStaffViewport, layoutProblems, signedInPage } from './support/browser.ts';
import type { TestMarketplace, TestUser } from './support/marketplace.ts';
import { staffBrowserSuite, staffScreenshots } from './support/staff-suite.ts';

const screenshots = staffScreenshots;

describe.runIf(browserAvailable())('People in the staff area (issue 34)', () => {
  const suite = staffBrowserSuite('admin');
  let market: TestMarketplace;
  let browser: Browser;
  let admin: TestUser;
  beforeAll(() => {
    ({ market, browser, staff: admin } = suite);
  });

  const rolesOf = async (user: TestUser) =>
    (await market.ok<UserRecord>('/api/user/validateUser', {}, user.auth)).roles;

  it('an admin finds a user and makes them a seller, then deactivates another whose open socket closes', async () => {
    const sam = await market.bidder({ card: false, firstName: 'Samantha' });
    const bea = await market.bidder({ card: false, firstName: 'Beatrix' });
    expect(await rolesOf(sam)).toEqual([]);

    // Bea is on the shop, her socket open.
    const { page: beaPage } = await signedInPage(browser, bea.token, 1366);
    const socketClosed = new Promise<void>((resolve) => {
      beaPage.on('websocket', (socket) => socket.on('close', () => resolve()));
    });
    await beaPage.goto(`${market.url}/`);
    await beaPage.getByTestId('account-menu').waitFor();

    const { page, errors } = await signedInPage(browser, admin.token, 1366);
    await page.goto(`${market.url}/admin`);
    await page
      .getByRole('navigation', { name: 'Staff sections' })
      .getByRole('link', { name: 'People' })
      .click();
    await page.waitForURL(/\/admin\/users$/);
    await page.getByTestId('staff-users').waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill(sam.email);
    await page.waitForURL((url) => url.searchParams.get('q') === sam.email);
    await expect.poll(() => page.getByTestId('staff-user-row').count()).toBe(1);
    await page.screenshot({ path: `${screenshots}/admin-users-1366.png`, fullPage: true });
    await page.getByRole('link', { name: /^Open Samantha/ }).click();
    await page.waitForURL(new RegExp(`/admin/users/${sam.id}$`));
    // The switch shows the account's roles as the server holds them: it turns once the grant is in.
    await page.getByTestId('role-seller').click();
    await page.getByText('Role seller granted').waitFor();
    await expect.poll(() => page.getByTestId('role-seller').isChecked()).toBe(true);
    expect(await rolesOf(sam)).toEqual(['seller']);
    await page.screenshot({ path: `${screenshots}/admin-user-1366.png`, fullPage: true });

    // Bea is deactivated: asked first, then her sessions end and her open socket is closed.
    await page.goto(`${market.url}/admin/users?q=${encodeURIComponent(bea.email)}`);
    await page.getByRole('link', { name: /^Open Beatrix/ }).click();
    await page.getByTestId('user-status-change').click();
    const dialog = page.getByRole('dialog', { name: /^Deactivate Beatrix/ });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(/Beatrix .* deactivated/).waitFor();
    await page.getByTestId('user-status').filter({ hasText: 'Deactivated' }).waitFor();
    // Her history from the log names the deactivation, by the admin.
    const history = page.getByTestId('user-history');
    await history.getByRole('button', { name: 'Show the history' }).click();
    await history.locator('[data-testid="history-row"][data-type="UserStatusChanged"]').waitFor();
    await page.screenshot({ path: `${screenshots}/admin-user-history-1366.png`, fullPage: true });
    await socketClosed;
    const refused = await market.post('/api/user/validateUser', {}, bea.auth);
    expect(refused.http).toBe(403);
    await eventually(
      async () => (await market.post('/api/admin/user/search', { status: 'deactivate' }, admin.auth)).body,
      (body) => JSON.stringify(body).includes(bea.id),
      'Bea listed as deactivated',
    );

    // The admin's own page offers nothing to change.
    await page.goto(`${market.url}/admin/users/${admin.id}`);
    await page.getByTestId('own-account').waitFor();
    expect(await page.getByTestId('user-status-change').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it("answers a bid-limit request, acts as the bidder under a banner, and goes back to the admin's own session", async () => {
    const tom = await market.bidder({ firstName: 'Tomasz' });
    await market.ok('/api/user/requestBidLimit', { amount: 1_200_000 }, tom.auth);
    await market.caughtUp();
    const { page, errors } = await signedInPage(browser, admin.token, 1366);
    await page.goto(`${market.url}/admin/users`);
    await page.getByTestId('staff-users-requests').click();
    await page.waitForURL((url) => url.searchParams.get('requests') === 'true');
    await page.getByRole('link', { name: /^Open Tomasz/ }).click();
    const request = page.getByTestId('bid-limit-request');
    await request.getByRole('textbox', { name: 'Limit to approve ($)' }).fill('10000');
    await request.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(/Bid limit of \$10,000\.00 approved for Tomasz/).waitFor();
    await page.getByTestId('user-bid-limit').filter({ hasText: '$10,000.00' }).waitFor();
    await page.screenshot({ path: `${screenshots}/admin-user-limit-1366.png`, fullPage: true });

    await page.getByTestId('user-switch').click();
    await page.getByTestId('confirm-switch').click();
    await page.waitForURL(`${market.url}/`);
    const banner = page.getByTestId('switched-banner');
    await banner.getByText(/You are acting as Tomasz/).waitFor();
    await page.screenshot({ path: `${screenshots}/switched-banner-1366.png` });
    await banner.getByRole('button', { name: /^Back to Staff/ }).click();
    await page.waitForURL(new RegExp(`/admin/users/${tom.id}$`));
    await page.getByTestId('bid-limit-request').or(page.getByTestId('user-bid-limit')).first().waitFor();
    expect(await banner.count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows the list and a user page on a phone and a desktop, in English and Spanish, without a serious axe violation', async () => {
    const buyer = await market.bidder({ card: false, firstName: 'Phoebe' });
    const problems = await everyStaffViewport(browser, admin.token, async (page, { width, language }) => {
      const found: string[] = [];
      for (const path of ['/admin/users', `/admin/users/${buyer.id}`]) {
        await page.goto(`${market.url}${path}`);
        await page.locator('h1').first().waitFor();
        if (path !== '/admin/users') {
          await page.getByTestId('user-history').getByRole('button').click();
          await page.getByTestId('history-row').first().waitFor();
        }
        await page.waitForLoadState('networkidle');
        found.push(...(await layoutProblems(page, `${width}px ${language} ${path}`)));
        const name = path === '/admin/users' ? 'admin-users' : 'admin-user';
        await page.screenshot({ path: `${screenshots}/${name}-${width}-${language}.png`, fullPage: true });
      }
      return found;
    });
    expect(problems.join('\n')).toBe('');
  }, 120_000);
});
