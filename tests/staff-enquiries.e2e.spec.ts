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

    /** A link mailed to `email` (the embedded outbox), on this marketplace's address. */
    const mailedLink = async (email: string, page: 'confirm' | 'unsubscribe') => {
      const [mail] = await eventually(
        () => market.mailer.outbox?.({ to: email }) ?? Promise.resolve([]),
        (mails) => mails.length > 0,
        `the newsletter mail to ${email}`,
      );
      const link = mail?.text.match(new RegExp(`/newsletter/${page}\\?\\S+`))?.[0];
      if (!link) throw new Error(`no ${page} link mailed to ${email}`);
      return `${market.url}${link}`;
    };

    it('a reader confirms the newsletter by the mailed link; an admin sees it subscribed and sent on, and takes it off', async () => {
      await market.ok(actions.addNewsletterContact.path, { email: 'reader@example.com' });
      const confirmLink = await mailedLink('reader@example.com', 'confirm');
      const { page, errors } = await signedInPage(browser, admin.token, 1366);
      await page.goto(`${market.url}/admin/newsletter?status=pending`);
      await page.getByTestId('newsletter-contact').filter({ hasText: 'reader@example.com' }).waitFor();
      await page.goto(confirmLink);
      await page.getByText('reader@example.com is subscribed to our newsletter').waitFor();
      await eventually(
        async () => {
          await market.caughtUp();
          return market.ok<{ records: { email: string; sent_on: unknown }[] }>(
            actions.staffContacts.path,
            {},
            market.admin,
          );
        },
        (list) => list.records.some((c) => c.email === 'reader@example.com' && c.sent_on),
        'reader@example.com sent on',
      );
      await page.goto(`${market.url}/admin/newsletter`);
      const row = page.getByTestId('newsletter-contact').filter({ hasText: 'reader@example.com' });
      await row.getByText(/Sandbox: would have been sent to the marketing service/).waitFor();
      await row.getByRole('button', { name: 'Take off the list' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Take off the list' }).click();
      await page.getByText('reader@example.com is off the newsletter list').waitFor();
      expect(errors).toEqual([]);
    }, 120_000);

    it('a reader leaves the list by the link at the end of the mail, without signing in', async () => {
      await market.ok(actions.addNewsletterContact.path, { email: 'leaver@example.com' });
      const leaveLink = await mailedLink('leaver@example.com', 'unsubscribe');
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(leaveLink);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByText('leaver@example.com is off our newsletter list').waitFor();
      await context.close();
      await market.caughtUp();
      const list = await market.ok<{ records: { email: string; unsubscribed_by: string | null }[] }>(
        actions.staffContacts.path,
        { status: 'unsubscribed', text: 'leaver@' },
        market.admin,
      );
      expect(list.records).toEqual([
        expect.objectContaining({ email: 'leaver@example.com', unsubscribed_by: 'contact' }),
      ]);
    }, 120_000);

    it('shows the newsletter list and its confirm and unsubscribe pages, on a phone and a desktop, in both languages', async () => {
      await market.ok(actions.addNewsletterContact.path, { email: 'viewer@example.com' });
      const confirmLink = await mailedLink('viewer@example.com', 'confirm');
      const leaveLink = await mailedLink('viewer@example.com', 'unsubscribe');
      await market.ok(actions.addNewsletterContact.path, { email: 'waiting@example.com' });
      const problems = await everyStaffViewport(browser, admin.token, async (shown, { width, language }) => {
        const found: string[] = [];
        // Opened again, the confirmation link answers as the first time.
        await shown.goto(confirmLink);
        await shown.getByTestId('newsletter-confirmed').waitFor();
        found.push(...(await layoutProblems(shown, `confirm ${width}px ${language}`)));
        await shown.screenshot({
          path: `${staffScreenshots}/newsletter-confirm-${width}-${language}.png`,
          fullPage: true,
        });
        await shown.goto(leaveLink);
        await shown
          .getByRole('button')
          .filter({ hasText: language === 'es' ? 'Darme de baja' : 'Unsubscribe' })
          .waitFor();
        found.push(...(await layoutProblems(shown, `unsubscribe ${width}px ${language}`)));
        await shown.screenshot({
          path: `${staffScreenshots}/newsletter-unsubscribe-${width}-${language}.png`,
          fullPage: true,
        });
        await shown.goto(`${market.url}/admin/newsletter?status=all`);
        await shown.getByTestId('newsletter-contact').first().waitFor();
        await shown.waitForLoadState('networkidle');
        found.push(...(await layoutProblems(shown, `${width}px ${language}`)));
        await shown.screenshot({
          path: `${staffScreenshots}/admin-newsletter-${width}-${language}.png`,
          fullPage: true,
        });
        return found;
      });
      expect(problems.join('\n')).toBe('');
    }, 180_000);
  },
);
