import { actions, type CartView, type InvoiceDetail, type StaffSettings } from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, everyStaffViewport, layoutProblems, signedInPage } from './support/browser.ts';
import { lotInput, type TestMarketplace, type TestUser } from './support/marketplace.ts';
import { staffBrowserSuite, staffScreenshots } from './support/staff-suite.ts';

const screenshots = staffScreenshots;
const HOUR = 3600_000;

describe.runIf(browserAvailable())('Settings in the staff area (issue 34)', () => {
  const clock = offsetClock();
  const suite = staffBrowserSuite('admin', { clock });
  let market: TestMarketplace;
  let browser: Browser;
  let admin: TestUser;
  beforeAll(() => {
    ({ market, browser, staff: admin } = suite);
  });

  /** A lot `buyer` wins at $400; its invoice is issued once the clock passes the close. */
  async function won(buyer: TestUser, lines: number): Promise<InvoiceDetail> {
    const { id } = await market.ok<{ id: string }>(
      actions.createLot.path,
      lotInput({ openingBid: 40_000, closesAt: new Date(clock.now().getTime() + HOUR).toISOString() }),
      market.admin,
    );
    await market.ok(actions.bidConfirm.path, { id, wsprice: 40_000 }, buyer.auth);
    clock.advance(2 * HOUR);
    const cart = await eventually(
      () => market.ok<CartView>(actions.auctionCart.path, {}, buyer.auth),
      (c) => c.cartItems.some((line) => line.product_id === id) && c.cartItems.length === lines,
      'the won lot in the cart',
    );
    const invoiceId = cart.cartItems.find((line) => line.product_id === id)?.invoice_id as string;
    return market.ok<InvoiceDetail>(actions.invoice.path, { id: invoiceId }, buyer.auth);
  }

  it("an admin changes the shop's phone (the contact page shows it at once) and the premium to 18% (the next invoice uses it)", async () => {
    const ann = await market.bidder({ firstName: 'Annabel' });
    const before = await won(ann, 1);
    expect(before.cartValues).toMatchObject({ subtotal: 40_000, premium: 8_000 });

    const { page, errors } = await signedInPage(browser, admin.token, 1366);
    await page.goto(`${market.url}/admin`);
    await page
      .getByRole('navigation', { name: 'Staff sections' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.waitForURL(/\/admin\/settings$/);
    const shop = page.getByTestId('settings-shop');
    await shop.getByRole('textbox', { name: /^Phone/ }).fill('+1 (312) 555-0199');
    await shop.getByRole('button', { name: 'Save' }).click();
    await page.getByText("The shop's details are saved").waitFor();
    await page.screenshot({ path: `${screenshots}/admin-settings-shop-1366.png`, fullPage: true });

    // The contact page and the footer (no reload of the shop) show the new number.
    await page.getByRole('link', { name: 'Contact Us' }).first().click();
    await page.waitForURL(/\/contact-us$/);
    await page.getByRole('main').getByText('+1 (312) 555-0199').first().waitFor();
    await page.getByRole('contentinfo').getByText('+1 (312) 555-0199').first().waitFor();
    // A visitor's fresh page too.
    const visitor = await browser.newPage();
    await visitor.goto(`${market.url}/contact-us`);
    await visitor.getByRole('contentinfo').getByText('+1 (312) 555-0199').first().waitFor();
    await visitor.close();

    await page.goto(`${market.url}/admin/settings`);
    await page.getByRole('tab', { name: 'Bidding' }).click();
    const bidding = page.getByTestId('settings-bidding');
    await bidding.getByRole('textbox', { name: /Buyer’s premium/ }).fill('18');
    await bidding.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The bidding rules are saved').waitFor();
    await page.screenshot({ path: `${screenshots}/admin-settings-bidding-1366.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Changes' }).click();
    await expect.poll(() => page.getByTestId('settings-changes').locator('tbody tr').count()).toBe(2);

    const after = await won(ann, 2);
    expect(after.cartValues).toMatchObject({ subtotal: 40_000, premium: 7_200 });
    const earlier = await market.ok<InvoiceDetail>(actions.invoice.path, { id: before.id }, ann.auth);
    expect(earlier.cartValues).toMatchObject({ premium: 8_000 });
    const { page: annPage } = await signedInPage(browser, ann.token, 1366);
    await annPage.goto(`${market.url}/invoice/${after.id}`);
    await annPage.getByText('Buyer’s premium (18%)').first().waitFor();
    await annPage.goto(`${market.url}/invoice/${before.id}`);
    await annPage.getByText('Buyer’s premium (20%)').first().waitFor();
    await annPage.context().close();
    expect(errors).toEqual([]);
  }, 180_000);

  it("an admin writes the premium note and takes temperature control off: the lot page and the checkout's methods follow", async () => {
    const { id } = await market.ok<{ id: string }>(
      actions.createLot.path,
      lotInput({ openingBid: 10_000, closesAt: new Date(clock.now().getTime() + 48 * HOUR).toISOString() }),
      market.admin,
    );
    const { page, errors } = await signedInPage(browser, admin.token, 1366);
    await page.goto(`${market.url}/admin/settings`);
    await page.getByRole('tab', { name: 'Catalogue' }).click();
    const catalogue = page.getByTestId('settings-catalogue');
    await catalogue
      .getByRole('textbox', { name: 'Buyer’s premium note (English)' })
      .fill('A 20% premium is added to the hammer; members pay 18%.');
    await catalogue.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The catalogue texts and defaults are saved').waitFor();
    await page.getByRole('tab', { name: 'Shipping' }).click();
    const shipping = page.getByTestId('settings-shipping');
    await shipping.getByRole('checkbox', { name: /Temperature/ }).uncheck();
    await shipping.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The shipping rates are saved').waitFor();
    await page.screenshot({ path: `${screenshots}/admin-settings-shipping-saved-1366.png`, fullPage: true });
    // The audit history of the settings shows both changes, by the admin.
    await page.getByRole('tab', { name: 'Changes' }).click();
    await page.getByRole('link', { name: /^What each change changed/ }).click();
    await page.waitForURL(/\/audit\/settings$/);
    await page.locator('[data-testid="history-row"][data-type="ShippingSettingsChanged"]').waitFor();
    expect(
      await page.locator('[data-testid="history-row"][data-type="CatalogueSettingsChanged"]').count(),
    ).toBe(1);
    await page.screenshot({ path: `${screenshots}/audit-settings-1366.png`, fullPage: true });

    // A bidder's lot page shows the merchant's note under the bid box.
    const ann = await market.bidder({ firstName: 'Annabel' });
    const { page: annPage } = await signedInPage(browser, ann.token, 1366);
    await annPage.goto(`${market.url}/productview/${id}`);
    await expect
      .poll(() => annPage.getByTestId('premium-note').textContent())
      .toBe('A 20% premium is added to the hammer; members pay 18%.');
    await annPage.context().close();
    const settings = await market.ok<StaffSettings>(actions.staffSettings.path, {}, admin.auth);
    expect(settings.shipping.methods).toEqual(['ground', 'hold']);
    await market.ok(
      actions.changeShippingSettings.path,
      { ...settings.shipping, methods: ['ground', 'temperature', 'hold'] },
      admin.auth,
    );
    expect(errors).toEqual([]);
  }, 180_000);

  it("an admin sets the shop's days and hours in the browser: every page shows them in its reader's language", async () => {
    const before = await market.ok<StaffSettings>(actions.staffSettings.path, {}, admin.auth);
    const { page, errors } = await signedInPage(browser, admin.token, 1366);
    await page.goto(`${market.url}/admin/settings`);
    const shop = page.getByTestId('settings-shop');
    // Saturday on, Monday off; 10:00 to 18:00.
    await shop.getByText('Sat', { exact: true }).click();
    await shop.getByText('Mon', { exact: true }).click();
    await shop.getByLabel(/^Opens at/).fill('10:00');
    await shop.getByLabel(/^Closes at/).fill('18:00');
    await shop.getByRole('button', { name: 'Save' }).click();
    await page.getByText("The shop's details are saved").waitFor();
    const saved = await market.ok<StaffSettings>(actions.staffSettings.path, {}, admin.auth);
    expect(saved.merchant.openingHours).toEqual({ days: [2, 3, 4, 5, 6], opensAt: 600, closesAt: 1080 });
    expect(saved.merchant.hours).toBe('Tuesday–Saturday, 10:00 AM – 6:00 PM');
    await shop.screenshot({ path: `${screenshots}/admin-settings-hours-1366.png` });

    await page.goto(`${market.url}/contact`);
    await page.getByRole('main').getByText('Tuesday–Saturday, 10:00 AM – 6:00 PM').waitFor();
    // A visitor reading in Spanish, on a phone: the footer's hours in Spanish.
    const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await visitor.addInitScript({ content: `localStorage.setItem('language', 'es')` });
    const spanish = await visitor.newPage();
    await spanish.goto(`${market.url}/contact`);
    const footer = spanish.getByRole('contentinfo');
    await footer.getByText(/^Martes–sábado, 10:00 a\.\s?m\. – 6:00 p\.\s?m\.$/).waitFor();
    expect(await footer.innerText()).not.toContain('Tuesday');
    await spanish.screenshot({ path: `${screenshots}/contact-hours-390-es.png`, fullPage: true });
    await visitor.close();
    expect(errors).toEqual([]);

    // Back to the hours before, for the specs after this one.
    const { hours: _shown, ...merchant } = before.merchant;
    await market.ok(actions.changeMerchantDetails.path, merchant, admin.auth);
  });

  it('shows every tab on a phone and a desktop, in English and Spanish, without a serious axe violation', async () => {
    const tabs = {
      en: ['Shop', 'Bank', 'Bidding', 'Money', 'Shipping', 'Catalogue', 'Changes'],
      es: ['Tienda', 'Banco', 'Pujas', 'Dinero', 'Envíos', 'Catálogo', 'Cambios'],
    };
    const problems = await everyStaffViewport(browser, admin.token, async (page, { width, language }) => {
      const found: string[] = [];
      await page.goto(`${market.url}/admin/settings`);
      await page.locator('h1').first().waitFor();
      for (const [i, tab] of tabs[language].entries()) {
        await page.getByRole('tab', { name: tab }).click();
        await page.waitForLoadState('networkidle');
        found.push(...(await layoutProblems(page, `${width}px ${language} ${tab}`)));
        const name = tabs.en[i]?.toLowerCase();
        await page.screenshot({
          path: `${screenshots}/admin-settings-${name}-${width}-${language}.png`,
          fullPage: true,
        });
      }
      return found;
    });
    expect(problems.join('\n')).toBe('');
  }, 180_000);
});
