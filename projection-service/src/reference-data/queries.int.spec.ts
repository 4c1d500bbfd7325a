import { actions, DynamicArrays, PreviousData, USERS } from '@wine/contracts';
import { manualClock } from '@wine/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder, queryApp, registered } from '../core/testing.ts';
import { defaultQueries } from '../defaults/queries.ts';
import { usersProjection } from '../users/project.ts';
import { referenceDataProjection } from './project.ts';
import { referenceDataQueries } from './queries.ts';

const clock = manualClock('2026-11-23T12:00:00.000Z');
const record = eventRecorder();
const added = (list: string, id: number, value: string, valueEs: string) =>
  record(`referencedata-${list}`, 'ReferenceEntryAdded', {
    list,
    id,
    value,
    valueEs,
    levelId: 0,
    parentId: null,
    description: '',
  });

type Served = Awaited<ReturnType<typeof queryApp>>;
let lists: Served;
let defaults: Served;
let ada: Record<string, string>;
let finn: Record<string, string>;
let bea: Record<string, string>;

beforeAll(async () => {
  const docs = await applyEvents(
    [usersProjection, referenceDataProjection],
    [
      record('user-ada', 'UserRegistered', registered('ada', 'Ada', 'Admin')),
      record('user-finn', 'UserRegistered', registered('finn', 'Finn', 'Ance')),
      record('user-bea', 'UserRegistered', registered('bea', 'Bea', 'Bidder')),
      added('conditions', 8, 'Ullaged', 'Con merma'),
      record('referencedata-conditions', 'ReferenceEntryDeactivated', {
        list: 'conditions',
        id: 2,
        value: 'Excellent',
      }),
      added('locations', 2, 'Bonded warehouse', 'Depósito aduanero'),
    ],
  );
  await docs.collection(USERS).updateOne({ _id: 'ada' }, { $set: { roles: ['admin'] } });
  await docs.collection(USERS).updateOne({ _id: 'finn' }, { $set: { roles: ['finance'] } });
  lists = await queryApp(referenceDataQueries, docs, clock);
  defaults = await queryApp(defaultQueries, docs, clock);
  [ada, finn, bea] = await Promise.all([lists.signIn('ada'), lists.signIn('finn'), lists.signIn('bea')]);
});
afterAll(async () => {
  await lists.app.close();
  await defaults.app.close();
});

const answer = (res: { json(): unknown }) =>
  (res.json() as { data: { responseData: unknown; code?: string } }).data;

describe("the staff's page of a managed list (/api/common/getPreviousData)", () => {
  it('lists a table by level and name, paged, with records, totalRecords and setDisp', async () => {
    const first = await lists.post(actions.getPreviousData.path, { table: 'conditions', limit: 3 }, ada);
    expect(first.statusCode).toBe(200);
    const page = PreviousData.parse(answer(first).responseData);
    expect(page.totalRecords).toBe(8);
    expect(page.setDisp).toBe('Showing 1-3 of 8');
    expect(page.records.map((r) => r.value)).toEqual(['Excellent', 'Fair', 'Good']);
    expect(page.records[0]).toMatchObject({ id: 2, active: 0, builtin: true, level: 'condition' });
    const last = PreviousData.parse(
      answer(await lists.post(actions.getPreviousData.path, { table: 'conditions', limit: 3, page: 3 }, ada))
        .responseData,
    );
    expect(last.records.map((r) => r.value)).toEqual(['Ullaged', 'Very Good']);
    expect(last.setDisp).toBe('Showing 7-8 of 8');
  });

  it('finds entries by either name and keeps to the active or the deactivated ones', async () => {
    const spanish = answer(
      await lists.post(actions.getPreviousData.path, { table: 'conditions', search: 'MERMA' }, finn),
    ).responseData as PreviousData;
    expect(spanish.records.map((r) => r.id)).toEqual([8]);
    const off = answer(
      await lists.post(actions.getPreviousData.path, { table: 'conditions', active: 0 }, ada),
    ).responseData as PreviousData;
    expect(off.records.map((r) => r.id)).toEqual([2]);
    const locations = answer(await lists.post(actions.getPreviousData.path, { table: 'locations' }, ada))
      .responseData as PreviousData;
    expect(locations.records.map((r) => [r.id, r.level])).toEqual([
      [2, 'site'],
      [1, 'site'],
    ]);
  });

  it('is refused without a session and to a bidder, before the body is read; a bad body is a 400', async () => {
    expect((await lists.post(actions.getPreviousData.path, { table: 'conditions' })).statusCode).toBe(403);
    const bidder = await lists.post(actions.getPreviousData.path, { table: 'x'.repeat(50_000) }, bea);
    expect([bidder.statusCode, answer(bidder).code]).toEqual([403, 'ROLE_REQUIRED']);
    for (const hostile of [
      { table: 'users' },
      { table: 'conditions', limit: 1000 },
      { table: 'conditions', search: { $regex: '.*' } },
      { table: 'conditions', active: 2 },
      {},
    ]) {
      const res = await lists.post(actions.getPreviousData.path, hostile, ada);
      expect(res.statusCode, JSON.stringify(hostile)).toBe(400);
    }
    // A search is a text, not a pattern.
    const pattern = answer(
      await lists.post(actions.getPreviousData.path, { table: 'conditions', search: '.*' }, ada),
    ).responseData as PreviousData;
    expect(pattern.totalRecords).toBe(0);
  });
});

describe('every managed list in one answer (/api/commonFunction/getAllDynamicArray)', () => {
  it('answers a visitor every entry of every list, deactivated ones too, by id', async () => {
    const res = await lists.post(actions.getAllDynamicArray.path, {});
    expect(res.statusCode).toBe(200);
    const all = DynamicArrays.parse(answer(res).responseData);
    expect(all.conditions.map((c) => [c.id, c.active])).toEqual([
      [1, 1],
      [2, 0],
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 1],
      [7, 1],
      [8, 1],
    ]);
    expect(all.categories.find((c) => c.id === 4)).toMatchObject({
      value: 'Other',
      value_es: 'Otros',
      level_id: 0,
    });
    expect(all.locations.map((l) => l.value)).toEqual(["Merchant's shop", 'Bonded warehouse']);
    expect((await lists.post(actions.getAllDynamicArray.path, { table: 'conditions' })).statusCode).toBe(400);
  });
});

describe('the default bundle offers the managed lists (/api/common/getDefault)', () => {
  it('offers the active entries, and names every one in both languages as phrases', async () => {
    const res = await defaults.post(actions.getDefault.path, {});
    const bundle = answer(res).responseData as {
      conditions: { id: number; value_es?: string }[];
      locations: { id: number; name: string }[];
      phrases: Record<string, Record<string, string>>;
    };
    expect(bundle.conditions.map((c) => c.id)).toEqual([1, 3, 4, 5, 6, 7, 8]);
    expect(bundle.conditions.at(-1)).toMatchObject({ id: 8, value: 'Ullaged', value_es: 'Con merma' });
    expect(bundle.locations.map((l) => l.id)).toEqual([1, 2]);
    expect(bundle.phrases.for_english?.['conditions.2']).toBe('Excellent');
    expect(bundle.phrases.for_spanish?.['conditions.2']).toBe('Excelente');
    expect(bundle.phrases.for_spanish?.['locations.2']).toBe('Depósito aduanero');
  });
});
