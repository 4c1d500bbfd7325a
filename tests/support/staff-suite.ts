import { mkdir } from 'node:fs/promises';
import type { Role } from '@wine/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.ts';
import { startMarketplace, type TestMarketplace, type TestUser } from './marketplace.ts';

/** Where the staff screens' browser tests leave their screenshots (looked at by a person). */
export const staffScreenshots = process.env.STAFF_SCREENSHOTS ?? '/tmp/shots-staff';

export interface StaffSuite {
  market: TestMarketplace;
  browser: Browser;
  /** A member of staff with `role`, the welcome popup turned off. */
  staff: TestUser;
}

/**
 * A staff screen's browser suite (call inside its describe): the product with its UI, a member of staff
 * with `role`, Chromium and the screenshots folder before the tests, all closed after them. The fields
 * are there once the suite's beforeAll has run.
 */
export function staffBrowserSuite(
  role: Role,
  options: Omit<Parameters<typeof startMarketplace>[0], 'ui'> = {},
): StaffSuite {
  const suite = {} as StaffSuite;
  beforeAll(async () => {
    suite.market = await startMarketplace({ seed: false, ...options, ui: true });
    suite.staff = await suite.market.staff(role);
    await suite.market.ok('/api/user/updateProfile', { popup_message: 0 }, suite.staff.auth);
    suite.browser = await launchChromium();
    await mkdir(staffScreenshots, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.market?.stop();
  });
  return suite;
}
