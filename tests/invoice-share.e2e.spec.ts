import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { actions, type CartView } from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium, layoutProblems, signedInPage } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = join(import.meta.dirname, '../screenshots');
const HOUR = 3600_000;

describe.runIf(browserAvailable())("An invoice shared with the buyer's accountant (issue 38 §2)", () => {
  const clock = offsetClock();
  let market: TestMarketplace;
  let browser: Browser;
  let ann: TestUser;
  let invoiceId: string;
  beforeAll(async () => {
    market = await startMarketplace({ seed: false, ui: true, clock });
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
    ann = await market.bidder({ firstName: 'Annabel' });
    await market.ok(actions.updateProfile.path, { popup_message: 0 }, ann.auth);
    const { id } = await market.ok<{ id: string }>(
      actions.createLot.path,
      lotInput({
        title: '2005 Château Margaux',
        openingBid: 40_000,
        closesAt: new Date(clock.now().getTime() + HOUR).toISOString(),
      }),
      market.admin,
    );
    await market.ok(actions.bidConfirm.path, { id, wsprice: 40_000 }, ann.auth);
    clock.advance(2 * HOUR);
    const cart = await eventually(
      () => market.ok<CartView>(actions.auctionCart.path, {}, ann.auth),
      (c) => c.cartItems.some((line) => line.product_id === id),
      'the won lot in the cart',
    );
    invoiceId = cart.cartItems.find((line) => line.product_id === id)?.invoice_id as string;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  it('the owner makes a link; signed out, it shows the lines and totals and nothing private; stopping it ends it', async () => {
    const { page, errors } = await signedInPage(browser, ann.token, 1366);
    await page.goto(`${market.url}/invoice/${invoiceId}`);
    const share = page.getByTestId('invoice-share');
    await share.waitFor();
    await share.getByTestId('share-create').click();
    const link = share.getByRole('textbox', { name: 'Link to this invoice' });
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/public_invoice\/[\w.-]{40,}$/);
    await page.screenshot({ path: `${screenshots}/invoice-share-1366.png`, fullPage: true });

    // The accountant: no session, at both widths.
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height } });
      const outside = await context.newPage();
      await outside.goto(url);
      await outside.getByTestId('public-invoice').waitFor();
      await outside.getByText('2005 Château Margaux').first().waitFor();
      const text = (await outside.locator('main').textContent()) ?? '';
      expect(text).toContain('$400.00');
      for (const secret of [ann.email, 'Annabel', '4242']) expect(text).not.toContain(secret);
      expect(await layoutProblems(outside, `${width}px`)).toEqual([]);
      await outside.screenshot({ path: `${screenshots}/public-invoice-${width}.png`, fullPage: true });
      await context.close();
    }

    await share.getByTestId('share-stop').click();
    await page.getByTestId('confirm-stop-sharing').click();
    await share.getByTestId('share-create').waitFor();
    const after = await fetch(`${market.url}/api/user/invoice/public_invoice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: url.split('/public_invoice/')[1] }),
    });
    expect(((await after.json()) as { data: { code: string } }).data.code).toBe('INVOICE_LINK_INVALID');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
