import { createHash } from 'node:crypto';
import type { HostedPaymentPage } from './port.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const unescapeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

/** The one script a posting page runs: submit its form (allowed by its hash, nothing else runs). */
export const AUTO_SUBMIT_SCRIPT = 'document.forms[0].submit();';
export const AUTO_SUBMIT_SCRIPT_HASH = `sha256-${createHash('sha256').update(AUTO_SUBMIT_SCRIPT).digest('base64')}`;

/**
 * A page that posts `fields` to `url` as a browser form, the way a hosted gateway is entered and left
 * (Paytm's showPaymentPage is posted to; Paytm and the doubles post their outcome back). Submitted at
 * once where script runs (AUTO_SUBMIT_SCRIPT, allowed by its hash), by its button where it does not.
 */
export function postFormPage(page: HostedPaymentPage, options: { title: string; button: string }): string {
  const inputs = Object.entries(page.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.title)}</title></head>` +
    `<body><form method="post" action="${escapeHtml(page.url)}">${inputs}` +
    `<button type="submit">${escapeHtml(options.button)}</button></form>` +
    `<script>${AUTO_SUBMIT_SCRIPT}</script></body></html>`
  );
}

/**
 * The first form of a page as a browser would post it (its action, and its named inputs with their
 * values, a submit button's included when named): how the specs follow a gateway's pages without a
 * browser. Null for a page without a form.
 */
export function readPostForm(html: string, button?: string): HostedPaymentPage | null {
  const form = /<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const fields: Record<string, string> = {};
  for (const input of (form[2] ?? '').matchAll(/<(input|button)\b([^>]*)>/gi)) {
    const attributes = input[2] ?? '';
    const name = /\bname="([^"]*)"/.exec(attributes)?.[1];
    const value = /\bvalue="([^"]*)"/.exec(attributes)?.[1] ?? '';
    if (!name) continue;
    const isButton = (input[1] ?? '').toLowerCase() === 'button' || /\btype="submit"/.test(attributes);
    if (isButton && unescapeHtml(value) !== button) continue;
    fields[unescapeHtml(name)] = unescapeHtml(value);
  }
  return { url: unescapeHtml(form[1] ?? ''), fields };
}

/** Posts a form (application/x-www-form-urlencoded) as a browser would, not following a redirect. */
export async function postForm(page: HostedPaymentPage): Promise<Response> {
  return fetch(page.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(page.fields).toString(),
    redirect: 'manual',
  });
}

/** A posted form's fields (application/x-www-form-urlencoded), each once. */
export const formFields = (body: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(body).entries());
