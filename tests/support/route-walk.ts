import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { actions, type CheckoutResult } from '@wine/contracts';
import { knownPageIds } from '@wine/event-schemas';
import pMap from 'p-map';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, cutShortBadges, launchChromium, seriousViolations } from './browser.ts';
import { lotInput, startMarketplace, type TestMarketplace, type TestUser } from './marketplace.ts';

/** Pages open at once in a walk. */
const WALKERS = 3;

/**
 * How long a page may take to show its heading. The walk checks what pages show, not how fast (the
 * first-paint spec holds the speed budget): two walks side by side beside a busy loop took over 10 s.
 */
const H1_WAIT_MS = 30_000;

/** What a route must show: a text of the seeds (or the page's own heading) and who may open it. */
interface RouteCase {
  path: string;
  /** Texts the page shows once loaded (seeds' words where the seeds give them). */
  texts: (string | RegExp)[];
  signedIn?: boolean;
  /** Where the route sends the user on purpose, when it is another page. */
  lands?: string;
  /** A console error the route shows on purpose (a link with a made-up token is refused). */
  expectedError?: RegExp;
}

// seeds 000 §2.2: the page ids of the static pages, each loaded by getStaticPage from the path.
const staticPages = knownPageIds.filter((id) => id !== 'selling_wine');

const FOOTER = ['FINE WINE WITH IMPECCABLE PROVENANCE', 'Terms & Conditions', 'Privacy & Accessibility'];

/**
 * The static pages share one view: every page id is walked at desktop width, three at phone width (the
 * view is one; its texts differ). The guidelines page embeds a PDF.
 */
const phoneStaticPages = ['about', 'guidelines', 'faq'];

function routes(lot: { id: string; title: string }, invoiceId: string, phone: boolean): RouteCase[] {
  return [
    // seeds 000 §2.1: public routes.
    { path: '/', texts: [...FOOTER, 'Sell Your Wine'] },
    { path: '/login', texts: [/sign in/i] },
    { path: '/forgot_password', texts: [/password/i] },
    { path: `/reset_password/${'a'.repeat(40)}`, texts: [/password/i] },
    { path: '/registration', texts: ['Terms & Conditions'] },
    { path: '/search', texts: [/wines/i] },
    { path: '/search?country=France&region=Bordeaux', texts: [/Bordeaux/] },
    { path: '/auction', texts: [/auctions/i] },
    { path: `/productview/${lot.id}`, texts: [lot.title] },
    { path: '/invite', texts: [/invit/i] },
    { path: '/contact', texts: ['Monday–Friday, 9:30 AM – 5:30 PM'] },
    { path: '/saved_search', texts: [/saved searches/i] },
    {
      path: '/sellingwine',
      texts: ['Free Professional Appraisal', 'Access to Markets', '24/7 Visibility', 'Logistics'],
    },
    {
      path: `/verify_email/${'b'.repeat(40)}`,
      texts: [/e-mail|email/i],
      expectedError: /status of 400/,
    },
    { path: '/switch', texts: [/switch|sign in/i] },
    { path: '/privacy-policy', texts: ['Disabled Access', /card number/i] },
    { path: '/contact-us', texts: ['Monday–Friday, 9:30 AM – 5:30 PM', /fax/i] },
    { path: '/prices-realised', texts: [/prices realised/i] },
    // An unsubscribe link whose signature does not hold says so rather than unsubscribing anyone.
    {
      path: `/unsubscribe?u=${'c'.repeat(20)}&t=${'d'.repeat(20)}`,
      texts: ['This unsubscribe link is not valid'],
    },
    // seeds 000 §2.2: one shared view for the static pages.
    ...staticPages
      .filter((id) => !phone || phoneStaticPages.includes(id))
      .map((id) => ({ path: `/${id}`, texts: [] })),
    {
      path: '/selling_wine',
      texts: ['Free Professional Appraisal', 'Access to Markets', '24/7 Visibility', 'Logistics'],
    },
    // seeds 000 §2.3: protected routes, signed in.
    ...[
      '/buynowcart',
      '/checkout/buynow/all',
      '/checkout_confirm',
      '/cart',
      '/auctions/all',
      '/watchlist/watchlist',
      '/myWines/purchased',
      '/myWines/selling',
      '/myWines/sold',
      '/account/profile',
      '/account/change',
      '/account/notifications',
      '/account/addresses',
      '/producers',
      '/salesorder/all',
      '/invoices/paid',
      '/invoices/unpaid',
      '/transactions',
      `/invoice/${invoiceId}`,
    ].map((path) => ({ path, texts: [], signedIn: true })),
    // seeds 000 §2.3: the listing /auctions/:type and /watchlist/:type share (issue 38 §6).
    { path: '/purchases/all', texts: ['My Purchases'], signedIn: true },
  ];
}

/** A width to walk every route at, and the file's own tests beside it (the same marketplace and browser). */
export interface RouteWalk {
  width: number;
  height: number;
  /** The walk's test name. */
  name: string;
  more?: (env: () => { market: TestMarketplace; browser: Browser }) => void;
}

/**
 * Every storefront route of the seeds at one width: texts of the seeds, no console error, no serious axe
 * violation, every link shown leading to a page that exists. Each width is its own file, so the two walk
 * side by side when browser files run two at a time.
 */
export function describeRouteWalk({ width, height, name, more }: RouteWalk): void {
  describe.runIf(browserAvailable())(`every storefront route of the seeds, at ${width} px`, () => {
    let market: TestMarketplace;
    let browser: Browser;
    let buyer: TestUser;
    let cases: (phone: boolean) => RouteCase[];

    beforeAll(async () => {
      market = await startMarketplace({ ui: true });
      browser = await launchChromium();
      buyer = await market.bidder({ firstName: 'Walker' });
      // A paid buy-now invoice for /invoice/:id, and a line left in the cart for /checkout.
      const input = lotInput({
        auction: false,
        buyNow: true,
        buyNowPrice: 4_500,
        quantity: 6,
        openingBid: 0,
      });
      const { id } = await market.ok<{ id: string }>(actions.createLot.path, input, market.admin);
      await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 1 }] }, buyer.auth);
      const cards = await market.ok<{ data: { id: string }[] }>(actions.getCards.path, {}, buyer.auth);
      const paid = await market.ok<CheckoutResult>(
        actions.checkout.path,
        {
          type: 'buynow',
          cart_id: randomUUID(),
          delivery: 'pickup',
          payment: { card_id: cards.data[0]?.id as string },
        },
        buyer.auth,
      );
      await market.ok(actions.addToCart.path, { cart: [{ product_id: id, qty: 1 }] }, buyer.auth);
      await market.caughtUp();
      const open = await market.ok<{ records: { id: string; title: string }[] }>(actions.productSearch.path, {
        limit: 1,
        filters: { market_status: { value: ['open'], type: 'array', field: 'p.market_status' } },
      });
      const lot = open.records[0];
      if (!lot || !paid.invoice_ids[0]) throw new Error('no open lot or invoice to walk with');
      const invoiceId = paid.invoice_ids[0];
      cases = (phone) => routes(lot, invoiceId, phone);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await market?.stop();
    });

    async function walk(width: number, height: number) {
      const walking = cases(width < 600);
      const contexts: Record<'visitor' | 'user', BrowserContext> = {
        visitor: await browser.newContext({ viewport: { width, height } }),
        user: await browser.newContext({ viewport: { width, height } }),
      };
      await contexts.user.addInitScript({
        content: `localStorage.setItem('token', ${JSON.stringify(buyer.token)})`,
      });
      const links = new Set<string>();
      const visit = async (route: RouteCase): Promise<string[]> => {
        const problems: string[] = [];
        const page = await contexts[route.signedIn ? 'user' : 'visitor'].newPage();
        const errors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text());
        });
        page.on('pageerror', (e) => errors.push(e.message));
        const where = `${width}px ${route.path}`;
        const started = Date.now();
        await page.goto(`${market.url}${route.path}`);
        const titled = await page
          .locator('h1')
          .first()
          .waitFor({ timeout: H1_WAIT_MS })
          .then(() => true)
          .catch(() => false);
        if (!titled) problems.push(`${where}: no h1 within ${H1_WAIT_MS / 1000} s`);
        // A page that has not settled is a problem of this try, walked again on its own (a loaded machine
        // kept one busy past the wait once), not the end of the walk.
        const settled = await page
          .waitForLoadState('networkidle', { timeout: H1_WAIT_MS })
          .then(() => true)
          .catch(() => false);
        if (!settled) problems.push(`${where}: the page did not settle within ${H1_WAIT_MS / 1000} s`);
        if (process.env.WALK_DEBUG)
          appendFileSync(
            process.env.WALK_DEBUG,
            `${where} ${Date.now() - started} ${problems.join(' | ')}\n`,
          );
        if (await page.getByTestId('not-found').count()) problems.push(`${where}: shows "Page not found"`);
        if (route.signedIn && new URL(page.url()).pathname !== (route.lands ?? route.path.split('?')[0])) {
          problems.push(`${where}: sent a signed-in user to ${page.url()}`);
        }
        const body = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
        for (const text of route.texts) {
          const found = typeof text === 'string' ? body.includes(text) : text.test(body);
          if (!found) problems.push(`${where}: does not show ${String(text)}`);
        }
        for (const badge of await cutShortBadges(page)) problems.push(`${where}: badge ${badge} cut short`);
        for (const v of await seriousViolations(page)) problems.push(`${where}: axe ${v}`);
        for (const e of errors.filter((e) => !route.expectedError?.test(e))) {
          problems.push(`${where}: console error ${e}`);
        }
        const hrefs = await page.evaluate<string[]>(
          `[...document.querySelectorAll('a[href^="/"]')].map((a) => a.getAttribute('href'))`,
        );
        for (const href of hrefs) {
          links.add(href.split('#')[0] as string);
        }
        await page.close();
        return problems;
      };
      const problems: string[] = [];
      try {
        // A few pages at a time: most of a page's time is waiting for its requests to settle.
        // A page that shows a problem is opened once more, on its own: on a loaded machine a page can miss a
        // wait the first time. What it shows the second time is what counts; the first try is reported.
        const tried = await pMap(walking, visit, { concurrency: WALKERS });
        for (const [i, first] of tried.entries()) {
          if (first.length === 0) continue;
          const again = await visit(walking[i] as RouteCase);
          if (again.length === 0) console.warn(`walked again after: ${first.join(' | ')}`);
          problems.push(...again);
        }
        // Every link the pages show leads to a page that exists: one of each kind (one lot, one invoice),
        // beside the pages of the desktop walk.
        const walked = new Set(cases(false).map((c) => c.path.split('?')[0]));
        const kinds = new Map<string, string>();
        for (const link of links) {
          const path = link.split('?')[0] as string;
          if (walked.has(path) || /^\/(api|uploads|sitemap\.xml|robots\.txt)\b/.test(path)) continue;
          const segments = path.split('/');
          kinds.set(segments.length > 2 ? (segments[1] as string) : path, link);
        }
        const page = await contexts.user.newPage();
        for (const href of kinds.values()) {
          await page.goto(`${market.url}${href}`);
          await page.waitForLoadState('networkidle');
          if (await page.getByTestId('not-found').count())
            problems.push(`${width}px link ${href}: "Page not found"`);
        }
        await page.close();
      } finally {
        await contexts.visitor.close();
        await contexts.user.close();
      }
      return problems;
    }

    it(name, async () => {
      // One line per problem, so the end of a failed run's log names the last of them.
      expect((await walk(width, height)).join('\n')).toBe('');
    }, 600_000);

    more?.(() => ({ market, browser }));
  });
}
