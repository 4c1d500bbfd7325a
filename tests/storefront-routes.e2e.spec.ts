import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeRouteWalk } from './support/route-walk.ts';

// The phone width is walked by storefront-routes-phone.e2e.spec.ts.
describeRouteWalk({
  width: 1366,
  height: 900,
  name: 'walks them at 1366 px: texts of the seeds, no console error, no serious axe violation',
  more: (env) => {
    it('shows the fallback page for any other path', async () => {
      const { market, browser } = env();
      const page = await browser.newPage();
      await page.goto(`${market.url}/no-such-page-${randomUUID().slice(0, 6)}`);
      await page.getByTestId('not-found').waitFor();
      await page.close();
    });

    it('sends a visitor asking for a protected route to / with the location as the referer', async () => {
      const { market, browser } = env();
      const page = await browser.newPage();
      await page.goto(`${market.url}/producers`);
      await page.waitForURL((url) => url.pathname === '/');
      expect(decodeURIComponent(page.url())).toContain('/producers');
      await page.close();
    });
  },
});
