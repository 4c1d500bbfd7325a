import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actions, type OutputOf } from '@wine/contracts';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium, signedInPage } from './support/browser.ts';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = process.env.STAFF_SCREENSHOTS ?? '/tmp/shots-staff';

describe.runIf(browserAvailable())('importing lots from a spreadsheet in the browser (issue 33)', () => {
  let market: TestMarketplace;
  let browser: Browser;
  let admin: TestUser;
  let sheet: string;
  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false });
    admin = await market.staff('admin');
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, admin.auth);
    browser = await launchChromium();
    const book = new ExcelJS.Workbook();
    const lots = book.addWorksheet('Lots');
    lots.addRow([
      'Lot',
      'Title',
      'Producer',
      'Vintage',
      'Country',
      'Region',
      'Colour',
      'Qty',
      'Opening bid',
      'Low',
      'High',
      'Fill',
    ]);
    for (let i = 1; i <= 200; i++) {
      const vintage = 1980 + (i % 40);
      lots.addRow([
        String(i),
        `${vintage} Château Import ${i}`,
        'Château Import',
        vintage,
        'France',
        'Bordeaux',
        'Red',
        6,
        100 + i,
        150 + i,
        250 + i,
        'in',
      ]);
    }
    sheet = join(await mkdtemp(join(tmpdir(), 'import-')), 'spring-sale.xlsx');
    await book.xlsx.writeFile(sheet);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  it('an admin imports 200 lots from an XLSX file, previewed then applied once, and the storefront lists them', async () => {
    const { page, errors } = await signedInPage(browser, admin.token, 1366, 900);
    await page.goto(`${market.url}/admin/lots`);
    await page.getByTestId('import-lots').click();
    await page.waitForURL(/\/admin\/lots\/import/);
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('choose-sheet').click();
    await (await chooser).setFiles(sheet);
    expect(await page.getByTestId('import-file').textContent()).toBe('spring-sale.xlsx: 200 rows');
    expect(await page.getByTestId('import-column').count()).toBe(12);
    await page.getByTestId('preview-import').click();
    await page.getByTestId('import-counts').waitFor();
    expect(await page.getByTestId('import-counts').textContent()).toBe(
      '200 to create, 0 to update, 0 unchanged, 0 refused',
    );
    await page.screenshot({ path: `${screenshots}/admin-import-1366.png`, fullPage: true });
    await page.getByTestId('apply-import').click();
    await page.getByTestId('confirm-apply').click();
    await page.getByTestId('import-result').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-result').textContent()).toContain('Applied: 200 created');
    expect(await page.getByTestId('import-status').textContent()).toBe('Applied');

    await market.caughtUp();
    // The storefront's catalogue was empty: it now lists the 200 lots.
    const listed = await market.ok<OutputOf<'productSearch'>>(actions.productSearch.path, { limit: 1 });
    expect(listed.totalRecords).toBe(200);
    expect(errors).toEqual([]);
  }, 120_000);
});
