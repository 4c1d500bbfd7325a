import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendLoad } from './ops-load.ts';
import { browserAvailable, launchChromium, layoutProblems, signedInPage } from './support/browser.ts';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = process.env.OPS_SCREENSHOTS ?? '/tmp/shots-ops';

describe.runIf(browserAvailable())('/ops in the browser (issue 12 "Support")', () => {
  let market: TestMarketplace;
  let browser: Browser;
  let support: TestUser;
  beforeAll(async () => {
    market = await startMarketplace({ ui: true });
    // A log long enough for the rebuild's progress to be seen.
    await appendLoad(market.eventStore, 60_000);
    await market.caughtUp();
    support = await market.staff('support');
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, support.auth);
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  const pageFor = (user: TestUser, width: number, height = 900) =>
    signedInPage(browser, user.token, width, height);

  it('a support user opens /ops from the staff area, sees the read models, rebuilds one and sees it complete', async () => {
    const { page, errors } = await pageFor(support, 1366);
    await page.goto(`${market.url}/`);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Staff area' }).click();
    await page.waitForURL(/\/admin$/);
    await page
      .getByRole('navigation', { name: 'Staff sections' })
      .getByRole('link', { name: 'Operations' })
      .click();
    await page.waitForURL(/\/ops$/);
    await page.getByTestId('ops-projections').waitFor();
    const rows = page.getByTestId('ops-projection');
    const names = await Promise.all((await rows.all()).map((row) => row.getAttribute('data-projection')));
    expect(names).toEqual(expect.arrayContaining(['lots', 'bids', 'users', 'invoices']));
    const lots = page.locator('[data-testid="ops-projection"][data-projection="lots"]');
    expect(await lots.getAttribute('data-state')).toBe('live');
    expect(Number((await page.getByTestId('ops-head').textContent())?.replace(/\D/g, ''))).toBeGreaterThan(
      60_000,
    );
    await page.screenshot({ path: `${screenshots}/ops-1366.png`, fullPage: true });

    await lots.getByRole('button', { name: 'Rebuild lots' }).click();
    await lots.getByTestId('rebuild-progress').waitFor({ timeout: 10_000 });
    expect(await lots.getAttribute('data-state')).toBe('rebuilding');
    await page.screenshot({ path: `${screenshots}/ops-rebuilding-1366.png`, fullPage: true });
    await lots.getByTestId('rebuild-done').waitFor({ timeout: 60_000 });
    expect(await lots.getAttribute('data-state')).toBe('live');
    expect(await lots.getByTestId('rebuild-done').textContent()).toMatch(/Rebuilt from [\d,]+ events/);
    await page.screenshot({ path: `${screenshots}/ops-rebuilt-1366.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 120_000);

  it('fits a phone: one card per read model, nothing wider than the screen', async () => {
    const { page, errors } = await pageFor(support, 390, 844);
    await page.goto(`${market.url}/ops`);
    const lots = page.locator('[data-testid="ops-projection-card"][data-projection="lots"]');
    await lots.getByRole('button', { name: 'Rebuild lots' }).waitFor();
    expect(await page.getByTestId('ops-projections').isVisible()).toBe(false);
    expect(await layoutProblems(page, '390px /ops')).toEqual([]);
    await page.screenshot({ path: `${screenshots}/ops-390.png`, fullPage: true });
    await page.screenshot({ path: `${screenshots}/ops-390-top.png` });
    expect(errors).toEqual([]);
  }, 60_000);
});
