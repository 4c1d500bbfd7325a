import { screen, waitFor, within } from '@testing-library/react';
import type { DynamicArrays, ReferenceEntryRow, ReferenceList } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils/app.tsx';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure, withMessage } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';

type Api = NonNullable<Parameters<typeof renderApp>[1]>['api'];

const row = (
  table: ReferenceList,
  id: number,
  value: string,
  over: Partial<ReferenceEntryRow> = {},
): ReferenceEntryRow => ({
  id,
  table,
  value,
  value_es: `${value} (es)`,
  level_id: 0,
  level: 'country',
  parent_id: null,
  description: '',
  active: 1,
  builtin: true,
  updated_at: null,
  ...over,
});

const france = row('categories', 2, 'France', { value_es: 'Francia' });
const chile = row('categories', 80, 'Chile', {
  active: 0,
  builtin: false,
  updated_at: '2026-11-20T15:00:00.000Z',
});
const bordeaux = row('categories', 3, 'Bordeaux', {
  value_es: 'Burdeos',
  level_id: 1,
  level: 'region',
  parent_id: 2,
});
const lists: DynamicArrays = {
  categories: [france, bordeaux, chile],
  conditions: [row('conditions', 1, 'Pristine', { level: 'condition', value_es: 'Impecable' })],
  locations: [row('locations', 1, "Merchant's shop", { level: 'site' })],
};

/** Signed in as Ada, an admin, at `path`; the lists answer `lists`, each page its table's entries. */
const admin = (path: string, api: Api = {}) =>
  renderApp(path, {
    storedToken: 'tok-1',
    api: {
      validateUser: () => aUser({ id: 'ada', roles: ['admin'], isAdmin: true }),
      getAllDynamicArray: () => lists,
      getPreviousData: ({ table }) => {
        const records = lists[table ?? 'categories'];
        return { records, totalRecords: records.length, setDisp: '' };
      },
      ...api,
    },
  });

/** The table (a phone's cards hold the same buttons, hidden by the stylesheet). */
const inTable = () => within(screen.getByTestId('reference-entries'));

/** Opens the new entry's dialog once every list is there (the parents it offers). */
async function openNew(user: Awaited<ReturnType<typeof admin>>['user']) {
  const add = await screen.findByTestId('entry-new');
  await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
  await user.click(add);
}

describe('/admin/reference-data: the managed lists', () => {
  it("lists a table's entries with their level, parent and status, and passes axe", async () => {
    const { api } = await admin('/admin/reference-data');
    const rows = await screen.findAllByTestId('reference-entry-row');
    expect(rows).toHaveLength(3);
    expect(api.to('getPreviousData')[0]?.input).toEqual({
      table: 'categories',
      page: 1,
      limit: 20,
      search: '',
    });
    const region = within(rows[1] as HTMLElement);
    expect(region.getByText('Bordeaux')).toBeTruthy();
    expect(region.getByText('Burdeos')).toBeTruthy();
    expect(region.getByText('Region')).toBeTruthy();
    expect(region.getByText('France')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByTestId('entry-status').textContent).toBe('Deactivated');
    expect(within(rows[0] as HTMLElement).getByTestId('entry-builtin').textContent).toBe('Built in');
    expect(screen.getByText('Entries: 3')).toBeTruthy();
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('switches the list shown, and a list without levels shows none', async () => {
    const { api, user, router } = await admin('/admin/reference-data');
    await screen.findAllByTestId('reference-entry-row');
    await user.click(screen.getByRole('combobox', { name: 'List' }));
    await user.click(await screen.findByRole('option', { name: 'Conditions' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ table: 'conditions' }));
    await screen.findAllByTestId('reference-entry-row');
    expect(api.to('getPreviousData').at(-1)?.input).toMatchObject({ table: 'conditions', page: 1 });
    const table = screen.getByTestId('reference-entries');
    expect(within(table).queryByRole('columnheader', { name: 'Level' })).toBeNull();
  });

  it('adds a region under an active country (a deactivated one is not offered), then lists again', async () => {
    const { api, user } = await admin('/admin/reference-data', {
      insertEntry: (input) =>
        withMessage('Entry added', {
          ...row('categories', 81, 'Loire'),
          ...input,
          level: 'region',
          id: 81,
          active: 1 as const,
        }),
    });
    await screen.findAllByTestId('reference-entry-row');
    const pages = api.to('getPreviousData').length;
    await openNew(user);
    const dialog = await screen.findByRole('dialog', {
      name: 'New entry: Categories (country, region, subregion)',
    });
    await user.type(within(dialog).getByRole('textbox', { name: /Name \(English\)/ }), 'Loire');
    await user.type(within(dialog).getByRole('textbox', { name: /Name \(Spanish\)/ }), 'Loira');
    await user.click(within(dialog).getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByRole('option', { name: 'Region' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Under/ }));
    expect(screen.queryByRole('option', { name: 'Chile' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'France' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.to('insertEntry')[0]?.input).toEqual({
        table: 'categories',
        value: 'Loire',
        value_es: 'Loira',
        level_id: 1,
        parent_id: 2,
        description: '',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Entry added')).toBeTruthy();
    await waitFor(() => expect(api.to('getPreviousData').length).toBeGreaterThan(pages));
  });

  it('checks the form before sending, and shows a name taken under its field', async () => {
    const { api, user } = await admin('/admin/reference-data?table=conditions', {
      insertEntry: () => {
        throw new Failure(
          'This list already has an entry named "Pristine" at that place',
          409,
          { field: 'value' },
          'REFERENCE_VALUE_TAKEN',
        );
      },
    });
    await screen.findAllByTestId('reference-entry-row');
    await openNew(user);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Name \(English\)/ }), 'pristine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name (Spanish) is required')).toBeTruthy();
    expect(api.to('insertEntry')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Name \(Spanish\)/ }), 'impecable');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This list already has an entry named "Pristine" at that place'),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Name \(English\)/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edits an entry without changing its level', async () => {
    const { api, user } = await admin('/admin/reference-data', {
      updateEntry: (input) => withMessage('Entry saved', { ...bordeaux, ...input, active: 1 as const }),
    });
    await screen.findAllByTestId('reference-entry-row');
    await user.click(inTable().getByRole('button', { name: 'Edit Bordeaux' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Bordeaux' });
    expect(within(dialog).getByRole('combobox', { name: 'Level' }).hasAttribute('disabled')).toBe(true);
    const spanish = within(dialog).getByRole('textbox', { name: /Name \(Spanish\)/ });
    await user.clear(spanish);
    await user.type(spanish, 'Bordelés');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Left and right bank');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.to('updateEntry')[0]?.input).toEqual({
        table: 'categories',
        id: 3,
        value: 'Bordeaux',
        value_es: 'Bordelés',
        parent_id: 2,
        description: 'Left and right bank',
      }),
    );
  });

  it('deactivates an entry after asking, keeps the refusal in the dialog, and offers a deactivated one again', async () => {
    let refuse = true;
    const { api, user } = await admin('/admin/reference-data', {
      updateEntry: (input) => {
        if (refuse && input.active === 0) {
          refuse = false;
          throw new Failure(
            'Deactivate the 1 active entries under it first',
            409,
            { field: 'active' },
            'REFERENCE_ENTRY_HAS_CHILDREN',
          );
        }
        return withMessage('Entry offered again', { ...chile, active: 1 as const });
      },
    });
    await screen.findAllByTestId('reference-entry-row');
    await user.click(inTable().getByRole('button', { name: 'Deactivate France' }));
    await user.click(await screen.findByTestId('confirm-deactivate-entry'));
    expect(await screen.findByText('Deactivate the 1 active entries under it first')).toBeTruthy();
    expect(api.to('updateEntry')[0]?.input).toEqual({ table: 'categories', id: 2, active: 0 });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(inTable().getByRole('button', { name: 'Offer Chile again' }));
    await waitFor(() =>
      expect(api.to('updateEntry')[1]?.input).toEqual({ table: 'categories', id: 80, active: 1 }),
    );
  });

  it('searches by name once the typing stops, from the first page', async () => {
    const { api, user, router } = await admin('/admin/reference-data?page=2');
    await screen.findAllByTestId('reference-entry-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'bord');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'bord' }));
    expect(router.state.location.search).not.toHaveProperty('page', 2);
    await waitFor(() =>
      expect(api.to('getPreviousData').at(-1)?.input).toEqual({
        table: 'categories',
        page: 1,
        limit: 20,
        search: 'bord',
      }),
    );
    // One search for the whole word, not one a letter.
    expect(
      api.to('getPreviousData').filter((r) => (r.input as { search: string }).search !== ''),
    ).toHaveLength(1);
  });
});
