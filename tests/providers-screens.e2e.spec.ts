import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { actions, type CardRecord, type CartView, type SavedAddressView } from '@wine/contracts';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium, layoutProblems, signedInPage } from './support/browser.ts';
import { investorWithOrder as placedOrder } from './support/investors.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = join(import.meta.dirname, '../screenshots');
const HOUR = 3600_000;
const phone = [390, 844] as const;
const desktop = [1366, 900] as const;

/**
 * The screens of this session's provider calls, at a desktop's and a phone's width with screenshots a
 * person looks at, on the embedded sandboxes: the address book's check of an address (tax/avalara
 * isValidAddress), the total held on a card at checkout (payment/authorize) and taken by paying, and the
 * investor's payment of an order through North Capital (northcapital_payment). The checkout's hosted
 * gateways (Paytm, Cashfree) are not here: the site offers them only with their credentials configured.
 */
describe.runIf(browserAvailable())(
  'the providers’ screens (address check, card hold, investor’s payment)',
  () => {
    const clock = offsetClock();
    let market: TestMarketplace;
    let browser: Browser;
    beforeAll(async () => {
      market = await startMarketplace({ seed: false, ui: true, clock });
      browser = await launchChromium();
      await mkdir(screenshots, { recursive: true });
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await market?.stop();
    });

    /** A signed-in user, the returning users' welcome notice off; a sandbox card on file unless `card: false`. */
    async function person(firstName: string, card = true): Promise<TestUser> {
      const user = await market.bidder({ firstName, card });
      await market.ok(actions.updateProfile.path, { popup_message: 0 }, user.auth);
      return user;
    }

    async function open(user: TestUser, [width, height]: readonly [number, number], language = 'en') {
      const opened = await signedInPage(browser, user.token, width, height);
      if (language !== 'en') {
        await opened.page
          .context()
          .addInitScript({ content: `localStorage.setItem('language', '${language}')` });
      }
      return opened;
    }

    /** The whole page from the top (else the sticky header is drawn where the page was scrolled to). */
    async function shoot(page: Page, name: string) {
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
    }

    /** No i18n key shown as it is (a missing word shows its key). */
    async function untranslated(page: Page): Promise<string[]> {
      const text = await page.locator('body').innerText();
      return text.match(/\b(ui|investing|common|checkout|orders)\.[a-z]\w*(\.\w+)+/g) ?? [];
    }

    /**
     * The toast an action shows, then gone: one fading in is measured pale, one drawn over the page hides
     * it (a toast under the pointer stays: Mantine pauses its close while hovered).
     */
    async function toastsGone(page: Page) {
      await page.getByTestId('alert').first().waitFor();
      await page.mouse.move(0, 0);
      await expect.poll(() => page.getByTestId('alert').count(), { timeout: 20_000 }).toBe(0);
    }

    describe('the address book checks an address before saving it', () => {
      const words = {
        en: {
          group: 'The address',
          street: 'Address',
          city: 'City',
          zip: 'ZIP code',
          use: 'Use this address',
          keep: 'Keep it as I typed it',
          refused: 'We cannot deliver to this address: the ZIP code is not in IL',
        },
        es: {
          group: 'La dirección',
          street: 'Dirección',
          city: 'Ciudad',
          zip: 'Código postal',
          use: 'Usar esta dirección',
          keep: 'Dejarla como la escribí',
          refused: 'No podemos entregar en esta dirección: el código postal no está en IL',
        },
      } as const;

      const book = async (user: TestUser) =>
        (
          await market.ok<{ records: SavedAddressView[] }>(actions.myAddressBook.path, {}, user.auth)
        ).records.map(({ address1, city, state, zip }) => ({ address1, city, state, zip }));

      /** Types an address in the book's form (Illinois chosen in the state list) and presses Save. */
      async function typeAndSave(
        page: Page,
        w: (typeof words)['en' | 'es'],
        street: string,
        city: string,
        zip: string,
      ) {
        const form = page.getByRole('group', { name: w.group });
        const field = (name: string) => form.getByRole('textbox', { name, exact: true });
        await field(w.street).fill(street);
        // The street's suggestions (the maps sandbox) closed.
        await page.keyboard.press('Escape');
        await field(w.city).fill(city);
        const state = form.getByTestId('book-state');
        if ((await state.inputValue()) === '') {
          await state.click();
          await page.getByRole('option', { name: 'Illinois' }).click();
        }
        await field(w.zip).fill(zip);
        await page.getByTestId('address-book-save').click();
      }

      /**
       * The sandbox knows no streets: it writes an address back with its spaces tidied, which the form
       * takes as the address typed (no suggestion). AvaTax abbreviates the street's suffix; the
       * sandbox's real answer to the check is given to the page so written, to show the suggestion.
       */
      async function checkedAsAvaTaxWrites(page: Page) {
        await page.route('**/api/tax/avalara/isValidAddress', async (route) => {
          const answer = await route.fetch();
          const body = (await answer.json()) as {
            data: { responseData: { address: { address1: string } | null } };
          };
          const address = body.data.responseData.address;
          if (address) address.address1 = address.address1.toUpperCase().replace(/ STREET$/, ' ST');
          await route.fulfill({ response: answer, json: body });
        });
      }

      for (const [size, language, choice] of [
        [desktop, 'en', 'use'],
        [phone, 'en', 'keep'],
        [phone, 'es', 'use'],
      ] as const) {
        const [width] = size;
        const tag = language === 'en' ? `${width}` : `${width}-${language}`;
        it(`at ${width} px (${language}): a ZIP outside the state is refused, not saved; one only tidied is saved; one written otherwise is offered (${choice})`, async () => {
          const w = words[language];
          const user = await person('Addie', false);
          const { page, errors } = await open(user, size, language);
          await page.goto(`${market.url}/account/addresses`);
          await page.getByTestId('address-book-empty').waitFor();

          // The sandbox's rules: Illinois's ZIP codes are 60001-62999.
          await typeAndSave(page, w, '9   Elm Street', 'Springfield', '10001');
          const refused = page.getByTestId('address-refused');
          await refused.waitFor();
          expect(await refused.innerText()).toBe(w.refused);
          expect(await book(user)).toEqual([]);
          expect(await layoutProblems(page, `address refused ${tag}`)).toEqual([]);
          expect(await untranslated(page)).toEqual([]);
          await shoot(page, `address-book-refused-${tag}`);

          // Valid, written back with its spaces tidied: saved, nothing offered.
          const form = page.getByRole('group', { name: w.group });
          await form.getByRole('textbox', { name: w.zip, exact: true }).fill('62701');
          await page.getByTestId('address-book-save').click();
          await page.getByTestId('address-book-entry').waitFor();
          expect(await refused.count()).toBe(0);
          expect(await page.getByTestId('address-suggestion').count()).toBe(0);
          expect(await book(user)).toHaveLength(1);
          await toastsGone(page);

          // Written otherwise by the service: offered, nothing saved until the buyer chooses.
          await checkedAsAvaTaxWrites(page);
          await typeAndSave(page, w, '12 Oak Street', 'Chicago', '60606');
          const offer = page.getByTestId('address-suggestion');
          await offer.waitFor();
          expect(await offer.innerText()).toContain('12 OAK ST, Chicago, IL 60606');
          expect(await book(user)).toHaveLength(1);
          expect(await layoutProblems(page, `address suggestion ${tag}`)).toEqual([]);
          expect(await untranslated(page)).toEqual([]);
          await shoot(page, `address-book-suggestion-${tag}`);

          await offer.getByRole('button', { name: w[choice] }).click();
          await expect.poll(() => page.getByTestId('address-book-entry').count()).toBe(2);
          expect((await book(user)).find((a) => a.zip === '60606')).toEqual({
            address1: choice === 'use' ? '12 OAK ST' : '12 Oak Street',
            city: 'Chicago',
            state: 'IL',
            zip: '60606',
          });
          expect(await offer.count()).toBe(0);
          await toastsGone(page);
          expect(await layoutProblems(page, `address saved ${tag}`)).toEqual([]);
          await shoot(page, `address-book-saved-${tag}`);
          expect(errors).toEqual([]);
          await page.context().close();
        }, 120_000);
      }
    });

    describe('the total held on a card at checkout', () => {
      /** Each width's buyer, with a sandbox card and a won lot's unpaid invoice. */
      const buyers = new Map<number, { user: TestUser; invoiceId: string }>();
      beforeAll(async () => {
        const closesAt = new Date(clock.now().getTime() + HOUR).toISOString();
        const bids: { width: number; user: TestUser; lotId: string }[] = [];
        for (const [width, title] of [
          [1366, '2010 Château Haut-Brion'],
          [390, '2009 Château Pichon Baron'],
        ] as const) {
          const user = await person(width === 1366 ? 'Hal' : 'Hana');
          const { id } = await market.ok<{ id: string }>(
            actions.createLot.path,
            lotInput({ title, openingBid: 30_000, closesAt }),
            market.admin,
          );
          await market.ok(actions.bidConfirm.path, { id, wsprice: 30_000 }, user.auth);
          bids.push({ width, user, lotId: id });
        }
        clock.advance(2 * HOUR);
        for (const { width, user, lotId } of bids) {
          const cart = await eventually(
            () => market.ok<CartView>(actions.auctionCart.path, {}, user.auth),
            (c) => c.cartItems.some((line) => line.product_id === lotId),
            'the won lot in the cart',
          );
          const invoiceId = cart.cartItems.find((line) => line.product_id === lotId)?.invoice_id as string;
          buyers.set(width, { user, invoiceId });
        }
      }, 120_000);

      const cardOf = async (user: TestUser) =>
        (await market.ok<{ data: CardRecord[] }>(actions.getCards.path, {}, user.auth)).data[0] as CardRecord;

      async function openCheckout(page: Page, invoiceId: string) {
        await page.goto(`${market.url}/checkout/auction/${invoiceId}`);
        await page.getByTestId('place-order').waitFor();
        await page.getByTestId('quote-updating').waitFor({ state: 'hidden' });
        await page.getByTestId('cart-totals').waitFor();
      }

      /** The hold placed from the checkout: the checkout then says what is held, with the way to give it back. */
      async function placeHold(page: Page): Promise<Locator> {
        await page.getByTestId('save-delivery').waitFor();
        await page.getByTestId('hold-on-card').click();
        const held = page.getByTestId('card-hold');
        await held.waitFor();
        expect(await page.getByTestId('hold-on-card').count()).toBe(0);
        return held;
      }

      it('at 1366 px: the buyer holds the total on the saved card, sees it in the card list, pays with it and the card is charged once', async () => {
        const { user, invoiceId } = buyers.get(1366) as { user: TestUser; invoiceId: string };
        const charged = market.cards.charges().length;
        const { page, errors } = await open(user, desktop);
        await openCheckout(page, invoiceId);
        expect(await layoutProblems(page, 'checkout hold button 1366')).toEqual([]);
        await shoot(page, 'checkout-hold-offer-1366');

        const held = await placeHold(page);
        const card = await cardOf(user);
        const hold = card.hold as NonNullable<CardRecord['hold']>;
        expect(hold.amount).toBeGreaterThanOrEqual(30_000);
        const amount = `$${(hold.amount / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
        expect(await held.innerText()).toContain(`${amount} held on this card until`);
        expect(await held.getByTestId('release-hold').getAttribute('aria-label')).toBe(
          `Give the hold back: ${amount} on Visa ${card.last4}`,
        );
        // Held, nothing taken.
        expect(market.cards.charges().slice(charged)).toMatchObject([{ amount: hold.amount, hold: 'held' }]);
        await toastsGone(page);
        expect(await layoutProblems(page, 'checkout held 1366')).toEqual([]);
        expect(await untranslated(page)).toEqual([]);
        await shoot(page, 'checkout-hold-placed-1366');

        // My Account's card list says the same of the card.
        const account = await open(user, desktop);
        await account.page.goto(`${market.url}/account/profile`);
        const listed = account.page.getByTestId('card-on-file').getByTestId('card-hold');
        await listed.waitFor();
        expect(await listed.innerText()).toContain(`${amount} held until`);
        expect(await layoutProblems(account.page, 'card list held 1366')).toEqual([]);
        await shoot(account.page, 'account-card-hold-1366');
        expect(account.errors).toEqual([]);
        await account.page.context().close();

        await page.getByTestId('place-order').click();
        await page.waitForURL(/\/checkout_confirm/);
        await page.locator('[data-testid="confirm-result"][data-status="paid"]').waitFor();
        await shoot(page, 'checkout-hold-paid-1366');
        // One charge on the card: the hold, taken for the total.
        expect(market.cards.charges().slice(charged)).toMatchObject([
          { amount: hold.amount, hold: 'captured' },
        ]);
        expect((await cardOf(user)).hold).toBeUndefined();
        expect(errors).toEqual([]);
        await page.context().close();
      }, 120_000);

      it('at 390 px: the buyer holds the total, sees it on the card in My Account and gives it back from there', async () => {
        const { user, invoiceId } = buyers.get(390) as { user: TestUser; invoiceId: string };
        const charged = market.cards.charges().length;
        const { page, errors } = await open(user, phone);
        await openCheckout(page, invoiceId);
        expect(await layoutProblems(page, 'checkout hold button 390')).toEqual([]);
        await shoot(page, 'checkout-hold-offer-390');
        await placeHold(page);
        await toastsGone(page);
        expect(await layoutProblems(page, 'checkout held 390')).toEqual([]);
        await shoot(page, 'checkout-hold-placed-390');

        await page.goto(`${market.url}/account/profile`);
        const listed = page.getByTestId('card-on-file').getByTestId('card-hold');
        await listed.waitFor();
        expect(await layoutProblems(page, 'card list held 390')).toEqual([]);
        expect(await untranslated(page)).toEqual([]);
        await shoot(page, 'account-card-hold-390');
        await listed.getByTestId('release-hold').click();
        await listed.waitFor({ state: 'detached' });
        expect((await cardOf(user)).hold).toBeUndefined();
        // Given back: nothing taken from the card.
        expect(market.cards.charges().slice(charged)).toMatchObject([{ hold: 'released' }]);
        expect(errors).toEqual([]);
        await page.context().close();
      }, 120_000);
    });

    describe('the investor pays an order through North Capital', () => {
      /** An investor with an order of `units` placed (support/investors.ts); answers the user and the trade id. */
      async function investorWithOrder(firstName: string, units: number) {
        const user = await person(firstName, false);
        return { user, tradeId: await placedOrder(market, user, firstName, units) };
      }

      for (const size of [desktop, phone]) {
        const [width] = size;
        it(`at ${width} px: "Pay" opens the ways to pay, the bank pays by ACH, and the order shows the payment`, async () => {
          const units = width === 1366 ? 4 : 2;
          const { user, tradeId } = await investorWithOrder(width === 1366 ? 'Iris' : 'Ike', units);
          const { page, errors } = await open(user, size);
          await page.goto(`${market.url}/account/investing`);
          const row = page.getByTestId('investor-order-row').filter({ hasText: tradeId });
          await row.waitFor();
          expect(await row.getByTestId('investor-pay').getAttribute('aria-label')).toBe(
            `Pay order ${tradeId}`,
          );
          await row.getByTestId('investor-pay').click();
          const dialog = page.getByRole('dialog', { name: 'Pay this order' });
          await dialog.waitFor();
          const ach = dialog.getByTestId('investor-pay-ach');
          expect(await ach.isChecked()).toBe(true);
          expect(await dialog.getByTestId('investor-pay-card').count()).toBe(0);
          expect(await dialog.innerText()).toContain('Bank account ending in 6789 (ACH)');
          expect(await layoutProblems(page, `investor pay dialog ${width}`)).toEqual([]);
          await page.screenshot({ path: join(screenshots, `investor-pay-dialog-${width}.png`) });

          await ach.check();
          const amount = `$${(units * 10).toFixed(2)}`;
          const confirm = dialog.getByTestId('investor-pay-confirm');
          expect(await confirm.innerText()).toBe(`Pay ${amount}`);
          await confirm.click();
          await dialog.waitFor({ state: 'detached' });
          const paid = row.getByTestId('investor-order-payment');
          await paid.waitFor();
          expect(await paid.innerText()).toMatch(
            new RegExp(`^Paid \\${amount} by bank transfer \\(ACH\\) · reference \\S+ · \\S`),
          );
          expect(await row.getByTestId('investor-pay').count()).toBe(0);
          expect(await row.getByTestId('investor-order-status').innerText()).toMatch(/awaiting funds/i);
          await toastsGone(page);
          expect(await layoutProblems(page, `investor paid ${width}`)).toEqual([]);
          expect(await untranslated(page)).toEqual([]);
          await page.evaluate('window.scrollTo(0, 0)');
          const box = await page.getByTestId('investor-orders').boundingBox();
          if (!box) throw new Error('the orders card is not on the page');
          await page.screenshot({
            path: join(screenshots, `investor-paid-${width}.png`),
            fullPage: true,
            clip: box,
          });
          expect(errors).toEqual([]);
          await page.context().close();

          // Finance sees the payment on the order (North Capital's reference) before marking it funded.
          const staff = await open(await market.staff('finance'), size);
          await staff.page.goto(`${market.url}/admin/investors`);
          const staffRow = staff.page.getByTestId('investment-order').filter({ hasText: tradeId });
          await staffRow.waitFor();
          expect(await staffRow.getByTestId('investment-order-payment').innerText()).toMatch(
            new RegExp(`^\\${amount} by bank transfer \\(ACH\\) · \\S+ · \\S`),
          );
          expect(await layoutProblems(staff.page, `staff investor orders ${width}`)).toEqual([]);
          await staff.page.screenshot({
            path: join(screenshots, `staff-investor-orders-${width}.png`),
            fullPage: true,
          });
          expect(staff.errors).toEqual([]);
          await staff.page.context().close();
        }, 120_000);
      }
    });
  },
);
