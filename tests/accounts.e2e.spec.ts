import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCardInForm, browserAvailable, launchChromium } from './support/browser.ts';
import { startMarketplace, TEST_PASSWORD, type TestMarketplace } from './support/marketplace.ts';

const screenshots = join(import.meta.dirname, '../screenshots');
const PASSWORD = 'Cellar-door-1982!';

/** The outbox page, opened by an admin who signs in first: it holds every code and link mailed. */
async function openOutboxAsAdmin(page: Page, url: string, admin: { email: string }): Promise<void> {
  await page.goto(`${url}/dev/outbox`);
  await page.getByTestId('outbox-admins-only').waitFor();
  await page.getByRole('link', { name: 'Sign in as an admin' }).click();
  const login = page.locator('form[aria-labelledby="login-title"]');
  await login.getByLabel('E-mail').fill(admin.email);
  await login.getByLabel(/^Password/).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByTestId('account-menu').waitFor();
  await page.goto(`${url}/dev/outbox`);
}

/** The newest code mailed to `email`, read from the outbox page as a person would. */
async function codeFromOutbox(
  page: Page,
  url: string,
  email: string,
  admin: { email: string },
): Promise<string> {
  await openOutboxAsAdmin(page, url, admin);
  const message = page.getByText(`Your verification code is`).first();
  await message.waitFor();
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).toContain(email);
  return text.match(/Your verification code is (\d{6})/)?.[1] as string;
}

describe.runIf(browserAvailable())('accounts in a real browser', () => {
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

  it('registers, verifies the e-mail with the outboxed code, adds a sandbox card, logs out and back in, and is never shown the returning users’ welcome popup', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const email = `taster-${randomUUID().slice(0, 8)}@example.com`;

    await page.goto(`${market.url}/registration`);
    const form = page.locator('form[aria-labelledby="register-title"]');
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel(/^Password/).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('checkbox', { name: /terms/i }).check();
    await page.screenshot({ path: join(screenshots, 'registration.png') });
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('dialog', { name: 'Verify your e-mail' }).waitFor();

    // The code arrives in the outbox; a second tab reads it as the person would read their mail.
    const mail = await browser.newPage();
    const code = await codeFromOutbox(mail, market.url, email, market.adminUser);
    await mail.screenshot({ path: join(screenshots, 'dev-outbox.png') });
    await mail.close();
    const dialog = page.getByRole('dialog', { name: 'Verify your e-mail' });
    await page.screenshot({ path: join(screenshots, 'verify-dialog.png') });
    await dialog.locator('input').first().click();
    // The sixth digit submits the code.
    await page.keyboard.type(code);
    await page.getByText('E-mail verified').first().waitFor();

    // A newly registered user is not greeted with the returning users' notice: straight to My Account.
    expect(await page.getByRole('dialog', { name: /Welcome/ }).count()).toBe(0);
    await page.goto(`${market.url}/account/profile`);
    await page.getByText('Verified', { exact: true }).first().waitFor();

    // A card on file through the sandbox provider.
    await page.screenshot({ path: join(screenshots, 'profile-verified.png'), fullPage: true });
    await addCardInForm(page, '4242 4242 4242 4242', 'Ada Lovelace');
    await page.getByText('4242').first().waitFor();
    await page.screenshot({ path: join(screenshots, 'account-profile.png'), fullPage: true });

    // Logout, then back in: the card is still there.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText('Logged out successfully').first().waitFor();
    await page.goto(`${market.url}/login`);
    const login = page.locator('form[aria-labelledby="login-title"]');
    await login.getByLabel('E-mail').fill(email);
    await login.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByTestId('account-menu').filter({ hasText: 'Ada Lovelace' }).waitFor();

    // Back in, no card processor notice: it is for accounts whose cards the change deleted, and this
    // one is new (issue 31).
    await page.goto(`${market.url}/account/profile`);
    await page.getByText('4242').first().waitFor();
    await page.reload();
    await page.getByText('4242').first().waitFor();
    expect(await page.getByRole('dialog', { name: /Welcome/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('sends a visitor of a protected page home with the page as referer, and back there after signing in', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const email = `visitor-${randomUUID().slice(0, 8)}@example.com`;
    await market.post('/api/user/register', {
      first_name: 'Vic',
      last_name: 'Itor',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
      terms: true,
    });
    // The mailed code finishes the registration (then the address can sign in).
    await market.ok('/api/user/verifyEmailVerifyCode', { email, code: await market.mailedCode(email) });
    await page.goto(`${market.url}/account/profile`);
    await page.waitForURL(/referer=/);
    const referer = new URL(page.url()).searchParams.get('referer');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(referer).toBe('/account/profile');
    await page.goto(`${market.url}/login?referer=${encodeURIComponent(referer as string)}`);
    const login = page.locator('form[aria-labelledby="login-title"]');
    await login.getByLabel('E-mail').fill(email);
    await login.getByLabel(/^Password/).fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/\/account\/profile/);
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
  });

  it('registers from an invitation link read in the outbox, verified at once and signed in', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const invited = await market.post(
      '/api/admin/user/invite',
      { email, first_name: 'Grace', last_name: 'Hopper' },
      market.admin,
    );
    expect(invited.body.status).toBe('success');

    // The admin reads the outbox in a browser of their own; the guest opens the link in another.
    const mail = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openOutboxAsAdmin(mail, market.url, market.adminUser);
    await mail.getByText('You are invited to Fine Wine Auction').first().waitFor();
    const outbox = await mail.locator('body').innerText();
    await mail.close();
    const link = outbox.match(/https?:\/\/\S+\/invite\?token=[\w-]+/)?.[0];
    expect(link, 'the invitation link in the outbox').toBeTruthy();

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${market.url}${new URL(link as string).pathname}${new URL(link as string).search}`);
    const form = page.getByRole('form', { name: 'You are invited, Grace' });
    await form.waitFor();
    expect(await form.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await form.getByLabel('Last name').inputValue()).toBe('Hopper');
    await form.getByLabel(/^Password/).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('checkbox', { name: /terms/i }).check();
    await page.screenshot({ path: join(screenshots, 'invite.png'), fullPage: true });
    await form.getByRole('button', { name: 'Register' }).click();

    await page.getByText('Welcome to Fine Wine Auction').first().waitFor();
    await page.getByTestId('account-menu').filter({ hasText: 'Grace Hopper' }).waitFor();
    await page.goto(`${market.url}/account/profile`);
    await page.getByText('Verified', { exact: true }).first().waitFor();

    // The link works once.
    await page.goto(`${market.url}${new URL(link as string).pathname}${new URL(link as string).search}`);
    await page.getByTestId('invite-invalid').waitFor();
    await page.screenshot({ path: join(screenshots, 'invite-used.png') });
    expect(errors).toEqual([]);
  });
});
