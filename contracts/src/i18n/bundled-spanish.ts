/**
 * The shared Spanish texts a server (and a spec) has from the start. A browser build resolves
 * `#i18n/bundled-spanish` to bundled-spanish.browser.ts instead (package.json "imports"): the page
 * loads them when Spanish is chosen (ui i18n), so the first load carries one language.
 */
export { forSpanish as bundledSpanish } from './for-spanish.ts';
