import { grantRoleByEmail } from '@wine/command-service';
import { actions, localTime } from '@wine/contracts';
import { appointmentStream } from '@wine/event-schemas';
import { offsetClock } from '@wine/platform';
import { eventually } from '@wine/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, everyStaffViewport, layoutProblems, signedInPage } from './support/browser.ts';
import { pickupOrder, type TestMarketplace, type TestUser } from './support/marketplace.ts';
import { staffBrowserSuite, staffScreenshots } from './support/staff-suite.ts';

const screenshots = staffScreenshots;
const ZONE = 'America/Chicago';

describe.runIf(browserAvailable())('The pickup dashboard (issue 34)', () => {
  const clock = offsetClock();
  const suite = staffBrowserSuite('finance', { clock });
  let market: TestMarketplace;
  let browser: Browser;
  let finance: TestUser;
  beforeAll(() => {
    ({ market, browser, staff: finance } = suite);
  });

  /** Clicks the first free time the open dialog offers; answers its start. */
  async function pickFreeSlot(page: Page): Promise<string> {
    const dialog = page.getByRole('dialog');
    const slot = dialog.locator('[data-testid="slot"]:not([disabled])').first();
    await slot.waitFor();
    const startsAt = (await slot.getAttribute('data-starts-at')) as string;
    await slot.click();
    return startsAt;
  }

  it('finance books a buyer’s pickup, moves it and checks the buyer in, the buyer mailed each time', async () => {
    const ann = await market.bidder({ firstName: 'Annette' });
    const invoiceId = await pickupOrder(market, ann);
    await market.caughtUp();

    const { page, errors } = await signedInPage(browser, finance.token, 1366);
    await page.goto(`${market.url}/admin`);
    await page
      .getByRole('navigation', { name: 'Staff sections' })
      .getByRole('link', { name: 'Pickups' })
      .click();
    await page.waitForURL(/\/admin\/pickups/);
    const order = page.getByTestId('pickup-awaiting').filter({ hasText: 'Annette' });
    await order.getByRole('button', { name: 'Book' }).click();
    const first = await pickFreeSlot(page);
    await page.getByText('Pickup appointment booked').waitFor();

    const date = localTime(new Date(first), ZONE).date;
    await page.goto(`${market.url}/admin/pickups?date=${date}`);
    const booking = page.getByTestId('pickup-booking').filter({ hasText: 'Annette' });
    await booking.waitFor();
    await page.screenshot({ path: `${screenshots}/admin-pickups-1366.png`, fullPage: true });
    await booking.getByRole('button', { name: 'Move' }).click();
    const second = await pickFreeSlot(page);
    expect(second).not.toBe(first);
    await page.getByText('Pickup appointment moved').waitFor();
    // Moved to another day (the booked one was its day's last free time): that day's page shows it.
    const movedTo = localTime(new Date(second), ZONE).date;
    if (movedTo !== date) await page.goto(`${market.url}/admin/pickups?date=${movedTo}`);
    await page
      .locator(`[data-testid="pickup-slot"][data-starts-at="${second}"]`)
      .getByTestId('pickup-booking')
      .filter({ hasText: 'Annette' })
      .waitFor();

    // The day comes: the clock reaches the pickup, and the buyer is checked in.
    clock.advance(Date.parse(second) - clock.now().getTime() + 5 * 60_000);
    await page.reload();
    await page
      .getByTestId('pickup-booking')
      .filter({ hasText: 'Annette' })
      .getByRole('button', { name: 'Check in' })
      .click();
    await page.getByText('Checked in', { exact: true }).first().waitFor();
    await page.getByTestId('checked-in').waitFor();
    await page.screenshot({ path: `${screenshots}/admin-pickups-checked-in-1366.png`, fullPage: true });

    const events = (await market.eventStore.readStream(appointmentStream(invoiceId))).map((e) => e.type);
    expect(events).toEqual(['AppointmentBooked', 'AppointmentRescheduled', 'AppointmentCheckedIn']);
    const outbox = await market.ok<{ records: { to: string; subject: string }[] }>(
      actions.devOutbox.path,
      {},
      market.admin,
    );
    expect(
      outbox.records.filter((m) => m.to === ann.email && m.subject.startsWith('Your pickup appointment')),
    ).toHaveLength(2);
    expect(errors).toEqual([]);
  }, 180_000);

  it('shows the day and the week on a phone and a desktop, in English and Spanish, without a serious axe violation', async () => {
    const bea = await market.bidder({ firstName: 'Beatrice' });
    const invoiceId = await pickupOrder(market, bea);
    const admin = await market.bidder({ card: false, firstName: 'Adele' });
    await grantRoleByEmail(market.accounts, {
      email: admin.email,
      role: 'admin',
      by: { kind: 'system', id: 'test' },
    });
    const free = await market.ok<{ records: { starts_at: string; remaining: number }[] }>(
      actions.checkAppointments.path,
      {},
      bea.auth,
    );
    const slot = free.records.find((s) => s.remaining > 0) as { starts_at: string };
    await market.ok(
      actions.updateAppointment.path,
      { invoice_id: invoiceId, starts_at: slot.starts_at },
      bea.auth,
    );
    const date = localTime(new Date(slot.starts_at), ZONE).date;
    await eventually(
      () => market.ok<{ totalRecords: number }>(actions.appointmentDashboard.path, { date }, admin.auth),
      (d) => d.totalRecords > 0,
    );
    const problems = await everyStaffViewport(browser, admin.token, async (page, { width, language }) => {
      const found: string[] = [];
      for (const days of [1, 7]) {
        await page.goto(`${market.url}/admin/pickups?date=${date}&days=${days}`);
        await page.getByTestId('pickup-booking').first().waitFor();
        await page.waitForLoadState('networkidle');
        found.push(...(await layoutProblems(page, `${width}px ${language} ${days}d`)));
        const name = days === 1 ? 'day' : 'week';
        await page.screenshot({
          path: `${screenshots}/admin-pickups-${name}-${width}-${language}.png`,
          fullPage: true,
        });
      }
      return found;
    });
    expect(problems.join('\n')).toBe('');
  }, 180_000);
});
