import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium (browsers cannot be downloaded here), or CHROMIUM_PATH. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser suite can run. Under CI=true a missing browser is a failure, not a skip.
 */
export function browserAvailable(): boolean {
  if (existsSync(chromiumPath)) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true but no Chromium at ${chromiumPath}`);
  console.log(`Browser suite skipped: no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * A page in a fresh context at `width`×`height`, signed in as the holder of `token` (the UI's stored
 * token), and the errors its scripts throw, which a spec expects to stay empty.
 */
export async function signedInPage(browser: Browser, token: string, width = 1366, height = 900) {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(token)})` });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

/** Serious and critical violations of axe in the real browser, as "rule: target" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated as page source: the tests' compiler has no DOM types, the page has.
  if (!(await page.evaluate("'axe' in window"))) await page.evaluate(axeSource);
  return page.evaluate<string[]>(`axe.run(document, { resultTypes: ['violations'] }).then((r) =>
    r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
}
