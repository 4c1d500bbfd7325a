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

/** The viewports and languages every staff screen is looked at in: a phone and a desktop, English and Spanish. */
export const staffViewports = [
  [390, 844, 'en'],
  [1366, 900, 'en'],
  [390, 844, 'es'],
  [1366, 900, 'es'],
] as const;
export type StaffViewport = { width: number; language: 'en' | 'es' };

/**
 * The badges (a status, a kind) shown cut short to an ellipsis, as "text (shown px of needed px)": a
 * badge squeezed by a narrow table cell or a long title beside it once read "UNP…" for Unpaid.
 */
export function cutShortBadges(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll('.mantine-Badge-root, .mantine-Badge-label')]
    .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
    .map((e) => '"' + e.textContent + '" (' + e.clientWidth + ' px of ' + e.scrollWidth + ')')`);
}

/** What is wrong with the page as it stands: wider than the screen, a badge cut short, or a serious axe violation. */
export async function layoutProblems(page: Page, label: string): Promise<string[]> {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  const problems = overflow > 0 ? [`${label}: ${overflow} px wider than the screen`] : [];
  for (const badge of await cutShortBadges(page)) problems.push(`${label}: badge ${badge} cut short`);
  for (const v of await seriousViolations(page)) problems.push(`${label}: axe ${v}`);
  return problems;
}

/**
 * Looks at screens at every staff viewport, signed in as the holder of `token`: `look` opens them on the
 * page given (in that language) and answers what it found wrong (layoutProblems); the page's script
 * errors are added. An empty list is a pass.
 */
export async function everyStaffViewport(
  browser: Browser,
  token: string,
  look: (page: Page, at: StaffViewport) => Promise<string[]>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [width, height, language] of staffViewports) {
    const { page, errors } = await signedInPage(browser, token, width, height);
    await page.context().addInitScript({ content: `localStorage.setItem('language', '${language}')` });
    problems.push(...(await look(page, { width, language })));
    problems.push(...errors.map((e) => `${width}px ${language}: ${e}`));
    await page.context().close();
  }
  return problems;
}

/**
 * Adds a card as a buyer does on /account/profile: the card form filled (expiry 12/2030, CVV 123) and
 * sent; the number goes to the provider's tokenisation from the page. Waits for the dialog to close.
 */
export async function addCardInForm(page: Page, number: string, nameOnCard: string): Promise<void> {
  await page.getByRole('button', { name: 'Add card' }).click();
  const cardForm = page.getByRole('dialog', { name: /card/i });
  await cardForm.getByLabel(/Card number/i).fill(number);
  await cardForm.getByLabel(/month/i).selectOption('12');
  await cardForm.getByLabel(/year/i).selectOption('2030');
  await cardForm.getByLabel(/CVV/i).fill('123');
  await cardForm.getByLabel(/Name on card/i).fill(nameOnCard);
  await cardForm.getByRole('button', { name: /Add card|Save/ }).click();
  await cardForm.waitFor({ state: 'hidden' });
}
