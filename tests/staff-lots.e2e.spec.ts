import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium, layoutProblems, signedInPage } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

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

  it('an admin lists a wine with three photos, one cropped and rotated, and the lot page shows them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'photos-'));
    const photos = await Promise.all(
      ['#6e1e32', '#1f4d2b', '#d8c8a0'].map(async (colour, i) => {
        const file = join(dir, `bottle-${i + 1}.jpg`);
        await sharp({ create: { width: 1200 + i * 100, height: 1600, channels: 3, background: colour } })
          .jpeg()
          .toFile(file);
        return file;
      }),
    );
    const { page, errors } = await pageFor(admin, 1366);
    await page.goto(`${market.url}/admin/lots/new`);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('2005 Château Latour');
    await page.getByRole('textbox', { name: 'Producer' }).fill('Château Latour');
    await page.getByRole('combobox', { name: 'Country' }).fill('France');
    await page.getByRole('textbox', { name: 'Opening bid' }).fill('900');
    await page.locator('[data-testid="lot-photos"] input[type=file]').setInputFiles(photos);
    const tiles = page.getByTestId('lot-photo');
    await tiles.nth(2).waitFor();
    // The third photo cropped and turned a quarter: it comes back as a new photo in its place.
    const before = await tiles.nth(2).getAttribute('data-file-name');
    await tiles.nth(2).getByRole('button', { name: 'Crop' }).click();
    const crop = page.getByRole('dialog', { name: 'Crop image' });
    await crop.getByRole('img', { name: 'The photo to crop' }).waitFor();
    await crop.getByRole('button', { name: 'Rotate right' }).click();
    await crop.getByRole('button', { name: 'Save crop' }).click();
    await crop.waitFor({ state: 'detached' });
    expect(await tiles.nth(2).getAttribute('data-file-name')).not.toBe(before);
    await page.screenshot({ path: `${screenshots}/admin-lot-photos-1366.png`, fullPage: true });
    await page.getByRole('button', { name: 'List the lot' }).click();
    await page.waitForURL((url) => /^\/admin\/lots\/(?!new$)[^/]+$/.test(url.pathname));
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) as string);

    const shop = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await shop.goto(`${market.url}/productview/${id}`);
    await shop.getByRole('heading', { name: '2005 Château Latour' }).waitFor();
    const gallery = shop.getByTestId('gallery');
    await expect
      .poll(() =>
        gallery
          .locator('img')
          .first()
          .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(
      await gallery
        .locator('img')
        .first()
        .evaluate((img) => (img as unknown as { currentSrc: string }).currentSrc),
    ).toMatch(/\/uploads\/product\/[a-f0-9]{32}-(400|800|1600)\.webp$/);
    expect(await gallery.getByRole('button', { name: /Show image/ }).count()).toBe(3);
    const served = await shop.request.get(
      `${market.url}/uploads/product/${(await tiles.nth(0).getAttribute('data-file-name'))?.replace('.jpg', '-800.webp')}`,
    );
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // So are the build's hashed scripts; a page is asked again each time.
    const script = await shop.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
    const asset = await shop.request.get(`${market.url}${script}`);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await shop.screenshot({ path: `${screenshots}/lot-photos-1366.png` });
    await shop.close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('fits a phone and a desktop: the staff menu, no page wider than the screen, no serious axe violation', async () => {
    const lot = await market.ok<{ id: string }>(
      '/api/admin/product/create',
      lotInput({ title: '1996 Krug Clos du Mesnil', lowEstimate: 80_000, highEstimate: 120_000 }),
      admin.auth,
    );
    const problems: string[] = [];
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      const { page, errors } = await pageFor(admin, width, height);
      for (const path of [
        '/admin',
        '/admin/lots',
        '/admin/lots/new',
        '/admin/lots/import',
        `/admin/lots/${lot.id}`,
      ]) {
        await page.goto(`${market.url}${path}`);
        await page.getByRole('navigation', { name: 'Staff sections' }).waitFor();
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        problems.push(...(await layoutProblems(page, `${width}px ${path}`)));
        if (width < 600)
          await page.screenshot({
            path: `${screenshots}/${path.slice(1).replaceAll('/', '-')}-${width}.png`,
            fullPage: true,
          });
      }
      problems.push(...errors.map((e) => `${width}px: ${e}`));
      await page.context().close();
    }
    expect(problems.join('\n')).toBe('');
  }, 120_000);

  it('tells a buyer the staff area is not for them', async () => {
    const buyer = await market.bidder({ firstName: 'Bea' });
    const { page } = await pageFor(buyer, 1366);
    await page.goto(`${market.url}/admin/lots`);
    await page.getByTestId('staff-only').waitFor();
    expect(await page.getByTestId('staff-lots').count()).toBe(0);
  }, 60_000);
});
