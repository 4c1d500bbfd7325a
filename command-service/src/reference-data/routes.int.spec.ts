import { actions } from '@wine/contracts';
import { referenceDataStream } from '@wine/event-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestCommandService, type TestCommandService } from '../testing.ts';

let service: TestCommandService;
beforeAll(async () => {
  service = await openTestCommandService();
});
afterAll(() => service.close());

const insert = actions.insertEntry.path;
const update = actions.updateEntry.path;
const eventsOf = async (list: 'categories' | 'conditions' | 'locations') =>
  (await service.service.streams.store.readStream(referenceDataStream(list))).map((e) => ({
    type: e.type,
    data: e.data,
  }));

const ullaged = {
  table: 'conditions',
  value: 'Ullaged',
  value_es: 'Con merma',
  description: 'Fill below the shoulder',
};

describe('the managed reference lists (/api/common/insertEntry, updateEntry)', () => {
  it('lets an admin add an entry with the next id, change it and deactivate it, each a fact in the log', async () => {
    const admin = await service.signUp('admin@reference.example', ['admin']);
    const added = await service.post(insert, ullaged, { token: admin.token });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      message: 'Entry added',
      responseData: {
        id: 8,
        table: 'conditions',
        value: 'Ullaged',
        value_es: 'Con merma',
        level_id: 0,
        level: 'condition',
        parent_id: null,
        active: 1,
      },
    });
    const renamed = await service.post(
      update,
      { table: 'conditions', id: 8, value: 'Ullaged (low shoulder)' },
      { token: admin.token },
    );
    expect(renamed.body.data).toMatchObject({
      message: 'Entry saved',
      responseData: { id: 8, value: 'Ullaged (low shoulder)', value_es: 'Con merma', active: 1 },
    });
    const off = await service.post(update, { table: 'conditions', id: 8, active: 0 }, { token: admin.token });
    expect(off.body.data).toMatchObject({
      message: 'Entry deactivated: existing lots keep it, new ones are not offered it',
      responseData: { id: 8, active: 0 },
    });
    expect((await eventsOf('conditions')).map((e) => e.type)).toEqual([
      'ReferenceEntryAdded',
      'ReferenceEntryUpdated',
      'ReferenceEntryDeactivated',
    ]);
  });

  it('adds a region under a country, and refuses a second one of the same name there with its own code', async () => {
    const admin = await service.signUp('admin2@reference.example', ['admin']);
    const country = await service.post(
      insert,
      { table: 'categories', value: 'Chile', value_es: 'Chile' },
      { token: admin.token },
    );
    expect(country.status).toBe(200);
    const chile = (country.body.data.responseData as { id: number }).id;
    const region = await service.post(
      insert,
      {
        table: 'categories',
        value: 'Maipo Valley',
        value_es: 'Valle del Maipo',
        level_id: 1,
        parent_id: chile,
      },
      { token: admin.token },
    );
    expect(region.body.data.responseData).toMatchObject({ level_id: 1, level: 'region', parent_id: chile });
    const before = await eventsOf('categories');
    const twice = await service.post(
      insert,
      { table: 'categories', value: ' maipo  VALLEY', value_es: 'Otro', level_id: 1, parent_id: chile },
      { token: admin.token },
    );
    expect([twice.status, twice.body.data.code, twice.body.data.responseData?.field]).toEqual([
      409,
      'REFERENCE_VALUE_TAKEN',
      'value',
    ]);
    expect(twice.body.data.message).toBe('This list already has an entry named "Maipo Valley" at that place');
    expect(await eventsOf('categories')).toEqual(before);
  });

  it('refuses a visitor and a bidder before reading the body, writing nothing', async () => {
    const bidder = await service.signUp('bidder@reference.example');
    const before = await eventsOf('locations');
    const visitor = await service.post(insert, { ...ullaged, table: 'locations', value: 'Visitor' });
    expect(visitor.status).toBe(403);
    const notJson = await service.post(insert, 'not json', {
      token: bidder.token,
      headers: { 'content-type': 'application/json' },
    });
    expect([notJson.status, notJson.body.data.code]).toEqual([403, 'ROLE_REQUIRED']);
    const asBidder = await service.post(
      insert,
      { table: 'locations', value: 'Bidder', value_es: 'Postor' },
      { token: bidder.token },
    );
    expect([asBidder.status, asBidder.body.data.code]).toEqual([403, 'ROLE_REQUIRED']);
    const renaming = await service.post(
      update,
      { table: 'locations', id: 1, value: 'Mine now' },
      { token: bidder.token },
    );
    expect(renaming.status).toBe(403);
    const seller = await service.signUp('seller@reference.example', ['seller']);
    const asSeller = await service.post(
      update,
      { table: 'locations', id: 1, active: 0 },
      { token: seller.token },
    );
    expect(asSeller.status).toBe(403);
    expect(await eventsOf('locations')).toEqual(before);
  });

  it('refuses bad bodies with 400 naming the field, writing nothing', async () => {
    const admin = await service.signUp('admin3@reference.example', ['admin']);
    const before = await eventsOf('locations');
    const location = { table: 'locations', value: 'Annex', value_es: 'Anexo' };
    for (const [body, field] of [
      [{ ...location, table: 'users' }, 'table'],
      [{ ...location, value: '' }, 'value'],
      [{ ...location, value: '   ' }, 'value'],
      [{ table: 'locations', value: 'Annex' }, 'value_es'],
      [{ ...location, value: 'x'.repeat(101) }, 'value'],
      [{ ...location, value: 'Annex\u202Eenil' }, 'value'],
      [{ ...location, description: 'd'.repeat(501) }, 'description'],
      [{ ...location, parent_id: 1 }, 'parent_id'],
      [{ ...location, level_id: 1 }, 'parent_id'],
      [{ ...location, level_id: 3, parent_id: 1 }, 'level_id'],
      [{ ...location, table: 'conditions', level_id: 1, parent_id: 1 }, 'level_id'],
      [{ ...location, id: 50 }, undefined],
      [{ ...location, value: { $ne: '' } }, 'value'],
    ] as const) {
      const answer = await service.post(insert, body, { token: admin.token });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.status).toBe('error');
      if (field) {
        const issues = answer.body.data.responseData?.issues?.map((i) => i.field) ?? [];
        expect(
          [answer.body.data.responseData?.field, ...issues],
          JSON.stringify(body).slice(0, 80),
        ).toContain(field);
      }
    }
    for (const body of [
      { table: 'locations', id: 0, value: 'Zero' },
      { table: 'locations', id: 1, active: 2 },
      { table: 'locations', id: '1', value: 'Text id' },
      { table: 'locations', value: 'No id' },
      { table: 'locations', id: 1, extra: true },
    ]) {
      const answer = await service.post(update, body, { token: admin.token });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await eventsOf('locations')).toEqual(before);
  });

  it('answers the catalogue codes for an unknown entry, a new level, and the shop taken off', async () => {
    const admin = await service.signUp('admin4@reference.example', ['admin']);
    const before = await eventsOf('locations');
    const unknown = await service.post(
      update,
      { table: 'locations', id: 999, value: 'X' },
      { token: admin.token },
    );
    expect([unknown.status, unknown.body.data.code]).toEqual([404, 'REFERENCE_ENTRY_NOT_FOUND']);
    const level = await service.post(
      update,
      { table: 'categories', id: 4, level_id: 1, parent_id: 1 },
      { token: admin.token },
    );
    expect([level.status, level.body.data.code]).toEqual([400, 'REFERENCE_LEVEL_FIXED']);
    const shop = await service.post(update, { table: 'locations', id: 1, active: 0 }, { token: admin.token });
    expect([shop.status, shop.body.data.code]).toEqual([409, 'REFERENCE_ENTRY_REQUIRED']);
    expect(await eventsOf('locations')).toEqual(before);
  });

  it('answers a retried x-command-id with the same entry, written once, and refuses the key for another body', async () => {
    const admin = await service.signUp('admin5@reference.example', ['admin']);
    const body = { table: 'locations', value: 'Bonded warehouse', value_es: 'Depósito aduanero' };
    const before = await eventsOf('locations');
    const first = await service.post(insert, body, { token: admin.token, commandId: 'refdata-retry-0001' });
    const again = await service.post(insert, body, { token: admin.token, commandId: 'refdata-retry-0001' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.data.responseData).toEqual(first.body.data.responseData);
    const other = await service.post(
      insert,
      { ...body, value: 'Second warehouse', value_es: 'Segundo depósito' },
      { token: admin.token, commandId: 'refdata-retry-0001' },
    );
    expect([other.status, other.body.data.code]).toEqual([422, 'COMMAND_ID_REUSED']);
    const written = (await eventsOf('locations')).slice(before.length);
    expect(written.map((e) => e.type)).toEqual(['ReferenceEntryAdded']);
    // The next entry gets the next id: the retried one took a single id.
    const next = await service.post(
      insert,
      { ...body, value: 'Second warehouse', value_es: 'Segundo depósito' },
      { token: admin.token },
    );
    expect((next.body.data.responseData as { id: number }).id).toBe(
      (first.body.data.responseData as { id: number }).id + 1,
    );
  });
});
