import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  everyStaffViewport,
  launchChromium,
  layoutProblems,
  signedInPage,
} from './support/browser.ts';
import { startMarketplace, type TestMarketplace, type TestUser } from './support/marketplace.ts';

const screenshots = process.env.STAFF_SCREENSHOTS ?? '/tmp/shots-staff';

/** A picture as a camera gives one: a JPEG of one colour. */
async function picture(dir: string, name: string, colour: string, width = 1200, height = 600) {
  const file = join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toFile(file);
  return file;
}

/** Whether an image on the page has loaded (a broken one has no natural width). */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const img = element as unknown as { complete: boolean; naturalWidth: number };
      return img.complete && img.naturalWidth > 0;
    });

describe.runIf(browserAvailable())('Pages and banners in the staff area (issue 34 §2 "Content")', () => {
  let market: TestMarketplace;
  let browser: Browser;
  let admin: TestUser;
  let dir: string;
  beforeAll(async () => {
    market = await startMarketplace({ ui: true, seed: false });
    admin = await market.staff('admin');
    await market.ok('/api/user/updateProfile', { popup_message: 0 }, admin.auth);
    browser = await launchChromium();
    await mkdir(screenshots, { recursive: true });
    dir = await mkdtemp(join(tmpdir(), 'content-'));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await market?.stop();
  });

  it('an admin writes a page with a heading and an image, previews and publishes it, and the public page shows it; a second version makes two in the history', async () => {
    const image = await picture(dir, 'cellar.jpg', '#6e1e32');
    const { page, errors } = await signedInPage(browser, admin.token, 1366);
    await page.goto(`${market.url}/admin`);
    await page
      .getByRole('navigation', { name: 'Staff sections' })
      .getByRole('link', { name: 'Pages & banners' })
      .click();
    await page.waitForURL(/\/admin\/pages$/);
    await page.getByTestId('staff-pages').waitFor();
    await page.getByRole('textbox', { name: 'Page id' }).fill('header_first_page');
    await page.getByTestId('new-page-create').click();
    await page.waitForURL(/\/admin\/pages\/header_first_page$/);
    await page.getByRole('textbox', { name: 'Title' }).fill('Cellar notes');

    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.getByRole('button', { name: 'Heading 2' }).click();
    await page.keyboard.type('From our cellar');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Every bottle rests at 55°F.');
    await page.locator('[data-testid="page-rich-text"] input[type=file]').setInputFiles(image);
    await editor.locator('img[src^="/uploads/templates/"]').waitFor();

    await page.getByTestId('page-preview').click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'From our cellar', level: 2 }).waitFor();
    await preview.locator('img[src^="/uploads/templates/"]').waitFor();
    await page.screenshot({ path: `${screenshots}/content-preview-1366.png` });
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    await page.getByTestId('page-publish').click();
    await page.getByTestId('page-published').filter({ hasText: 'Page published' }).waitFor();
    await expect.poll(() => page.getByTestId('page-version').count()).toBe(1);

    // The public page, as a visitor reads it.
    const visitor = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await visitor.goto(`${market.url}/header_first_page`);
    await visitor.getByRole('heading', { name: 'Cellar notes', level: 1 }).waitFor();
    await visitor.getByRole('heading', { name: 'From our cellar', level: 2 }).waitFor();
    const publicImage = '[data-testid="page-content"] img[src^="/uploads/templates/"]';
    await visitor.locator(publicImage).waitFor();
    await expect.poll(() => loaded(visitor, publicImage)).toBe(true);
    await visitor.screenshot({ path: `${screenshots}/content-public-1366.png`, fullPage: true });
    await visitor.close();

    // A second version: the history lists both, newest first.
    await page.getByRole('textbox', { name: 'Title' }).fill('Cellar notes, 2026');
    await page.getByTestId('page-publish').click();
    await expect.poll(() => page.getByTestId('page-version').count()).toBe(2);
    expect(await page.getByTestId('page-version').first().innerText()).toContain('Cellar notes, 2026');
    await page.screenshot({ path: `${screenshots}/content-editor-1366.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 120_000);

  it('an admin creates a banner with an image and the home page shows it', async () => {
    const image = await picture(dir, 'autumn.jpg', '#1f4d2b', 1600, 600);
    const { page, errors } = await signedInPage(browser, admin.token, 1366);
    await page.goto(`${market.url}/admin/banners`);
    await page.getByTestId('banner-new').click();
    const dialog = page.getByRole('dialog', { name: 'New banner' });
    await dialog.getByRole('textbox', { name: 'Banner id' }).fill('autumn-sale');
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Autumn sale');
    await dialog.getByRole('textbox', { name: 'Subtitle' }).fill('Bordeaux, Burgundy and the Rhône');
    await dialog.getByTestId('banner-link').fill('/search');
    await dialog.getByTestId('banner-link-label').fill('Browse the sale');
    await dialog.locator('input[type=file]').setInputFiles(image);
    await dialog.getByTestId('banner-image-preview').waitFor();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('staff-banner-row').filter({ hasText: 'Autumn sale' }).waitFor();
    await page.screenshot({ path: `${screenshots}/content-banners-1366.png`, fullPage: true });

    const visitor = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await visitor.goto(`${market.url}/`);
    const banners = visitor.getByTestId('home-banners');
    await banners.getByRole('heading', { name: 'Autumn sale' }).waitFor();
    const bannerImage = '[data-testid="home-banners"] img[src^="/uploads/banner/"]';
    await expect.poll(() => loaded(visitor, bannerImage)).toBe(true);
    await visitor.screenshot({ path: `${screenshots}/content-home-banner-1366.png` });
    await visitor.close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('a page typed as HTML with an onerror handler is shown without the handler', async () => {
    const { page, errors } = await signedInPage(browser, admin.token, 1366);
    await page.goto(`${market.url}/admin/pages/header_second_page`);
    await page.getByRole('textbox', { name: 'Title' }).fill('Hostile page');
    await page.getByTestId('page-mode').getByText('HTML', { exact: true }).click();
    await page
      .getByRole('textbox', { name: 'The page’s HTML' })
      .fill('<h2>Nothing runs here</h2><p>Read on.</p><img src=x onerror=alert(1)>');
    await page.getByTestId('page-publish').click();
    await page.getByTestId('page-published').waitFor();

    const visitor = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const alerts: string[] = [];
    visitor.on('dialog', (d) => {
      alerts.push(d.message());
      void d.dismiss();
    });
    await visitor.goto(`${market.url}/header_second_page`);
    await visitor.getByRole('heading', { name: 'Nothing runs here', level: 2 }).waitFor();
    const html = await visitor.getByTestId('page-content').innerHTML();
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('alert');
    await visitor.waitForLoadState('networkidle');
    expect(alerts).toEqual([]);
    await visitor.close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows the pages, the editor and the banners on a phone and a desktop, in English and Spanish, without a serious axe violation', async () => {
    const problems: string[] = [];
    const screens = [
      ['/admin/pages', 'content-pages'],
      ['/admin/pages/header_first_page', 'content-editor'],
      ['/admin/banners', 'content-banners'],
    ] as const;
    problems.push(
      ...(await everyStaffViewport(browser, admin.token, async (page, { width, language }) => {
        const found: string[] = [];
        for (const [path, name] of screens) {
          await page.goto(`${market.url}${path}`);
          await page.locator('h1').first().waitFor();
          await page.waitForLoadState('networkidle');
          found.push(...(await layoutProblems(page, `${width}px ${language} ${path}`)));
          await page.screenshot({ path: `${screenshots}/${name}-${width}-${language}.png`, fullPage: true });
        }
        return found;
      })),
    );
    expect(problems.join('\n')).toBe('');
  }, 180_000);
});
