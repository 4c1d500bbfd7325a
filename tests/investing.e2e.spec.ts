import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  launchChromium,
  layoutProblems,
  signedInPage,
  staffViewports,
} from './support/browser.ts';
import { investorWithOrder as placedOrder } from './support/investors.ts';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';
import { staffScreenshots } from './support/staff-suite.ts';

/**
 * Issue 35 §3 done when "an investor onboards as an individual and as an entity with two owners and
 * places an order in the browser", on the investing sandbox (North Capital's rules: KYC approves a last
 * name without Review or Disapprove; the file Test_Approved_All.pdf accredits): /account/investing at a
 * phone's and a desktop's width, with screenshots looked at by a person. Then the rest of North Capital's
 * calls on their screens: suitability, a correction, a card for investing, the documents sent again, and
 * the admin's settlement of the order on /admin/investors with the offering's total, in both languages.
 */
describe.runIf(browserAvailable())('investor onboarding in the browser (issue 35)', () => {
  let market: TestMarketplace;
  let browser: Browser;
  let dir: string;
  /** Accreditation evidence: the sandbox's magic name, and more than the 1 kB its upload wants. */
  let evidence: string;
  beforeAll(async () => {
    market = await startMarketplace({ seed: false, ui: true });
    browser = await launchChromium();
    await mkdir(staffScreenshots, { recursive: true });
    dir = await mkdtemp(join(tmpdir(), 'investing-e2e-'));
    evidence = join(dir, 'Test_Approved_All.pdf');
    await writeFile(evidence, `%PDF-1.4\n% accreditation evidence\n${'x'.repeat(1_200)}\n%%EOF\n`);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A registered user with no card, the returning users' welcome notice turned off. */
  async function investor(firstName: string): Promise<TestUser> {
    const user = await market.bidder({ firstName, card: false });
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, user.auth);
    return user;
  }

  async function openInvesting(user: TestUser, width: number) {
    const opened = await signedInPage(browser, user.token, width, width < 600 ? 844 : 900);
    await opened.page.goto(`${market.url}/account/investing`);
    return opened;
  }

  /** A full-page screenshot from the top (else the sticky header is drawn where the page was scrolled to). */
  async function shoot(page: Page, name: string) {
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: `${staffScreenshots}/${name}`, fullPage: true });
  }

  /** One person's fields, inside the page's form or an owner's fieldset. */
  async function fillPerson(scope: Locator, person: { first: string; last: string; email: string }) {
    await scope.getByLabel(/^First name/).fill(person.first);
    await scope.getByLabel(/^Last name/).fill(person.last);
    await scope.getByLabel(/^E-mail/).fill(person.email);
    await scope.getByLabel(/^Date of birth/).fill('1980-04-12');
    await scope.getByLabel(/^Domicile/).selectOption('us_citizen');
    await scope.getByLabel(/^Street address/).fill('233 S Wacker Dr');
    await scope.getByLabel(/^City/).fill('Chicago');
    await scope.getByLabel(/^State/).selectOption('IL');
    await scope.getByLabel(/^ZIP code/).fill('60606');
  }

  /** The server's message shown as a toast; then the toasts gone (a toast fading in is measured pale). */
  async function toastSays(page: Page, text: string) {
    await page.getByTestId('alert').filter({ hasText: text }).first().waitFor();
  }
  async function toastsGone(page: Page) {
    // A toast under the pointer stays (Mantine pauses its close while hovered).
    await page.mouse.move(0, 0);
    await expect.poll(() => page.getByTestId('alert').count(), { timeout: 20_000 }).toBe(0);
  }

  /** Evidence, a bank and an order of `units`, as the investor does it on the onboarded page. */
  async function accreditLinkAndOrder(page: Page, units: number) {
    const documents = page.getByTestId('investor-documents');
    await documents.getByTestId('investor-document-file').setInputFiles(evidence);
    await documents.getByRole('button', { name: 'Upload' }).click();
    await documents.getByTestId('investor-document').waitFor();
    await toastSays(page, 'Document uploaded; accreditation: accredited');
    await page.locator('[data-testid="investor-accreditation"][data-status="accredited"]').waitFor();
    await page.getByTestId('investor-may-invest').waitFor();

    const bank = page.getByTestId('investor-bank');
    await bank.getByLabel(/^Routing number/).fill('021000021');
    await bank.getByLabel(/^Account number/).fill('123456789');
    await bank.getByLabel(/^Account type/).selectOption('checking');
    await bank.getByRole('button', { name: 'Link the bank account' }).click();
    await expect(bank.getByTestId('investor-bank-linked').innerText()).resolves.toContain(
      'Checking account ending in 6789',
    );
    await toastSays(page, 'Bank account ending in 6789 linked');
    // The holder was the investor's own name (the entity's, for an entity), as the form offered it.
    expect(await bank.getByTestId('investor-bank-linked').innerText()).toContain(
      `In the name of ${await page.getByTestId('investor-name').innerText()}`,
    );

    const order = page.getByTestId('investor-order');
    await order.getByLabel(/^Units/).fill(String(units));
    expect(await order.getByTestId('investor-order-total').innerText()).toBe(`$${(units * 10).toFixed(2)}`);
    await order.getByRole('button', { name: 'Place order' }).click();
    const row = page.locator('[data-testid="investor-order-row"][data-status="created"]');
    await row.waitFor();
    await toastSays(page, `Order placed for ${units} units`);
    expect(await row.getByTestId('investor-order-units').innerText()).toBe(
      `Units: ${units} · $${(units * 10).toFixed(2)}`,
    );
    expect(await row.getByTestId('investor-order-status').innerText()).toMatch(/created/i);
  }

  it('an individual onboards, gives evidence, links a bank and orders 5 units', async () => {
    const ivy = await investor('Ivy');
    const { page, errors } = await openInvesting(ivy, 390);
    const form = page.getByRole('form', { name: 'As an individual' });
    await form.waitFor();
    expect(await layoutProblems(page, 'investing onboarding 390')).toEqual([]);
    await shoot(page, 'investing-individual-form-390.png');
    await fillPerson(form, { first: 'Ivy', last: 'Investor', email: ivy.email });
    await form.getByRole('button', { name: 'Complete my profile' }).click();
    await page.getByTestId('investor-dashboard').waitFor();
    await toastSays(page, 'Your investor profile is complete');
    expect(
      await page
        .getByTestId('investor-owner')
        .evaluateAll((owners) => owners.map((o) => o.getAttribute('data-kyc'))),
    ).toEqual(['approved']);
    await accreditLinkAndOrder(page, 5);
    await toastsGone(page);
    expect(await layoutProblems(page, 'investing individual 390')).toEqual([]);
    await shoot(page, 'investing-individual-390.png');
    expect(errors).toEqual([]);

    const desktop = await openInvesting(ivy, 1366);
    await desktop.page.locator('[data-testid="investor-order-row"][data-status="created"]').waitFor();
    expect(await layoutProblems(desktop.page, 'investing individual 1366')).toEqual([]);
    await shoot(desktop.page, 'investing-individual-1366.png');
    expect(desktop.errors).toEqual([]);
  }, 180_000);

  it('an entity with two owners onboards, gives evidence and places an order', async () => {
    const eve = await investor('Eve');

    // The entity's form on a phone, with its second owner: nothing wider than the screen.
    const phone = await openInvesting(eve, 390);
    await phone.page.getByText('As an entity').click();
    const phoneForm = phone.page.getByRole('form', { name: 'As an entity' });
    await phoneForm.getByRole('button', { name: 'Add an owner' }).click();
    await phoneForm.getByTestId('owner-fields').nth(1).waitFor();
    expect(await layoutProblems(phone.page, 'investing entity form 390')).toEqual([]);
    await shoot(phone.page, 'investing-entity-form-390.png');
    await phone.page.context().close();

    const { page, errors } = await openInvesting(eve, 1366);
    await page.getByText('As an entity').click();
    const form = page.getByRole('form', { name: 'As an entity' });
    await form.getByLabel(/^Entity name/).fill('Eve Family Trust');
    await form.getByLabel(/^Entity type/).selectOption('Revocable Trust');
    await form.getByLabel(/^Entity e-mail/).fill(eve.email);
    const owners = form.getByTestId('owner-fields');
    // The entity's address: the fields before the owners'.
    await form
      .getByLabel(/^Street address/)
      .first()
      .fill('1 N State St');
    await form.getByLabel(/^City/).first().fill('Chicago');
    await form
      .getByLabel(/^State/)
      .first()
      .selectOption('IL');
    await form
      .getByLabel(/^ZIP code/)
      .first()
      .fill('60602');
    await fillPerson(owners.nth(0), { first: 'Eve', last: 'Owner', email: eve.email });
    await form.getByRole('button', { name: 'Add an owner' }).click();
    await fillPerson(owners.nth(1), { first: 'Oscar', last: 'Partner', email: `oscar-${eve.email}` });
    expect(await layoutProblems(page, 'investing entity form 1366')).toEqual([]);
    await shoot(page, 'investing-entity-form-1366.png');
    await form.getByRole('button', { name: 'Complete the entity’s profile' }).click();
    await page.getByTestId('investor-dashboard').waitFor();
    await toastSays(page, 'The entity’s investor profile is complete');
    expect(await page.getByTestId('investor-name').innerText()).toBe('Eve Family Trust');
    expect(
      await page
        .getByTestId('investor-owner')
        .evaluateAll((list) => list.map((o) => [o.textContent, o.getAttribute('data-kyc')])),
    ).toEqual([
      ['Eve OwnerApproved', 'approved'],
      ['Oscar PartnerApproved', 'approved'],
    ]);
    // linkEntityOwner: a third owner added after onboarding, their identity checked as the first two were.
    const addOwner = page.getByTestId('investor-add-owner');
    expect(await addOwner.getByTestId('investor-owners-count').innerText()).toBe('Owners: 2 of 4');
    await fillPerson(addOwner, { first: 'Ida', last: 'Heir', email: `ida-${eve.email}` });
    await addOwner.screenshot({ path: `${staffScreenshots}/investing-add-owner-1366.png` });
    await addOwner.getByRole('button', { name: 'Add the owner' }).click();
    await toastSays(page, 'Ida Heir is added as an owner, and their identity is checked');
    await expect.poll(() => page.getByTestId('investor-owner').count()).toBe(3);
    await accreditLinkAndOrder(page, 3);
    await toastsGone(page);
    expect(await layoutProblems(page, 'investing entity 1366')).toEqual([]);
    await shoot(page, 'investing-entity-1366.png');
    expect(errors).toEqual([]);

    const onPhone = await openInvesting(eve, 390);
    await onPhone.page.locator('[data-testid="investor-order-row"][data-status="created"]').waitFor();
    expect(await layoutProblems(onPhone.page, 'investing entity 390')).toEqual([]);
    await shoot(onPhone.page, 'investing-entity-390.png');
    expect(onPhone.errors).toEqual([]);
  }, 180_000);
  /** An investor with an order of `units` placed (support/investors.ts); answers the user and the trade id. */
  async function investorWithOrder(firstName: string, units: number) {
    const user = await investor(firstName);
    return { user, tradeId: await placedOrder(market, user, firstName, units) };
  }

  /**
   * A card of the page, alone, as a person looks at it: cut from the whole page drawn from the top (a
   * card taller than the screen, shot on its own, has the sticky header drawn over it where it scrolled).
   */
  async function shootCard(page: Page, testId: string, name: string) {
    await page.evaluate('window.scrollTo(0, 0)');
    const box = await page.getByTestId(testId).boundingBox();
    if (!box) throw new Error(`${testId} is not on the page`);
    await page.screenshot({ path: `${staffScreenshots}/${name}`, fullPage: true, clip: box });
  }

  /** No i18n key shown as it is (a missing word shows its key, `ui.investing.…`). */
  async function untranslated(page: Page): Promise<string[]> {
    const text = await page.locator('body').innerText();
    return text.match(/\b(ui|investing|common)\.[\w.]+/g) ?? [];
  }

  it('records suitability, corrects the details, links a card and asks for an order’s documents again', async () => {
    const { user: sam, tradeId } = await investorWithOrder('Sam', 2);
    const { page, errors } = await openInvesting(sam, 1366);
    await page.getByTestId('investor-dashboard').waitFor();
    // The new forms as they first stand, before any toast is drawn over them.
    const status = page.getByTestId('investor-status');
    await status.getByRole('button', { name: 'Correct my details' }).click();
    const correction = status.getByRole('form', { name: 'Correct my details' });
    expect(await layoutProblems(page, 'investing forms 1366')).toEqual([]);
    await shootCard(page, 'investor-status', 'investing-correct-form-1366.png');
    await shootCard(page, 'investor-suitability', 'investing-suitability-form-1366.png');
    await shootCard(page, 'investor-card', 'investing-card-form-1366.png');

    // Suitability: the questionnaire, then the answers shown back.
    const suitability = page.getByTestId('investor-suitability');
    const questions = suitability.getByRole('form', { name: 'Suitability' });
    await questions.getByLabel(/^Risk you are ready/).selectOption('3');
    await questions.getByLabel(/^Experience of investing/).selectOption('4');
    await questions.getByLabel(/^Experience of private/).selectOption('2');
    await questions.getByLabel(/^Years until/).fill('10');
    await questions.getByLabel(/^Objective/).selectOption('growth');
    await questions.getByRole('button', { name: 'Record my answers' }).click();
    const recorded = suitability.getByTestId('investor-suitability-recorded');
    await recorded.waitFor();
    await toastSays(page, 'Your suitability answers are recorded');
    expect(await recorded.innerText()).toMatch(
      /Moderate[\s\S]*Good[\s\S]*Limited[\s\S]*10 years[\s\S]*Grow the capital/,
    );

    // A correction: the whole address, sent; the identity checked again, still approved.
    await correction.getByLabel(/^Street address/).fill('1 Vineyard Ln');
    await correction.getByLabel(/^City/).fill('Napa');
    await correction.getByLabel(/^State/).selectOption('CA');
    await correction.getByLabel(/^ZIP code/).fill('94558');
    await correction.getByRole('button', { name: 'Send the correction' }).click();
    await toastSays(page, 'Your details are corrected and your identity is checked again');
    await correction.waitFor({ state: 'detached' });
    expect(await status.getByTestId('investor-owner').getAttribute('data-kyc')).toBe('approved');

    // A card for investing: typed once, then shown by its brand, last four and expiry only.
    const card = page.getByTestId('investor-card');
    expect(await card.getByLabel(/^Name on the card/).inputValue()).toBe('Sam Investor');
    await card.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
    await card.getByLabel(/^Month/).fill('12');
    await card.getByLabel(/^Year/).fill('2030');
    await card.getByLabel(/^Security code/).fill('737');
    await card.getByRole('button', { name: 'Link the card' }).click();
    const linked = card.getByTestId('investor-card-linked');
    await linked.getByTestId('investor-card-expiry').waitFor();
    await toastSays(page, 'Card ending in 4242 linked');
    expect(await linked.innerText()).toMatch(/^Visa ending in 4242\s+Expires 12\/2030$/);

    // The open order's subscription documents, asked for again.
    const row = page.getByTestId('investor-order-row').filter({ hasText: tradeId });
    const resend = row.getByRole('button', { name: 'Resend documents' });
    expect(await resend.getAttribute('title')).toBe(
      `Send the subscription documents of order ${tradeId} again`,
    );
    await resend.click();
    await toastSays(page, 'The subscription documents are sent again');

    await toastsGone(page);
    expect(await layoutProblems(page, 'investing account 1366')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);
    await shoot(page, 'investing-account-1366.png');
    await shootCard(page, 'investor-suitability', 'investing-suitability-1366.png');
    await shootCard(page, 'investor-status', 'investing-status-1366.png');
    await shootCard(page, 'investor-card', 'investing-card-1366.png');
    await shootCard(page, 'investor-bank', 'investing-bank-1366.png');
    await shootCard(page, 'investor-kept-documents', 'investing-kept-documents-1366.png');
    await shootCard(page, 'investor-holdings', 'investing-holdings-1366.png');
    await shootCard(page, 'investor-orders', 'investing-orders-1366.png');
    expect(errors).toEqual([]);

    // On a phone: each card, and each of its forms opened again, no wider than the screen.
    const phone = await openInvesting(sam, 390);
    await phone.page.getByTestId('investor-card-expiry').waitFor();
    await phone.page.getByTestId('investor-holding').first().waitFor();
    expect(await layoutProblems(phone.page, 'investing account 390')).toEqual([]);
    await shoot(phone.page, 'investing-account-390.png');
    for (const [testId, name] of [
      ['investor-suitability', 'suitability'],
      ['investor-status', 'status'],
      ['investor-card', 'card'],
      ['investor-bank', 'bank'],
      ['investor-kept-documents', 'kept-documents'],
      ['investor-holdings', 'holdings'],
      ['investor-orders', 'orders'],
    ] as const)
      await shootCard(phone.page, testId, `investing-${name}-390.png`);
    await phone.page.getByRole('button', { name: 'Change my answers' }).click();
    await phone.page.getByRole('button', { name: 'Correct my details' }).click();
    await phone.page.getByTestId('investor-card').getByRole('button', { name: 'Change' }).click();
    await phone.page.getByTestId('investor-bank').getByRole('button', { name: 'Change' }).click();
    await phone.page
      .getByTestId('investor-bank')
      .getByLabel(/^Routing number/)
      .waitFor();
    expect(await layoutProblems(phone.page, 'investing forms 390')).toEqual([]);
    await shootCard(phone.page, 'investor-suitability', 'investing-suitability-form-390.png');
    await shootCard(phone.page, 'investor-status', 'investing-correct-form-390.png');
    await shootCard(phone.page, 'investor-card', 'investing-card-form-390.png');
    await shootCard(phone.page, 'investor-bank', 'investing-bank-form-390.png');
    expect(phone.errors).toEqual([]);

    // In Spanish, on a phone and a desktop: the new cards and their forms in their words, no key left.
    for (const [width, height] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      const spanish = await signedInPage(browser, sam.token, width, height);
      await spanish.page.context().addInitScript({ content: `localStorage.setItem('language', 'es')` });
      await spanish.page.goto(`${market.url}/account/investing`);
      await spanish.page.getByTestId('investor-card-expiry').waitFor();
      await spanish.page.getByTestId('investor-holding').first().waitFor();
      expect(await spanish.page.getByTestId('investor-card-linked').innerText()).toMatch(
        /^Visa terminada en 4242\s+Caduca 12\/2030$/,
      );
      expect(await layoutProblems(spanish.page, `investing account ${width} es`)).toEqual([]);
      expect(await untranslated(spanish.page)).toEqual([]);
      await shoot(spanish.page, `investing-account-${width}-es.png`);
      await shootCard(spanish.page, 'investor-suitability', `investing-suitability-${width}-es.png`);
      await shootCard(spanish.page, 'investor-card', `investing-card-${width}-es.png`);
      await shootCard(spanish.page, 'investor-holdings', `investing-holdings-${width}-es.png`);
      await shootCard(spanish.page, 'investor-orders', `investing-orders-${width}-es.png`);
      await spanish.page.getByRole('button', { name: 'Cambiar mis respuestas' }).click();
      await spanish.page.getByRole('button', { name: 'Corregir mis datos' }).click();
      await spanish.page.getByTestId('investor-card').getByRole('button', { name: 'Cambiar' }).click();
      await spanish.page
        .getByTestId('investor-card')
        .getByLabel(/^Número de tarjeta/)
        .waitFor();
      expect(await layoutProblems(spanish.page, `investing forms ${width} es`)).toEqual([]);
      expect(await untranslated(spanish.page)).toEqual([]);
      await shootCard(spanish.page, 'investor-suitability', `investing-suitability-form-${width}-es.png`);
      await shootCard(spanish.page, 'investor-status', `investing-correct-form-${width}-es.png`);
      await shootCard(spanish.page, 'investor-card', `investing-card-form-${width}-es.png`);
      expect(spanish.errors).toEqual([]);
      await spanish.page.context().close();
    }
  }, 240_000);

  it('an admin marks an order funded then settled on /admin/investors and sees the offering’s total', async () => {
    const { tradeId } = await investorWithOrder('Ann', 3);
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, market.admin);
    await market.caughtUp();
    const { page, errors } = await signedInPage(browser, market.adminUser.token, 1366, 900);
    await page.goto(`${market.url}/admin/investors`);
    const order = page.getByTestId('investment-order').filter({ hasText: tradeId });
    await order.waitFor();
    expect(await order.getAttribute('data-status')).toBe('created');
    expect(await layoutProblems(page, 'admin investors 1366')).toEqual([]);
    expect(await untranslated(page)).toEqual([]);
    await shoot(page, 'admin-investors-1366.png');

    await order.getByRole('button', { name: 'Mark funded' }).click();
    await page.getByTestId('settlement-confirm').click();
    await toastSays(page, `Order ${tradeId} is funded`);
    await page
      .locator(`[data-testid="investment-order"][data-status="funded"]`)
      .filter({ hasText: tradeId })
      .waitFor();
    await order.getByRole('button', { name: 'Mark settled' }).click();
    await page.getByTestId('settlement-confirm').click();
    await toastSays(page, `Order ${tradeId} is settled`);
    await page
      .locator(`[data-testid="investment-order"][data-status="settled"]`)
      .filter({ hasText: tradeId })
      .waitFor();
    // The offering's total counts Ann's 3 units ($30.00) as settled.
    const total = page.getByTestId('offering-total');
    await expect
      .poll(async () => (await total.allInnerTexts()).join('\n'), { timeout: 20_000 })
      .toMatch(/\$30\.00\s+3$/);
    await toastsGone(page);
    expect(await layoutProblems(page, 'admin investors settled 1366')).toEqual([]);
    await shoot(page, 'admin-investors-settled-1366.png');
    expect(errors).toEqual([]);

    for (const [width, height, language] of staffViewports) {
      if (width === 1366 && language === 'en') continue;
      const shown = await signedInPage(browser, market.adminUser.token, width, height);
      await shown.page
        .context()
        .addInitScript({ content: `localStorage.setItem('language', '${language}')` });
      await shown.page.goto(`${market.url}/admin/investors`);
      await shown.page.getByTestId('offering-total').first().waitFor();
      await shown.page.getByTestId('investment-order').first().waitFor();
      expect(await layoutProblems(shown.page, `admin investors ${width} ${language}`)).toEqual([]);
      expect(await untranslated(shown.page)).toEqual([]);
      await shoot(shown.page, `admin-investors-${width}-${language}.png`);
      expect(shown.errors).toEqual([]);
      await shown.page.context().close();
    }
  }, 240_000);
});
