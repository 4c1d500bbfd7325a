import { eventually } from '@wine/platform/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium } from './support/browser.ts';
import { lotInput, startMarketplace, type TestMarketplace } from './support/marketplace.ts';

describe.runIf(browserAvailable())('notification choices and the outbid mail (issue 31)', () => {
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

  it('saves the choices on /account/notifications, mails the outbid in the chosen language, and its link unsubscribes', async () => {
    const ana = await market.bidder({ firstName: 'Ana' });
    const bo = await market.bidder({ firstName: 'Bo' });
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    await context.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(ana.token)})` });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${market.url}/account/notifications`);
    const won = page.getByRole('switch', { name: 'Won lots' });
    await won.waitFor();
    expect(await page.getByRole('switch', { name: 'Outbid alerts' }).isChecked()).toBe(true);
    expect(await won.isChecked()).toBe(true);
    await won.uncheck({ force: true });
    await page.getByLabel('Language of e-mails and texts').selectOption('es');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Preferences saved').first().waitFor();
    await page.reload();
    await page.getByRole('switch', { name: 'Won lots' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Won lots' }).isChecked()).toBe(false);
    expect(await page.getByLabel('Language of e-mails and texts').inputValue()).toBe('es');

    // Bo takes the lead from Ana: one mail, in Spanish, with its unsubscribe link.
    const { id } = await market.ok<{ id: string }>(
      '/api/admin/product/create',
      lotInput({ title: '2016 Sassicaia', openingBid: 10_000 }),
      market.admin,
    );
    await market.ok('/api/bid/confirm', { id, wsprice: 20_000 }, ana.auth);
    await market.ok('/api/bid/confirm', { id, wsprice: 30_000 }, bo.auth);
    const [mail] = await eventually(
      async () => (await market.mailer.outbox?.({ to: ana.email })) ?? [],
      (m) => m.some((x) => x.subject.includes('Sassicaia')),
    );
    expect(mail?.subject).toBe('Han superado tu puja por 2016 Sassicaia');
    const link = mail?.text.match(/http:\/\/\S+\/unsubscribe\?\S+/)?.[0] as string;

    // Opened signed out, in another browser: asks, then turns outbid alerts off.
    const visitor = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const unsubscribe = await visitor.newPage();
    await unsubscribe.goto(link);
    await unsubscribe.getByText('Stop outbid alerts?').waitFor();
    await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click();
    await unsubscribe.getByText('You will no longer get outbid alerts.').waitFor();
    await page.reload();
    await page.getByRole('switch', { name: 'Outbid alerts' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Outbid alerts' }).isChecked()).toBe(false);
    // A link changed by hand is refused.
    await unsubscribe.goto(link.replace(/t=[^&]+/, 't=forged'));
    await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click();
    await unsubscribe.getByTestId('unsubscribe-invalid').waitFor();
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });
});
