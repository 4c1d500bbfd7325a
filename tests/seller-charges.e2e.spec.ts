import { grantRoleByEmail } from '@wine/command-service';
import { actions, type Role } from '@wine/contracts';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, layoutProblems, signedInPage } from './support/browser.ts';
import type { TestMarketplace, TestUser } from './support/marketplace.ts';
import { staffBrowserSuite, staffScreenshots } from './support/staff-suite.ts';

const screenshots = staffScreenshots;

describe.runIf(browserAvailable())(
  "Charges the house bills a vendor, paid from the vendor's statement (issue 38 §1)",
  () => {
    const suite = staffBrowserSuite('admin');
    let market: TestMarketplace;
    let browser: Browser;
    let admin: TestUser;
    let vendor: TestUser;
    beforeAll(async () => {
      ({ market, browser, staff: admin } = suite);
      // A vendor with a card on file: the role granted as the command line grants it.
      vendor = await market.bidder({ firstName: 'Vic' });
      await grantRoleByEmail(market.accounts, {
        email: vendor.email,
        role: 'vendor' as Role,
        by: { kind: 'system', id: 'test' },
      });
      await market.caughtUp();
      await market.ok(actions.updateProfile.path, { popup_message: 0 }, vendor.auth);
    });

    it('the admin bills $25.00 of photography from the user page; the vendor pays it by card, charged once', async () => {
      const charged = market.cards.charges().length;
      const { page, errors } = await signedInPage(browser, admin.token, 1366);
      await page.goto(`${market.url}/admin/users/${vendor.id}`);
      const card = page.getByTestId('staff-seller-charges');
      await card.waitFor();
      await card.getByTestId('bill-charge').click();
      const dialog = page.getByRole('dialog', { name: /a charge$/ });
      await dialog.getByRole('combobox', { name: 'What for' }).selectOption({ label: 'Photography' });
      await dialog.getByRole('textbox', { name: /Amount/ }).fill('25');
      await dialog.getByRole('textbox', { name: /Note/ }).fill('Label photographs, six bottles');
      await page.screenshot({ path: `${screenshots}/admin-bill-charge-1366.png` });
      await dialog.getByRole('button', { name: 'Bill a charge' }).click();
      await expect.poll(async () => card.getByTestId('staff-charges-due').textContent()).toBe('Owed: $25.00');
      await page.screenshot({ path: `${screenshots}/admin-seller-charges-1366.png`, fullPage: true });
      expect(errors).toEqual([]);
      await page.context().close();

      for (const width of [390, 1366]) {
        const { page: mine } = await signedInPage(browser, vendor.token, width, width === 390 ? 844 : 900);
        await mine.goto(`${market.url}/myWines/sold`);
        await expect
          .poll(async () => mine.getByTestId('charges-due').textContent())
          .toMatch(/^(You owe \$25\.00|Nothing owed)$/);
        await mine.screenshot({ path: `${screenshots}/vendor-charges-${width}.png`, fullPage: true });
        expect(await layoutProblems(mine, `${width}px`)).toEqual([]);
        if (width === 1366) {
          await mine.getByTestId('pay-charges-open').click();
          const pay = mine.getByRole('dialog', { name: 'Pay these charges' });
          await pay
            .getByRole('radio', { name: /ending in/ })
            .first()
            .waitFor();
          await mine.screenshot({ path: `${screenshots}/vendor-pay-charges-1366.png` });
          await pay.getByRole('button', { name: 'Pay $25.00' }).click();
          await expect.poll(async () => mine.getByTestId('charges-due').textContent()).toBe('Nothing owed');
        }
        await mine.context().close();
      }
      // One charge of $25.00 on the vendor's card, whatever the screens did.
      const charges = market.cards.charges().slice(charged);
      expect(charges.map((c) => c.amount)).toEqual([2_500]);
    });
  },
);
