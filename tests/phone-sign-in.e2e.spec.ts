import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { actions, type UserRecord } from '@wine/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium, seriousViolations } from './support/browser.ts';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = join(import.meta.dirname, '../screenshots');

/** The session's token as the page keeps it (this tab's storage, or the browser's with "Remember me"). */
type Storages = Record<'sessionStorage' | 'localStorage', { getItem(key: string): string | null }>;
const kept = () => {
  const { sessionStorage, localStorage } = globalThis as unknown as Storages;
  return sessionStorage.getItem('token') ?? localStorage.getItem('token');
};

describe.runIf(browserAvailable())('sign-in by a code texted to a verified phone (issue 38 §3)', () => {
  let market: TestMarketplace;
  let browser: Browser;
  beforeAll(async () => {
    market = await startMarketplace({ seed: false, ui: true, rateLimit: 1000 });
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  /** The newest code texted to `phone` (the embedded outbox keeps text messages too). */
  const textedCode = async (phone: string) => {
    const [text] = (await market.mailer.outbox?.({ to: `+1${phone}`, limit: 1 })) ?? [];
    const code = text?.text.match(/code is (\d{6})/)?.[1];
    if (!code) throw new Error(`no code texted to ${phone}`);
    return code;
  };

  /** A bidder whose phone is verified by the code texted to it, as the profile page does it. */
  async function withVerifiedPhone(phone: string): Promise<TestUser> {
    const user = await market.bidder({ card: false, firstName: 'Phoebe' });
    await market.ok(actions.updateProfile.path, { phone, popup_message: 0 }, user.auth);
    await market.ok(actions.sendPhoneVerifyCode.path, {}, user.auth);
    const verified = await market.ok<UserRecord>(
      actions.verifyPhoneVerifyCode.path,
      { code: await textedCode(phone) },
      user.auth,
    );
    expect(verified.phone_verified).toBe(true);
    return user;
  }

  async function signInByPhone(page: Page, phone: string, width: number) {
    await page.goto(`${market.url}/login`);
    await page.getByTestId('phone-login-option').click();
    await page.getByRole('textbox', { name: 'Phone' }).fill(phone);
    await page.screenshot({ path: `${screenshots}/phone-sign-in-number-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByTestId('phone-login-sent').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const code = await textedCode(phone);
    await page.screenshot({ path: `${screenshots}/phone-sign-in-code-${width}.png`, fullPage: true });
    // The six boxes take the code typed from the first; the last digit signs in.
    await page.getByRole('textbox').first().click();
    await page.keyboard.type(code);
  }

  for (const [width, height, phone] of [
    [1366, 900, '3125550188'],
    [390, 844, '3125550189'],
  ] as const) {
    it(`signs in with the code texted to the account's verified phone at ${width} px`, async () => {
      const phoebe = await withVerifiedPhone(phone);
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signInByPhone(page, phone, width);
      // Signed in: the page keeps the session's token (as a password sign-in does) and leaves /login.
      // (In this tab only, as a password sign-in without "Remember me".)
      await page.waitForFunction(kept);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      const stored = (await page.evaluate(kept)) as string;
      const token = stored.startsWith('"') ? (JSON.parse(stored) as string) : stored;
      const me = await market.ok<UserRecord>(
        actions.validateUser.path,
        {},
        { authorization: `Bearer ${token}` },
      );
      expect(me.id).toBe(phoebe.id);
      await page.screenshot({ path: `${screenshots}/phone-sign-in-done-${width}.png` });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('answers an unknown number as a known one, and a wrong code with the reason', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${market.url}/login`);
    await page.getByTestId('phone-login-option').click();
    await page.getByRole('textbox', { name: 'Phone' }).fill('3125550177');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    // The same next step whether or not the number is an account's: nothing tells them apart.
    await page.getByTestId('phone-login-sent').waitFor();
    await page.getByRole('textbox').first().click();
    await page.keyboard.type('123456');
    await page.getByTestId('phone-login-error').waitFor();
    await page.screenshot({ path: `${screenshots}/phone-sign-in-refused-1366.png` });
    expect(
      await page.evaluate("sessionStorage.getItem('token') ?? localStorage.getItem('token')"),
    ).toBeNull();
    await context.close();
  });
});
