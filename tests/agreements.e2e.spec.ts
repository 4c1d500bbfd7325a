import { actions } from '@wine/contracts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, layoutProblems, signedInPage } from './support/browser.ts';
import type { TestMarketplace, TestUser } from './support/marketplace.ts';
import { staffBrowserSuite, staffScreenshots } from './support/staff-suite.ts';

/**
 * Issue 35 §4 done when "a PandaDoc document is created, sent and signed", in the browser on the
 * documents sandbox: an admin sends the house's consignment agreement from the seller's page, the
 * seller opens it from My Wines, signs on the signing page, and both see it signed.
 */
describe.runIf(browserAvailable())('consignment agreements in the browser (issue 35)', () => {
  const suite = staffBrowserSuite('admin');
  let market: TestMarketplace;
  let browser: Browser;
  let admin: TestUser;
  beforeAll(() => {
    ({ market, browser, staff: admin } = suite);
  });

  it('an admin sends the agreement, the seller signs it, and both see it signed', async () => {
    const seller = await market.bidder({ firstName: 'Sofia', card: false });
    await market.ok(actions.setSeller.path, { id: seller.id, seller: true }, market.admin);
    await market.caughtUp();

    const staff = await signedInPage(browser, admin.token, 1366);
    await staff.page.goto(`${market.url}/admin/users/${seller.id}`);
    const card = staff.page.getByTestId('staff-agreements');
    await card.getByTestId('agreements-empty').waitFor();
    await card.getByRole('button', { name: 'Send the consignment agreement' }).click();
    await staff.page.getByText('The agreement is sent to').waitFor();
    await card.locator('[data-testid="agreement"][data-status="sent"]').waitFor();
    await staff.page.screenshot({
      path: `${staffScreenshots}/admin-user-agreements-1366.png`,
      fullPage: true,
    });

    for (const width of [390, 1366]) {
      const { page, errors } = await signedInPage(browser, seller.token, width);
      await page.goto(`${market.url}/myWines/agreements`);
      await page.getByTestId('agreement').first().waitFor();
      expect(await layoutProblems(page, `agreements ${width}`)).toEqual([]);
      await page.screenshot({ path: `${staffScreenshots}/seller-agreements-${width}.png`, fullPage: true });
      if (width === 1366) {
        await page.getByTestId('agreement-sign').click();
        await page.waitForURL(/\/sandbox\/sign\//);
        await page.screenshot({ path: `${staffScreenshots}/sandbox-sign-${width}.png`, fullPage: true });
        await page.getByRole('button', { name: 'Sign' }).click();
        await page.getByTestId('signed').waitFor();
        await page.getByRole('link', { name: 'Back to your agreements' }).click();
        await page.locator('[data-testid="agreement"][data-status="completed"]').waitFor();
        await page.screenshot({
          path: `${staffScreenshots}/seller-agreements-signed-${width}.png`,
          fullPage: true,
        });
      }
      expect(errors).toEqual([]);
    }

    await staff.page.reload();
    await staff.page.getByTestId('staff-agreements').locator('[data-status="completed"]').waitFor();
    const log = await market.eventStore.readAll({ raw: true });
    // Requested, then each status the service told once (draft, sent, viewed when opened, completed).
    const steps = log
      .filter((e) => e.streamName.startsWith('agreement-'))
      .map((e) => (e.type === 'AgreementStatusChanged' ? (e.data as { status: string }).status : e.type));
    expect(steps[0]).toBe('AgreementRequested');
    expect(steps.at(-1)).toBe('completed');
    expect(steps).toContain('AgreementSent');
    expect(new Set(steps).size).toBe(steps.length);
    expect(staff.errors).toEqual([]);
  }, 120_000);
});
