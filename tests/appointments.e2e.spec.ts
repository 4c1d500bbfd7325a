import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { actions, type CheckoutResult } from '@wine/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = join(import.meta.dirname, '../screenshots');

describe.runIf(browserAvailable())('booking a pickup in the browser', () => {
  let market: TestMarketplace;
  let browser: Browser;

  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false });
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  /** A buyer with a card, and a paid buy-now order to pick up: its invoice id. */
  async function pickupOrder(): Promise<{ buyer: TestUser; invoiceId: string }> {
    const buyer = await market.bidder({ firstName: 'Pia' });
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, buyer.auth);
    const input = lotInput({
      title: '2019 Barolo Cannubi',
      auction: false,
      buyNow: true,
      buyNowPrice: 9_000,
    });
    const { id } = await market.ok<{ id: string }>(
      actions.createLot.path,
      { ...input, openingBid: 0 },
      market.admin,
    );
    await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 1 }] }, buyer.auth);
    const cards = await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, buyer.auth);
    const result = await market.ok<CheckoutResult>(
      actions.checkout.path,
      { type: 'buynow', cart_id: randomUUID(), delivery: 'pickup', payment: { card_id: cards.data[0]?.id } },
      buyer.auth,
    );
    await market.caughtUp();
    return { buyer, invoiceId: result.invoice_ids[0] as string };
  }

  async function pageFor(user: TestUser, width: number, height: number) {
    const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
    await context.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(user.token)})` });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { page, errors };
  }

  it('books a free time on /invoice/:id, adds it to a calendar, and shows it on a phone', async () => {
    const { buyer, invoiceId } = await pickupOrder();
    const { page, errors } = await pageFor(buyer, 1280, 900);
    await page.goto(`${market.url}/invoice/${invoiceId}`);
    const block = page.getByTestId('invoice-appointment');
    await block.getByTestId('slot').first().waitFor();
    await block.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshots, 'appointment-choose-desktop.png'), fullPage: true });
    await block.locator('[data-testid="slot"]:not([disabled])').first().click();
    await page.getByTestId('confirm-slot').click();
    await block.getByTestId('appointment-when').waitFor();
    expect(await block.getByTestId('appointment-when').textContent()).toMatch(/\(Chicago time\)$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      block.getByRole('button', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`pickup-${invoiceId}.ics`);
    const ics = await readFile((await download.path()) as string, 'utf8');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    await page.screenshot({ path: join(screenshots, 'appointment-booked-desktop.png'), fullPage: true });
    expect(errors).toEqual([]);

    const phone = await pageFor(buyer, 390, 844);
    await phone.page.goto(page.url());
    const onPhone = phone.page.getByTestId('invoice-appointment');
    await onPhone.getByTestId('appointment-when').waitFor();
    await onPhone.getByRole('button', { name: 'Change time' }).click();
    await onPhone.getByTestId('slot').first().waitFor();
    await onPhone.scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: join(screenshots, 'appointment-change-phone.png'), fullPage: true });
    expect(phone.errors).toEqual([]);
  });
});
