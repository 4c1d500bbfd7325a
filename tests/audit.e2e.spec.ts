import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actions, type CartView, type LotHistory } from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './support/browser.ts';
import {
  lotInput,
  pickupOrder,
  startMarketplace,
  type TestMarketplace,
  type TestUser,
} from './support/marketplace.ts';

const screenshots = join(import.meta.dirname, '../screenshots');
const HOUR = 3600_000;
const clock = offsetClock();

describe.runIf(browserAvailable())('the auditor’s history in the browser', () => {
  let market: TestMarketplace;
  let browser: Browser;
  let auditor: TestUser;

  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false, clock });
    browser = await launchChromium();
    auditor = await market.staff('auditor');
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, auditor.auth);
    await mkdir(screenshots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  async function pageFor(user: TestUser, width: number, height = 900) {
    const context = await browser.newContext({ viewport: { width, height }, acceptDownloads: true });
    await context.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(user.token)})` });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { page, errors };
  }

  it('replays a sold lot with its chart, and downloads a CSV that parses back to one row per event', async () => {
    const [ann, bob] = [await market.bidder({ firstName: 'Ann' }), await market.bidder({ firstName: 'Bob' })];
    const input = lotInput({
      title: '1996 Ch. Lafite Rothschild',
      openingBid: 40_000,
      closesAt: new Date(clock.now().getTime() + HOUR).toISOString(),
    });
    const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
    for (const [who, wsprice] of [
      [ann, 40_000],
      [bob, 45_000],
      [ann, 50_000],
      [bob, 60_000],
    ] as const) {
      clock.advance(5 * 60_000);
      await market.ok(actions.bidConfirm.path, { id, wsprice }, who.auth);
    }
    clock.advance(2 * HOUR);
    let history: LotHistory | null = null;
    for (let i = 0; i < 300 && history?.rows.at(-1)?.type !== 'LotClosed'; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 20));
      history = await market.ok<LotHistory>(actions.lotHistory.path, { id }, auditor.auth);
    }
    const types = history?.rows.map((r) => r.type) ?? [];
    expect(types.at(-1)).toBe('LotClosed');

    const { page, errors } = await pageFor(auditor, 1366);
    await page.goto(`${market.url}/audit/lot/${id}`);
    const rows = page.getByTestId('history-row');
    await rows.first().waitFor();
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-type')))).toEqual(types);
    await page.getByTestId('price-chart').locator('.recharts-line').first().waitFor();
    expect(await page.getByTestId('price-chart').locator('.recharts-line').count()).toBe(2);
    await page.getByRole('button', { name: `Show event #${types.length - 1}` }).click();
    await page.getByTestId('history-details').waitFor();
    await page.screenshot({ path: join(screenshots, 'audit-lot-desktop.png'), fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`lot-${id}-history.csv`);
    const downloads = await mkdtemp(join(tmpdir(), 'audit-e2e-'));
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const bytes = await readFile(file);
    await rm(downloads, { recursive: true, force: true });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records: Record<string, string>[] = parse(bytes, { bom: true, columns: true });
    expect(records.map((r) => r.type)).toEqual(types);
    expect(records.filter((r) => r.type === 'BidPlaced').map((r) => r.actor)).toEqual([
      `user:${ann.id}`,
      `user:${bob.id}`,
      `user:${ann.id}`,
      `user:${bob.id}`,
    ]);
    expect(errors).toEqual([]);

    const phone = await pageFor(auditor, 390, 844);
    await phone.page.goto(`${market.url}/audit/lot/${id}`);
    await phone.page.getByTestId('history-row').first().waitFor();
    await phone.page.getByTestId('price-chart').locator('.recharts-line').first().waitFor();
    await phone.page.screenshot({ path: join(screenshots, 'audit-lot-mobile.png'), fullPage: true });
    expect(phone.errors).toEqual([]);

    // The winner's invoice has its own history page.
    const cart = await market.ok<CartView>(actions.auctionCart.path, {}, bob.auth);
    const invoiceId = cart.cartItems[0]?.invoice_id as string;
    await page.goto(`${market.url}/audit/invoice/${invoiceId}`);
    await page.locator('[data-testid="history-row"][data-type="InvoiceIssued"]').waitFor();
    expect(await page.getByTestId('price-chart').count()).toBe(0);
    await page.screenshot({ path: join(screenshots, 'audit-invoice-desktop.png'), fullPage: true });
  });

  it('verifies the whole log from /audit with a progress bar to "intact", and hands over the anchors', async () => {
    // The interval's anchor, signed now rather than an hour from now.
    expect(await market.anchoring?.anchorNow()).not.toBeNull();
    const { page, errors } = await pageFor(auditor, 1366);
    await page.goto(`${market.url}/audit`);
    await page.getByTestId('verify-log').click();
    // The bar shows the job's progress and ends full, with the verdict beside it.
    await page.getByTestId('verify-progress').waitFor();
    await page.getByTestId('verify-intact').waitFor();
    expect(await page.getByTestId('verify-progress').getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByTestId('verify-intact').textContent()).toMatch(/\d+ events in \d+ streams/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the anchors (JSON)' }).click(),
    ]);
    const anchors = JSON.parse(await readFile((await download.path()) as string, 'utf8')) as {
      anchors: unknown[];
      publicKey: string;
    };
    expect(anchors.anchors.length).toBeGreaterThan(0);
    expect(anchors.publicKey).toContain('BEGIN PUBLIC KEY');
    await page.screenshot({ path: join(screenshots, 'audit-verify-desktop.png'), fullPage: true });
    expect(errors).toEqual([]);

    // Nobody else gets the page's data: a bidder sees that it is for auditors.
    const bidder = await market.bidder({ firstName: 'Nosy' });
    const other = await pageFor(bidder, 390, 844);
    await other.page.goto(`${market.url}/audit`);
    await other.page.getByTestId('auditors-only').waitFor();
    expect(await other.page.getByTestId('verify-log').count()).toBe(0);
  });

  it('follows a paid invoice to its payment’s transaction, and checks the books (auditor; finance on the payments report)', async () => {
    const buyer = await market.bidder({ firstName: 'Ledger' });
    const invoiceId = await pickupOrder(market, buyer);
    const { page, errors } = await pageFor(auditor, 1366);
    await page.goto(`${market.url}/audit/invoice/${invoiceId}`);
    const link = page.getByTestId('invoice-payments').getByRole('link').first();
    await link.waitFor();
    await page.screenshot({ path: join(screenshots, 'audit-invoice-payments-desktop.png'), fullPage: true });
    await link.click();
    await page.waitForURL(/\/audit\/payment\//);
    await page.locator('[data-testid="history-row"][data-type="TransactionCharged"]').waitFor();
    const types = await page
      .getByTestId('history-row')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-type')));
    expect(types).toEqual(['TransactionStarted', 'TransactionCharged']);
    await page.screenshot({ path: join(screenshots, 'audit-payment-desktop.png'), fullPage: true });

    await page.goto(`${market.url}/audit`);
    await page.getByRole('button', { name: 'Check the books' }).click();
    await page.getByTestId('ledger-agree').waitFor();
    await page.screenshot({ path: join(screenshots, 'audit-ledger-desktop.png'), fullPage: true });
    expect(errors).toEqual([]);

    const phone = await pageFor(auditor, 390, 844);
    await phone.page.goto(`${market.url}/audit`);
    await phone.page.getByRole('button', { name: 'Check the books' }).click();
    await phone.page.getByTestId('ledger-agree').waitFor();
    await phone.page.screenshot({ path: join(screenshots, 'audit-ledger-mobile.png'), fullPage: true });
    await phone.page.goto(`${market.url}/audit/invoice/${invoiceId}`);
    await phone.page.getByTestId('invoice-payments').getByRole('link').first().waitFor();
    await phone.page.screenshot({
      path: join(screenshots, 'audit-invoice-payments-mobile.png'),
      fullPage: true,
    });
    expect(phone.errors).toEqual([]);

    const finance = await market.staff('finance');
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, finance.auth);
    const books = await pageFor(finance, 1366);
    await books.page.goto(`${market.url}/reports/getPayments`);
    await books.page.getByRole('button', { name: 'Check the books' }).click();
    await books.page.getByTestId('ledger-agree').waitFor();
    await books.page.screenshot({ path: join(screenshots, 'reports-ledger-desktop.png'), fullPage: true });
    expect(books.errors).toEqual([]);
  });
});
