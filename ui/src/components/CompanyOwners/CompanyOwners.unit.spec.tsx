import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { CompanyOwnerRecord } from '@wine/contracts';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { sessionAtom } from '../../state/session.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure, fakeApi, type Handlers } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { render } from '../../test-utils/render.tsx';
import { AlertToasts } from '../AlertToasts/AlertToasts.tsx';
import { CompanyOwners } from './CompanyOwners.tsx';
import { ownershipTotal } from './owners.ts';

let restore = () => {};
afterEach(() => {
  restore();
  notifications.clean();
});

const OVER = 'Owners cannot hold more than 100% together';

/**
 * The owners behind the fake API, kept as the server keeps them: each change answers the whole list,
 * and together the owners never hold more than 100%.
 */
function ownerRegister(initial: CompanyOwnerRecord[]): Handlers {
  let owners = initial;
  let added = 0;
  const answer = (next: CompanyOwnerRecord[]) => {
    if (ownershipTotal(next) > 100) throw new Failure(OVER, 400, { field: 'ownership_percent' });
    owners = next;
    return { records: owners };
  };
  return {
    getCompanyOwners: () => ({ records: owners }),
    addCompanyOwner: (input) => {
      added += 1;
      return answer([
        ...owners,
        {
          id: `owner-new-${added}`,
          name: input.name,
          title: input.title ?? '',
          email: input.email ?? '',
          ownership_percent: input.ownership_percent,
        },
      ]);
    },
    updateCompanyOwner: ({ id, ...fields }) =>
      answer(owners.map((o) => (o.id === id ? { ...o, title: '', email: '', ...fields } : o))),
    removeCompanyOwner: ({ id }) => answer(owners.filter((o) => o.id !== id)),
  };
}

const ada: CompanyOwnerRecord = {
  id: 'owner-1',
  name: 'Ada Lovelace',
  title: 'CEO',
  email: 'ada@example.com',
  ownership_percent: 60,
};
const charles: CompanyOwnerRecord = {
  id: 'owner-2',
  name: 'Charles Babbage',
  title: '',
  email: '',
  ownership_percent: 30,
};

async function renderOwners(handlers: Handlers) {
  const api = fakeApi(handlers);
  restore = configureApi({ fetch: api.fetch, getToken: () => 't' });
  const store = createStore();
  store.set(sessionAtom, { status: 'authenticated', token: 't', user: aUser() });
  const rendered = await render(
    <>
      <AlertToasts />
      <CompanyOwners />
    </>,
    { store, withNotifications: true },
  );
  return { ...rendered, api };
}

const alertTexts = () => screen.queryAllByTestId('alert').map((a) => a.textContent);
const rows = () =>
  screen
    .queryAllByTestId('owner-row')
    .map((row) =>
      ['owner-name', 'owner-title', 'owner-email', 'owner-percent'].map(
        (id) => within(row).getByTestId(id).textContent,
      ),
    );
const total = () => screen.getByTestId('owners-total').textContent;

describe('CompanyOwners', () => {
  it('lists the owners with title, e-mail and share, and what they hold together', async () => {
    await renderOwners(ownerRegister([ada, charles]));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()).toEqual([
      ['Ada Lovelace', 'CEO', 'ada@example.com', '60%'],
      ['Charles Babbage', '', '', '30%'],
    ]);
    expect(total()).toBe('90%');
    expect(screen.getByRole('button', { name: 'Edit Charles Babbage' })).toBeTruthy();
    await expectNoAxeViolations(screen.getByTestId('company-owners'));
  });

  it('says when there are no owners, or when they cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = await renderOwners({
      getCompanyOwners: () => {
        if (fail) throw new Failure('Unavailable', 502);
        return { records: [] };
      },
    });
    expect((await screen.findByTestId('owners-error')).textContent).toContain(
      'Unable to fetch company owners',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('owners-empty')).textContent).toBe('No owners listed yet.');
  });

  it("adds an owner: sends the fields, lists them, updates the total and says 'Owner added'", async () => {
    const { user, api } = await renderOwners(ownerRegister([ada]));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Add owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an owner' });
    await expectNoAxeViolations(dialog);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), ' Charles Babbage ');
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'CTO');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'charles@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: /Ownership/ }), '40');
    await user.click(within(dialog).getByRole('button', { name: 'Add owner' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('addCompanyOwner').map((r) => r.input)).toEqual([
      { name: 'Charles Babbage', title: 'CTO', email: 'charles@example.com', ownership_percent: 40 },
    ]);
    expect(rows()).toEqual([
      ['Ada Lovelace', 'CEO', 'ada@example.com', '60%'],
      ['Charles Babbage', 'CTO', 'charles@example.com', '40%'],
    ]);
    expect(total()).toBe('100%');
    await waitFor(() => expect(alertTexts()).toContain('Owner added'));
  });

  it('shows the server refusing more than 100% together under the ownership field', async () => {
    const { user, api } = await renderOwners(ownerRegister([ada, charles]));
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Add owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an owner' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Third Partner');
    await user.type(within(dialog).getByRole('textbox', { name: /Ownership/ }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add owner' }));

    expect(await within(dialog).findByText(OVER)).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Ownership/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(api.to('addCompanyOwner').map((r) => r.input)).toEqual([
      { name: 'Third Partner', title: '', email: '', ownership_percent: 20 },
    ]);
    expect(rows()).toHaveLength(2);
    expect(total()).toBe('90%');
  });

  it('checks the owner form with the contract before sending anything', async () => {
    const { user, api } = await renderOwners(ownerRegister([]));
    await user.click(await screen.findByRole('button', { name: 'Add owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an owner' });
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'not-an-email');
    await user.type(within(dialog).getByRole('textbox', { name: /Ownership/ }), 'ten');
    await user.click(within(dialog).getByRole('button', { name: 'Add owner' }));
    expect(await within(dialog).findByText('Required!')).toBeTruthy();
    expect(within(dialog).getByText('Invalid email format')).toBeTruthy();
    expect(within(dialog).getByText('Enter a whole number from 1 to 100')).toBeTruthy();

    const percent = within(dialog).getByRole('textbox', { name: /Ownership/ });
    await user.clear(percent);
    await user.type(percent, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add owner' }));
    expect(await within(dialog).findByText('At least 1%')).toBeTruthy();
    await user.clear(percent);
    await user.type(percent, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Add owner' }));
    expect(await within(dialog).findByText('At most 100%')).toBeTruthy();
    expect(api.to('addCompanyOwner')).toHaveLength(0);
  });

  it('edits an owner with updateCompanyOwner, sending every field with the id', async () => {
    const { user, api } = await renderOwners(ownerRegister([ada, charles]));
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ada Lovelace' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement;
    expect(name.value).toBe('Ada Lovelace');
    await user.clear(name);
    await user.type(name, 'Ada King');
    const percent = within(dialog).getByRole('textbox', { name: /Ownership/ }) as HTMLInputElement;
    expect(percent.value).toBe('60');
    await user.clear(percent);
    await user.type(percent, '70');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('updateCompanyOwner').map((r) => r.input)).toEqual([
      { id: 'owner-1', name: 'Ada King', title: 'CEO', email: 'ada@example.com', ownership_percent: 70 },
    ]);
    expect(rows()[0]).toEqual(['Ada King', 'CEO', 'ada@example.com', '70%']);
    expect(total()).toBe('100%');
    await waitFor(() => expect(alertTexts()).toContain('Owner updated'));
  });

  it('asks before removing an owner, then removes them with removeCompanyOwner', async () => {
    const { user, api } = await renderOwners(ownerRegister([ada, charles]));
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Remove Charles Babbage' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove owner' });
    expect(dialog.textContent).toContain('Remove Charles Babbage (30%) from the company owners?');
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('removeCompanyOwner')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Charles Babbage' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove owner' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove owner' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.to('removeCompanyOwner').map((r) => r.input)).toEqual([{ id: 'owner-2' }]);
    expect(total()).toBe('60%');
    await waitFor(() => expect(alertTexts()).toContain('Owner removed'));
  });
});
