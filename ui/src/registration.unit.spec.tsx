import { screen, waitFor, within } from '@testing-library/react';
import type { userEvent } from '@testing-library/user-event';
import type { ExtraField, RegisterResult } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure } from './test-utils/fake-api.ts';

type User = ReturnType<typeof userEvent.setup>;

/** register's answer: a code is on its way (nothing tells whether the address had an account). */
const pending = (): RegisterResult => ({ email: 'ada@example.com', session: null });

/** The merchant's questions as /api/common/getRegistrationFields answers them (active ones only). */
const extraFields: ExtraField[] = [
  { name: 'company_name', label: 'Company', type: 'text', active: true, required: false },
  { name: 'annual_budget', label: 'Yearly wine budget (USD)', type: 'float', active: true, required: false },
  { name: 'over_21', label: 'I am over 21', type: 'checkbox', active: true, required: true },
  {
    name: 'heard_from',
    label: 'How did you hear about us?',
    type: 'select',
    active: true,
    required: true,
    options: ['A friend', 'Search', 'Press'],
  },
  {
    name: 'interests',
    label: 'What do you collect?',
    type: 'multiselect',
    active: true,
    required: false,
    options: ['Red', 'White', 'Sparkling'],
  },
  { name: 'retired', label: 'A retired question', type: 'text', active: false, required: false },
];

const PASSWORD = 'Tr4vel-Claret-Quokka-1987!';

const fixedInput = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  country_code: '+1',
  password: PASSWORD,
  confirm_password: PASSWORD,
  terms: true,
  newsletter: false,
};

async function fillFixedFields(user: User) {
  await user.type(screen.getByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), PASSWORD);
  await user.type(screen.getByLabelText(/^Confirm password/), PASSWORD);
  await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
}

const extraSection = () => screen.getByRole('region', { name: 'A little more about you' });

describe('registration: the extra questions', () => {
  it('asks the active questions of the answer, each as its type, required ones marked', async () => {
    const { api } = await renderApp('/registration', {
      api: { registrationFields: () => ({ fields: extraFields }) },
    });
    expect(api.to('registrationFields')[0]?.input).toEqual({});
    const section = extraSection();
    const company = within(section).getByRole('textbox', { name: 'Company' });
    expect(company.hasAttribute('required')).toBe(false);
    const budget = within(section).getByRole('textbox', { name: 'Yearly wine budget (USD)' });
    expect(budget.getAttribute('inputmode')).toBe('decimal');
    expect(within(section).getByRole('checkbox', { name: 'I am over 21' }).hasAttribute('required')).toBe(
      true,
    );
    const heardFrom = within(section).getByRole('combobox', { name: 'How did you hear about us?' });
    expect(heardFrom.hasAttribute('required')).toBe(true);
    expect(
      within(heardFrom)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose one', 'A friend', 'Search', 'Press']);
    const interests = within(section).getByRole('group', { name: 'What do you collect?' });
    expect(
      within(interests)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['Red', 'White', 'Sparkling']);
    expect(screen.queryByLabelText('A retired question')).toBeNull();

    // After the fixed fields, before the terms.
    const order = (a: Element, b: Element) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    expect(order(screen.getByLabelText(/^Confirm password/), section)).toBeTruthy();
    expect(order(section, screen.getByRole('checkbox', { name: /terms and conditions/ }))).toBeTruthy();
    // The labels the browser test relies on stay unique.
    for (const label of [/First name/, /Last name/, /^Password/, /^Confirm password/]) {
      expect(screen.getAllByLabelText(label)).toHaveLength(1);
    }
    expect(screen.getAllByRole('checkbox', { name: /terms/i })).toHaveLength(1);
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it("says 'invalid decimal' and 'Required!' under the questions, and sends nothing", async () => {
    const { user, api } = await renderApp('/registration', {
      api: { registrationFields: () => ({ fields: extraFields }), register: () => pending() },
    });
    await fillFixedFields(user);
    await user.type(screen.getByRole('textbox', { name: 'Yearly wine budget (USD)' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const section = extraSection();
    expect(await within(section).findByText('invalid decimal')).toBeTruthy();
    const budget = screen.getByRole('textbox', { name: 'Yearly wine budget (USD)' });
    expect(budget.getAttribute('aria-invalid')).toBe('true');
    // The required checkbox and select; the fixed fields are all answered.
    expect(within(section).getAllByText('Required!')).toHaveLength(2);
    expect(screen.getAllByText('Required!')).toHaveLength(2);
    expect(
      screen.getByRole('combobox', { name: 'How did you hear about us?' }).getAttribute('aria-invalid'),
    ).toBe('true');
    await expectNoAxeViolations(screen.getByRole('main'));

    await user.clear(budget);
    await user.type(budget, '12.');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(within(section).getAllByText('invalid decimal')).toHaveLength(1));
    expect(api.to('register')).toHaveLength(0);
  });

  it('sends the answers under extra, leaving out the empty optional ones', async () => {
    const { user, api } = await renderApp('/registration', {
      api: { registrationFields: () => ({ fields: extraFields }), register: () => pending() },
    });
    await fillFixedFields(user);
    const section = extraSection();
    await user.type(within(section).getByRole('textbox', { name: 'Yearly wine budget (USD)' }), '2500.50');
    await user.click(within(section).getByRole('checkbox', { name: 'I am over 21' }));
    await user.selectOptions(within(section).getByRole('combobox', { name: /hear about us/ }), 'Press');
    await user.click(within(section).getByRole('checkbox', { name: 'Red' }));
    await user.click(within(section).getByRole('checkbox', { name: 'Sparkling' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await screen.findByRole('dialog', { name: 'Verify your e-mail' });
    expect(api.to('register')[0]?.input).toEqual({
      ...fixedInput,
      // company_name was left empty: it is not sent.
      extra: {
        annual_budget: '2500.50',
        over_21: true,
        heard_from: 'Press',
        interests: ['Red', 'Sparkling'],
      },
    });
  });

  it("puts the server's complaint about an answer under its question", async () => {
    const { user } = await renderApp('/registration', {
      api: {
        registrationFields: () => ({ fields: extraFields.filter((f) => !f.required) }),
        register: () => {
          throw new Failure('extra.company_name: At most 200 characters', 400, {
            field: 'extra.company_name',
          });
        },
      },
    });
    await fillFixedFields(user);
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'Cellar & Co');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await within(extraSection()).findByText('extra.company_name: At most 200 characters'),
    ).toBeTruthy();
  });

  it('still lets the user register with the fixed fields when the questions cannot be loaded', async () => {
    const { user, api } = await renderApp('/registration', {
      api: {
        registrationFields: () => {
          throw new Failure('Something went wrong!', 500);
        },
        register: () => pending(),
      },
    });
    expect(api.to('registrationFields')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'A little more about you' })).toBeNull();
    await fillFixedFields(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await screen.findByRole('dialog', { name: 'Verify your e-mail' });
    expect(api.to('register')[0]?.input).toEqual(fixedInput);
    await expectNoAxeViolations(screen.getByRole('main'));
  });
});
