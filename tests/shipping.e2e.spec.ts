import { actions } from '@wine/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium, signedInPage } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

/**
 * Issue 31: a buyer chooses delivery, its method and the seasonal hold's ship date at checkout; the
 * invoice shows the shipping charge and the shipment; finance enters the tracking, which the buyer sees.
 */
describe.runIf(browserAvailable())('shipping a delivery in the browser', () => {
  let market: TestMarketplace;
  let browser: Browser;

  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  const pageFor = (user: TestUser, width = 1366, height = 900) =>
    signedInPage(browser, user.token, width, height);

  it('delivers with the seasonal hold on the chosen date, shows the charge on the invoice, and the tracking finance enters', async () => {
    const ann = await market.bidder({ firstName: 'Ann' });
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, ann.auth);
    const input = lotInput({
      title: '2016 Sassicaia',
      auction: false,
      buyNow: true,
      buyNowPrice: 8_000,
      quantity: 12,
      openingBid: 0,
    });
    const { id: lotId } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
    await market.ok(actions.addToCart.path, { cart: [{ product_id: lotId, qty: 3 }] }, ann.auth);
    // The window of the hold, as the server's clock has it: a date two weeks ahead is in it.
    const shipDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

    const { page, errors } = await pageFor(ann);
    await page.goto(`${market.url}/checkout/buynow/e2e-ship`);
    await page.getByTestId('place-order').waitFor();
    await page.locator('input[type=radio][value=delivery]').check();
    await page.locator('input[autocomplete="section-delivery address-line1"]').fill('1 Capitol Ave');
    await page.locator('input[autocomplete="section-delivery address-level2"]').fill('Springfield');
    await page.getByTestId('delivery-state').click();
    await page.getByTestId('delivery-state').fill('Illin');
    await page.getByRole('option', { name: 'Illinois' }).click();
    await page.locator('input[autocomplete="section-delivery postal-code"]').fill('62701');
    // Three bottles to Illinois: $25.00 and two at $5.00.
    await page.getByTestId('total-shipping').getByText('$35.00').waitFor();
    const hold = page.locator('input[type=radio][value=hold]');
    // The hold is offered in summer and winter only (the server's months).
    const offered = await hold.isEnabled();
    if (offered) {
      await hold.check();
      await page.getByTestId('ship-date').fill(shipDate);
      await page.getByTestId('ship-date').blur();
    }
    await page.getByTestId('quote-updating').waitFor({ state: 'hidden' });
    // 6.25% of $275.00 (the wine and its shipping, which Illinois taxes).
    await page.getByTestId('total-total').getByText('$292.19').waitFor();
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/checkout_confirm/);
    await page.locator('[data-testid="confirm-result"][data-status="paid"]').waitFor();
    await page.getByTestId('confirm-invoices').getByRole('link').first().click();
    await page.waitForURL(/\/invoice\//);
    const invoiceId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string);
    const shipment = page.getByTestId('invoice-shipment');
    await shipment.waitFor();
    expect(await page.getByTestId('total-shipping').textContent()).toBe('$35.00');
    expect(await page.getByTestId('invoice-appointment').count()).toBe(0);
    expect(await shipment.getByTestId('shipment-method').textContent()).toBe(
      offered ? 'Method: Seasonal hold' : 'Method: Ground',
    );
    if (offered) await shipment.getByTestId('shipment-date').waitFor();
    await shipment.getByTestId('shipment-not-shipped').waitFor();

    // Finance opens the paid invoices and enters the tracking.
    const finance = await market.staff('finance');
    const staff = await pageFor(finance);
    await staff.page.goto(`${market.url}/admin/money`);
    await staff.page.getByRole('tab').nth(1).click();
    const row = staff.page.locator(`[data-testid="staff-invoice-row"][data-invoice-id="${invoiceId}"]`);
    await row.getByTestId('enter-tracking').click();
    const dialog = staff.page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Carrier/ }).fill('UPS');
    await dialog.getByRole('textbox', { name: /Tracking number/ }).fill('1Z999AA10123456784');
    await dialog.getByRole('button', { name: 'Save tracking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('1Z999AA10123456784').waitFor();

    await page.reload();
    await page.getByTestId('shipment-tracking').getByText('1Z999AA10123456784').waitFor();
    const mails = (await market.mailer.outbox?.({ to: ann.email })) ?? [];
    expect(mails.filter((m) => m.subject.startsWith('Your order has shipped'))).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(staff.errors).toEqual([]);
  }, 240_000);

  it('suggests the street as the buyer types (issue 35 §5, the maps sandbox) and fills the address from the one chosen', async () => {
    const bea = await market.bidder({ firstName: 'Bea' });
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, bea.auth);
    const input = lotInput({ auction: false, buyNow: true, buyNowPrice: 5_000, quantity: 6, openingBid: 0 });
    const { id: lotId } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
    await market.ok(actions.addToCart.path, { cart: [{ product_id: lotId, qty: 1 }] }, bea.auth);
    for (const width of [1366, 390]) {
      const { page, errors } = await pageFor(bea, width, width === 390 ? 844 : 900);
      await page.goto(`${market.url}/checkout/buynow/e2e-suggest-${width}`);
      await page.getByTestId('place-order').waitFor();
      await page.locator('input[type=radio][value=delivery]').check();
      const street = page.locator('input[autocomplete="section-delivery address-line1"]');
      await street.pressSequentially('233 s wack', { delay: 30 });
      const suggestion = page.getByRole('option', { name: '233 S Wacker Dr, Chicago, IL, USA' });
      await suggestion.waitFor();
      await page.screenshot({ path: `/tmp/shots-staff/address-suggest-${width}.png` });
      await street.press('ArrowDown');
      await street.press('Enter');
      await expect.poll(() => street.inputValue()).toBe('233 S Wacker Dr');
      expect(await page.locator('input[autocomplete="section-delivery address-level2"]').inputValue()).toBe(
        'Chicago',
      );
      expect(await page.locator('input[autocomplete="section-delivery postal-code"]').inputValue()).toBe(
        '60606',
      );
      // Chicago's rate: the quote asked with the chosen address.
      await page.getByText('Tax (10.25%)').first().waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 120_000);
});
