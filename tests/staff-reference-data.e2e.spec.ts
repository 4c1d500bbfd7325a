import { actions, type DefaultBundle } from '@wine/contracts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, everyStaffViewport, layoutProblems, signedInPage } from './support/browser.ts';
import type { TestMarketplace, TestUser } from './support/marketplace.ts';
import { staffBrowserSuite, staffScreenshots } from './support/staff-suite.ts';

const screenshots = staffScreenshots;

describe.runIf(browserAvailable())('Reference data in the staff area (issue 38 §5)', () => {
  const suite = staffBrowserSuite('admin');
  let market: TestMarketplace;
  let browser: Browser;
  let admin: TestUser;
  beforeAll(() => {
    ({ market, browser, staff: admin } = suite);
  });

  const conditionsOffered = async () =>
    (await market.ok<DefaultBundle>(actions.getDefault.path, {})).conditions.map((c) => c.value);

  it('an admin adds a condition in both languages, renames it and deactivates it; the default bundle follows', async () => {
    const { page, errors } = await signedInPage(browser, admin.token, 1366);
    await page.goto(`${market.url}/admin`);
    await page
      .getByRole('navigation', { name: 'Staff sections' })
      .getByRole('link', { name: 'Reference data' })
      .click();
    await page.waitForURL(/\/admin\/reference-data/);
    await page.getByRole('combobox', { name: 'List' }).click();
    await page.getByRole('option', { name: 'Conditions' }).click();
    await page.getByTestId('reference-entry-row').first().waitFor();

    await page.getByTestId('entry-new').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Name \(English\)/ }).fill('Museum condition');
    await dialog.getByRole('textbox', { name: /Name \(Spanish\)/ }).fill('Estado de museo');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Never moved from the cellar');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Entry added').waitFor();
    const table = page.getByTestId('reference-entries');
    await table.getByText('Museum condition').waitFor();
    await page.screenshot({ path: `${screenshots}/admin-reference-data-added-1366.png`, fullPage: true });
    await expect.poll(conditionsOffered, { timeout: 10_000 }).toContain('Museum condition');

    // A second entry of the same name at the same place is refused with the reason, nothing written.
    await page.getByTestId('entry-new').click();
    await dialog.getByRole('textbox', { name: /Name \(English\)/ }).fill('museum  CONDITION');
    await dialog.getByRole('textbox', { name: /Name \(Spanish\)/ }).fill('otro');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText(/already has an entry named "Museum condition"/).waitFor();
    await page.screenshot({ path: `${screenshots}/admin-reference-data-taken-1366.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await table.getByRole('button', { name: 'Edit Museum condition' }).click();
    await dialog.getByRole('textbox', { name: /Name \(English\)/ }).fill('Museum grade');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await table.getByText('Museum grade').waitFor();
    await expect.poll(conditionsOffered, { timeout: 10_000 }).toContain('Museum grade');

    await table.getByRole('button', { name: 'Deactivate Museum grade' }).click();
    await page.getByTestId('confirm-deactivate-entry').click();
    await expect
      .poll(
        async () =>
          (await table
            .getByTestId('reference-entry-row')
            .filter({ hasText: 'Museum grade' })
            .textContent()) ?? '',
      )
      .toContain('Deactivated');
    // No longer offered for new lots; still named for the lots that carry it.
    await expect.poll(conditionsOffered, { timeout: 10_000 }).not.toContain('Museum grade');
    const bundle = await market.ok<DefaultBundle>(actions.getDefault.path, {});
    expect(JSON.stringify(bundle.phrases)).toContain('Museum grade');
    await page.screenshot({
      path: `${screenshots}/admin-reference-data-deactivated-1366.png`,
      fullPage: true,
    });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the screen at 390 and 1366 px, in English and Spanish, with no layout problem or serious axe violation', async () => {
    const problems = await everyStaffViewport(browser, admin.token, async (page, { width, language }) => {
      await page.goto(`${market.url}/admin/reference-data`);
      // A phone shows the entries as cards (the table's rows are there, hidden by the stylesheet).
      await page.getByTestId('reference-entry-row').first().waitFor({ state: 'attached' });
      await page
        .getByRole('button', { name: /^(Edit|Editar) / })
        .filter({ visible: true })
        .first()
        .waitFor();
      await page.screenshot({
        path: `${screenshots}/admin-reference-data-${width}-${language}.png`,
        fullPage: true,
      });
      return layoutProblems(page, `${width}px ${language}`);
    });
    expect(problems).toEqual([]);
  });
});
