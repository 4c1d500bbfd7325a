import { randomUUID } from 'node:crypto';
import { actions } from '@wine/contracts';
import { userStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';
import { userDecider } from '../users/decide.ts';

/**
 * issue 30: control, bidi and invisible characters were still stored in saved-search names, page
 * titles and meta descriptions, and banner texts. They are refused by the contracts' text schemas
 * (text.ts), with the field named, and nothing is written.
 */
let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const hidden = {
  'a right-to-left override': 'Reds\u202Ecod.exe',
  'a bidi isolate': 'Reds \u2066x\u2069',
  'a zero-width space': 'Re\u200Bds',
  'a control character': 'Reds\u0007',
  'an escape sequence': 'Reds\u001b[31m',
};
const reds = {
  filters: {
    market_status: { value: ['open'], type: 'array', field: 'p.market_status' },
    color: { value: ['Red'], type: 'array', field: 'p.custitem_gvo_color' },
  },
};

const expectRefused = (
  answer: { status: number; body: { data: { code?: string; responseData?: unknown } } },
  field: string,
) => {
  expect(answer.status).toBe(400);
  expect(answer.body.data.code).toBe('VALIDATION');
  expect(answer.body.data.responseData).toMatchObject({ field });
};

describe('text a person reads is refused with hidden characters', () => {
  it.each(Object.entries(hidden))('a saved search named with %s', async (_, name) => {
    const user = await service.signUp(`ann-${randomUUID()}@hidden.example`);
    expectRefused(
      await service.post(actions.saveSearch.path, { name, search: reds }, { token: user.token }),
      'name',
    );
    const { savedSearches } = await service.service.streams.load(userStream(user.id), userDecider);
    expect(savedSearches).toEqual([]);
  });

  it.each(Object.entries(hidden))('a page whose title or meta description holds %s', async (_, text) => {
    const admin = await service.signUp(`admin-${randomUUID()}@hidden.example`, ['admin']);
    const page = { id: 'about-us', title: 'About us', content_type: 'html', content: '<p>Since 1982</p>' };
    for (const field of ['title', 'meta_description'])
      expectRefused(
        await service.post(actions.publishPage.path, { ...page, [field]: text }, { token: admin.token }),
        field,
      );
  });

  it.each(Object.entries(hidden))('a banner whose texts hold %s', async (_, text) => {
    const admin = await service.signUp(`admin-${randomUUID()}@hidden.example`, ['admin']);
    const banner = { id: `b-${randomUUID().slice(0, 8)}`, title: 'Spring sale' };
    for (const field of ['title', 'subtitle', 'link_label'])
      expectRefused(
        await service.post(actions.publishBanner.path, { ...banner, [field]: text }, { token: admin.token }),
        field,
      );
  });

  it('still takes accents, other scripts and emoji', async () => {
    const user = await service.signUp(`ann-${randomUUID()}@hidden.example`);
    const saved = await service.post(
      actions.saveSearch.path,
      { name: 'Château Müller ワイン 🍷', search: reds },
      { token: user.token },
    );
    expect(saved.status).toBe(200);
  });
});
