import { actions } from '@wine/contracts';
import { eventually } from '@wine/platform/testing';
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, everyStaffViewport, layoutProblems, signedInPage } from './support/browser.ts';
import type { TestMarketplace, TestUser } from './support/marketplace.ts';
import { staffBrowserSuite, staffScreenshots } from './support/staff-suite.ts';

describe.runIf(browserAvailable())(
  "Visitors' enquiries and the newsletter list in the staff area (issue 34)",
  () => {
    const suite = staffBrowserSuite('admin');
    let market: TestMarketplace;
    let browser: Browser;
    let admin: TestUser;
    beforeAll(() => {
      ({ market, browser, staff: admin } = suite);
    });

    it('an admin answers a contact enquiry by e-mail and sees the answer under it', async () => {
      await market.ok(actions.submitContactUs.path, {
        name: 'Vera Visitor',
        email: 'vera@example.com',
        subject: 'Private tasting',
        message: 'Do you host private tastings for twelve?',
      });
      await market.caughtUp();
      const { page, errors } = await signedInPage(browser, admin.token, 1366);
      await page.goto(`${market.url}/admin`);
      await page
        .getByRole('navigation', { name: 'Staff sections' })
        .getByRole('link', { name: 'Enquiries' })
        .click();
      await page.waitForURL(/\/admin\/enquiries/);
      const card = page.getByTestId('staff-enquiry').filter({ hasText: 'Private tasting' });
      await card.getByRole('button', { name: 'Answer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Answer Vera Visitor' });
      await dialog.getByRole('textbox').fill('We do: Thursdays at 6 pm.');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await page.getByText('The answer is sent to vera@example.com').waitFor();
      await card.getByTestId('enquiry-answer').filter({ hasText: 'Thursdays at 6 pm' }).waitFor();
      await page.screenshot({ path: `${staffScreenshots}/admin-enquiries-1366.png`, fullPage: true });
      const mails = await eventually(
        async () =>
          (
            await market.ok<{ records: { to: string; subject: string }[] }>(
              actions.devOutbox.path,
              {},
              market.admin,
            )
          ).records,
        (m) => m.some((x) => x.to === 'vera@example.com' && x.subject === 'Re: Private tasting'),
      );
      expect(
        mails.filter((x) => x.to === 'vera@example.com' && x.subject === 'Re: Private tasting'),
      ).toHaveLength(1);
      expect(errors).toEqual([]);
    }, 120_000);

    it('shows the list on a phone and a desktop, in English and Spanish, without a serious axe violation', async () => {
      const problems = await everyStaffViewport(browser, admin.token, async (page, { width, language }) => {
        await page.goto(`${market.url}/admin/enquiries`);
        await page.getByTestId('staff-enquiry').first().waitFor();
        await page.waitForLoadState('networkidle');
        const found = await layoutProblems(page, `${width}px ${language}`);
        await page.screenshot({
          path: `${staffScreenshots}/admin-enquiries-${width}-${language}.png`,
          fullPage: true,
        });
        return found;
      });
      expect(problems.join('\n')).toBe('');
    }, 120_000);

    it('shows the newsletter list and takes an address off it, on a phone and a desktop, in both languages', async () => {
      await market.ok(actions.addNewsletterContact.path, { email: 'reader@example.com' });
      await market.caughtUp();
      const { page, errors } = await signedInPage(browser, admin.token, 1366);
      await page.goto(`${market.url}/admin/newsletter`);
      const row = page.getByTestId('newsletter-contact').filter({ hasText: 'reader@example.com' });
      await row.getByRole('button', { name: 'Take off the list' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Take off the list' }).click();
      await page.getByText('reader@example.com is off the newsletter list').waitFor();
      expect(errors).toEqual([]);
      await market.ok(actions.addNewsletterContact.path, { email: 'reader@example.com' });
      await market.caughtUp();
      const problems = await everyStaffViewport(browser, admin.token, async (shown, { width, language }) => {
        await shown.goto(`${market.url}/admin/newsletter`);
        await shown.getByTestId('newsletter-contact').first().waitFor();
        await shown.waitForLoadState('networkidle');
        const found = await layoutProblems(shown, `${width}px ${language}`);
        await shown.screenshot({
          path: `${staffScreenshots}/admin-newsletter-${width}-${language}.png`,
          fullPage: true,
        });
        return found;
      });
      expect(problems.join('\n')).toBe('');
    }, 120_000);
  },
);
