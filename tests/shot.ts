import { launchChromium } from './support/browser.ts';

const base = process.argv[2] ?? 'http://localhost:3210';
const paths = process.argv.slice(3);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
const errors: string[] = [];
page.on('console', (m) => {
  if (m.type() === 'error') errors.push(m.text());
});
page.on('pageerror', (e) => errors.push(String(e)));
for (const p of paths) {
  await page.goto(base + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(800);
  const name = p.replace(/[^a-z0-9]+/gi, '_') || 'home';
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: process.env.FULL === '1' });
  console.log('shot', name, await page.title());
}
console.log('errors', errors);
await browser.close();
