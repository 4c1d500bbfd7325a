import { actions } from '@wine/contracts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, layoutProblems, signedInPage } from './support/browser.ts';
import type { TestMarketplace, TestUser } from './support/marketplace.ts';
import { staffBrowserSuite, staffScreenshots } from './support/staff-suite.ts';

/** Issue 35 §3 "an admin view": the investors page in the staff area, at a phone's and a desk's width. */
describe.runIf(browserAvailable())('the investors in the staff area (issue 35)', () => {
  const suite = staffBrowserSuite('admin');
  let market: TestMarketplace;
  let browser: Browser;
  let admin: TestUser;
  beforeAll(() => {
    ({ market, browser, staff: admin } = suite);
  });

  it('an admin finds an investor from the staff area, with their checks and orders', async () => {
    const ivy = await market.bidder({ firstName: 'Ivy', card: false });
    await market.ok(
      actions.onBoardIndividual.path,
      {
        first_name: 'Ivy',
        last_name: 'Investor',
        email: ivy.email,
        dob: '1980-04-12',
        domicile: 'us_citizen',
        address1: '233 S Wacker Dr',
        city: 'Chicago',
        state: 'IL',
        zip: '60606',
      },
      ivy.auth,
    );
    await market.caughtUp();
    for (const width of [1366, 390]) {
      const { page, errors } = await signedInPage(browser, admin.token, width);
      await page.goto(`${market.url}/admin`);
      await page.getByTestId('staff-section-investors').getByRole('link').first().click();
      await page.waitForURL(/\/admin\/investors/);
      await page.getByTestId('investor').filter({ hasText: 'Ivy Investor' }).waitFor();
      expect(await layoutProblems(page, `investors ${width}`)).toEqual([]);
      await page.screenshot({ path: `${staffScreenshots}/admin-investors-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
    }
  }, 120_000);
});
