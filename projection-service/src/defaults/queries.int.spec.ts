import { actions, DefaultBundle, OTHER_CATEGORY_ID } from '@wine/contracts';
import { createEmbeddedDocumentStore, manualClock } from '@wine/platform';
import { listedLot } from '@wine/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannersProjection } from '../banners/project.ts';
import { applyEvents, eventRecorder, queryApp } from '../core/testing.ts';
import { lotsProjection } from '../lots/project.ts';
import { pagesProjection } from '../pages/project.ts';
import { defaultQueries } from './queries.ts';

const record = eventRecorder();
const page = (pageId: string, title: string, spanishTitle?: string) =>
  record(`page-${pageId}`, 'StaticPagePublished', {
    pageId,
    title,
    contentType: 'html',
    content: `<p>${title}</p>`,
    filePath: null,
    metaDescription: '',
    ...(spanishTitle !== undefined && {
      spanish: { title: spanishTitle, content: '', filePath: null, metaDescription: '' },
    }),
  });
const banner = (bannerId: string, sortOrder: number) => ({
  bannerId,
  title: `Banner ${bannerId}`,
  subtitle: '',
  image: null,
  link: null,
  linkLabel: '',
  sortOrder,
});

let served: Awaited<ReturnType<typeof queryApp>>;
beforeAll(async () => {
  const docs = await applyEvents(
    [lotsProjection, bannersProjection, pagesProjection],
    [
      record('lot-d1', 'LotListed', listedLot({ lotId: 'd1' })),
      record('lot-d2', 'LotListed', listedLot({ lotId: 'd2' })),
      record('banner-late', 'BannerPublished', banner('late', 5)),
      record('banner-first', 'BannerPublished', banner('first', 1)),
      record('banner-gone', 'BannerPublished', banner('gone', 0)),
      record('banner-gone', 'BannerDeactivated', { bannerId: 'gone' }),
      page('header_third_page', 'Wine Storage'),
      page('header_first_page', 'Private Sales'),
      page('more_third_tab', 'Gift Cards', 'Tarjetas regalo'),
      page('header_first_page', 'Private Sales & Rarities', ''),
      page('faq', 'FAQ'),
    ],
    createEmbeddedDocumentStore(),
  );
  served = await queryApp(defaultQueries, docs, manualClock('2026-11-22T13:00:00.000Z'));
});
afterAll(() => served.app.close());

const data = async (path: string, body: unknown) => {
  const response = await served.post(path, body);
  return { status: response.statusCode, body: response.json() };
};

describe('the default data bundle (/api/common/getDefault)', () => {
  it('answers the whole bundle of seeds 000 §3.2 to a visitor', async () => {
    const { status, body } = await data(actions.getDefault.path, {});
    expect(status).toBe(200);
    const bundle = DefaultBundle.parse(body.data.responseData);
    expect(bundle.default_bid_increment).toEqual(bundle.bid_increments[0]);
    expect(bundle.producers).toEqual([{ value: 'Château Latour', count: 2 }]);
    expect(bundle.buyer_premium).toBe(20);
    expect(bundle.locations[0]?.city).toBe('Chicago');
    expect(bundle.languages.map((l) => l.code)).toEqual(['en', 'es']);
    expect(bundle.conditions.length).toBeGreaterThan(0);
    expect(bundle.notifications.length).toBeGreaterThan(0);
  });

  it("labels each More menu page with its own page record's title, in menu order, published pages only", async () => {
    const { body } = await data(actions.getDefault.path, {});
    // issue 31: the label and the link come from one record, so 'Wine Storage' opens Wine Storage.
    expect(body.data.responseData.configuration.header_pages).toEqual([
      { id: 'header_first_page', label: 'Private Sales & Rarities' },
      { id: 'header_third_page', label: 'Wine Storage' },
      // issue 34 §2: a page's Spanish title labels it in Spanish; a page without one has none.
      { id: 'more_third_tab', label: 'Gift Cards', label_es: 'Tarjetas regalo' },
    ]);
  });

  it('lists the active home banners only, in their order', async () => {
    const { body } = await data(actions.getDefault.path, {});
    expect(body.data.responseData.home_banners.map((b: { id: string }) => b.id)).toEqual(['first', 'late']);
  });

  it('numbers the category types country (level 0) > region > subregion, with the special id 4', async () => {
    const { body } = await data(actions.getDefault.path, {});
    const types: { id: number; level_id: number; parent_id: number | null }[] =
      body.data.responseData.category_types;
    expect(types.some((c) => c.id === OTHER_CATEGORY_ID)).toBe(true);
    const countries = types.filter((c) => c.level_id === 0);
    expect(countries.length).toBeGreaterThan(1);
    for (const child of types.filter((c) => c.level_id > 0)) {
      const parent = types.find((c) => c.id === child.parent_id);
      expect(parent?.level_id).toBe(child.level_id - 1);
    }
  });

  it('refuses unknown fields without a 500', async () => {
    const { status, body } = await data(actions.getDefault.path, { admin: true });
    expect(status).toBe(400);
    expect(body.status).toBe('error');
  });
});

describe('the address lists (/api/commonFunction/*)', () => {
  it('lists every country by name', async () => {
    const { status, body } = await data(actions.getAllCountries.path, {});
    expect(status).toBe(200);
    const names: string[] = body.data.responseData.records.map((c: { name: string }) => c.name);
    expect(names.length).toBeGreaterThan(200);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(body.data.responseData.records).toContainEqual(expect.objectContaining({ id: 'US' }));
  });

  it("lists one country's states by name, the US by default", async () => {
    const us = await data(actions.getAllStates.path, {});
    const states: { id: string; name: string; country: string }[] = us.body.data.responseData.records;
    expect(states).toContainEqual(expect.objectContaining({ id: 'IL', name: 'Illinois', country: 'US' }));
    expect(states.every((s) => s.country === 'US')).toBe(true);
    const fr = await data(actions.getAllStates.path, { country: 'fr' });
    expect(fr.body.data.responseData.records.every((s: { country: string }) => s.country === 'FR')).toBe(
      true,
    );
  });

  it("lists one state's cities by name", async () => {
    const { body } = await data(actions.getAllCities.path, { country: 'US', state: 'IL' });
    const cities: { name: string; state: string }[] = body.data.responseData.records;
    expect(cities.map((c) => c.name)).toContain('Chicago');
    expect(cities.every((c) => c.state === 'IL')).toBe(true);
  });

  it('refuses a hostile or missing code with the envelope error, and knows no city of an unknown state', async () => {
    for (const hostile of [{ country: '../..' }, { country: 'U'.repeat(5000) }, { country: { $ne: 1 } }]) {
      const { status, body } = await data(actions.getAllStates.path, hostile);
      expect(status, JSON.stringify(hostile).slice(0, 40)).toBe(400);
      expect(body.status).toBe('error');
    }
    expect((await data(actions.getAllCities.path, { country: 'US' })).status).toBe(400);
    const none = await data(actions.getAllCities.path, { country: 'US', state: 'ZZZ' });
    expect(none.body.data.responseData.records).toEqual([]);
  });
});
