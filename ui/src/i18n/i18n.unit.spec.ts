import { forEnglish, formatMoney, i18n } from '@wine/contracts';
import { forSpanish } from '@wine/contracts/for-spanish';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { uiForEnglish } from './for-english.ts';
import { uiMoreForEnglish } from './for-english-more.ts';
import { uiForSpanish } from './for-spanish.ts';
import { chooseLanguage, LANGUAGE_KEY, storedLanguage, textsReadyFor } from './index.ts';

type Tree = { readonly [key: string]: string | Tree };

/** Every text by its full key ('ui.header.home', 'bid.minBid'). */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') texts.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) texts.set(k, v);
  }
  return texts;
}

/** The storefront's UI texts and the rest, merged section by section as i18next does. */
function mergeSections(first: Record<string, Tree>, second: Record<string, Tree>): Tree {
  const merged: Record<string, Tree> = { ...first };
  for (const [section, texts] of Object.entries(second)) merged[section] = { ...merged[section], ...texts };
  return merged;
}

/** The shared texts (contracts) and the UI's, as the one instance holds them. */
const english = flatten({ ...forEnglish, ui: mergeSections(uiForEnglish, uiMoreForEnglish) });
/** The UI's texts the first load carries. */
const firstLoad = flatten({ ui: uiForEnglish });
const spanish = flatten({ ...forSpanish, ui: uiForSpanish });

/** What a text needs from its caller: its variables ({{x}}) and its markup for <Trans> (<strong>). */
const slots = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}|<\/?([a-z]\w*)\s*\/?>/g)]
    .map((m) => m[0].replace(/\s/g, ''))
    .sort();

/** The UI's sources, as text (Vite reads them at build time of the spec). */
const sources = import.meta.glob<string>(
  ['../**/*.ts', '../**/*.tsx', '!../**/*.spec.ts', '!../**/*.spec.tsx'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/**
 * The keys the code names literally: t('...') calls (react-i18next's or the module's), <Trans
 * i18nKey="...">, and 'ui.…' keys kept in tables (menus, tabs, sort options).
 */
function keysInSources(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /\bt\(\s*'([^'$]+)'/g,
    /\bt\(\s*"([^"$]+)"/g,
    /i18nKey="([^"]+)"/g,
    /i18nKey=\{?'([^'$]+)'/g,
    /'(ui\.[\w.]+)'/g,
  ];
  for (const [path, text] of Object.entries(sources)) {
    if (path.includes('/i18n/for-')) continue;
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        const key = match[1];
        if (key) found.set(key, path);
      }
    }
  }
  return found;
}

describe('the translations', () => {
  it('has the same keys in English and Spanish, shared texts and UI texts alike', () => {
    const missingInSpanish = [...english.keys()].filter((key) => !spanish.has(key));
    const missingInEnglish = [...spanish.keys()].filter((key) => !english.has(key));
    expect(missingInSpanish).toEqual([]);
    expect(missingInEnglish).toEqual([]);
  });

  it('leaves no text empty', () => {
    expect([...spanish].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
    expect([...english].filter(([, text]) => !text.trim()).map(([key]) => key)).toEqual([]);
  });

  it('asks the same variables and markup in both languages', () => {
    const different = [...english]
      .filter(([key, text]) => slots(text).join() !== slots(spanish.get(key) ?? '').join())
      .map(([key, text]) => `${key}: ${slots(text).join()} / ${slots(spanish.get(key) ?? '').join()}`);
    expect(different).toEqual([]);
  });

  it('has a text in both languages for every key the code names', () => {
    const used = keysInSources();
    // The scan reads the sources it should: the header, the bid box, the tables of keys.
    expect(used.size).toBeGreaterThan(300);
    expect(used.has('ui.header.home')).toBe(true);
    expect(used.has('ui.sort.closingSoonest')).toBe(true);
    expect(used.has('ui.bidBox.confirmProxy')).toBe(true);
    const unknown = [...used]
      .filter(([key]) => !english.has(key) || !spanish.has(key))
      .map(([key, path]) => `${key} (${path})`);
    expect(unknown).toEqual([]);
  });

  it('uses every UI text it keeps', () => {
    const used = keysInSources();
    // Named from a value in code (the strength level): `ui.passwordStrength.${label}`.
    const dynamic = ['ui.passwordStrength.'];
    const unused = [...english.keys()].filter(
      (key) => key.startsWith('ui.') && !used.has(key) && !dynamic.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });
});

/** A source's path from the src folder ('/src/routes/index.tsx'). */
const fromSrc = (path: string, base = 'file:///src/i18n/') => new URL(path, base).pathname;
const sourceAt = new Map(Object.entries(sources).map(([path, text]) => [fromSrc(path), text]));

/** The sources a module brings, statically or when it loads a part (import()), but other routes. */
function reachable(starts: string[]): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (path: string) => {
    const text = sourceAt.get(path);
    if (text === undefined || found.has(path) || /routeTree\.gen|\/router\.tsx|\/app\.tsx/.test(path)) return;
    found.set(path, text);
    for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)) {
      const target = fromSrc(match[1] as string, `file://${path}`);
      for (const candidate of [target, `${target}.ts`, `${target}.tsx`])
        if (sourceAt.has(candidate)) visit(candidate);
    }
  };
  for (const start of starts) visit(start);
  return found;
}

describe('the first load', () => {
  const storefront = ['/src/routes/__root.tsx', '/src/routes/index.tsx', '/src/routes/search.tsx'];
  storefront.push('/src/routes/productview.$pid.tsx');

  it("carries every UI text the storefront's pages (and what they open) name", () => {
    const modules = reachable(storefront);
    expect(modules.has('/src/components/Header/Header.tsx')).toBe(true);
    expect(modules.has('/src/components/BidBox/BidBox.tsx')).toBe(true);
    const named = new Set<string>();
    const sections = new Set<string>();
    for (const text of modules.values()) {
      for (const match of text.matchAll(/['"`](ui\.[\w.]+)['"`]/g)) named.add(match[1] as string);
      // A key made from a value (`ui.colours.${colour}`): the whole section.
      for (const match of text.matchAll(/`ui\.(\w+)\.\$\{/g)) sections.add(match[1] as string);
    }
    expect(named.has('ui.header.home')).toBe(true);
    expect([...named].filter((key) => !firstLoad.has(key))).toEqual([]);
    const partial = [...sections].filter((section) =>
      [...english.keys()].some((key) => key.startsWith(`ui.${section}.`) && !firstLoad.has(key)),
    );
    expect(partial).toEqual([]);
  });

  it('leaves the rest for the other pages, which wait for it', async () => {
    expect(firstLoad.has('ui.checkout.title')).toBe(false);
    for (const path of ['/', '/search', '/productview/lot-1']) expect(textsReadyFor(path)).toBeUndefined();
    for (const path of ['/cart', '/account/profile', '/reports', '/about']) {
      await expect(textsReadyFor(path)).resolves.toBeUndefined();
    }
  });
});

describe('the language', () => {
  it('is remembered, and dates and money keep the seeds’ formats in Spanish', () => {
    const at = '2030-01-20T15:04:00';
    const english = [formatDate(at), formatDateTime(at), formatMoney(123_456)];
    chooseLanguage('es');
    expect(i18n.language).toBe('es');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('es');
    expect(storedLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(dayjs.locale()).toBe('es');
    // seeds 000 §9: MM-DD-YYYY, MM-DD-YYYY h:mm a, $ with 2 decimals, whatever the language.
    expect([formatDate(at), formatDateTime(at), formatMoney(123_456)]).toEqual(english);
    expect(english).toEqual(['01-20-2030', '01-20-2030 3:04 pm', '$1,234.56']);
    // Names, where a format shows them, are Spanish.
    expect(dayjs(at).format('MMMM')).toBe('enero');
    chooseLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(dayjs(at).format('MMMM')).toBe('January');
  });

  it('falls back to English for a stored value that is not a language', () => {
    localStorage.setItem(LANGUAGE_KEY, 'klingon');
    expect(storedLanguage()).toBe('en');
  });
});
