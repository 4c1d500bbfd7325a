import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { InputOf, InvestorDetails } from '@wine/contracts';
import { describe, expect, it, type Mock } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { renderWithApi } from '../../test-utils/component.tsx';
import { Failure, type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { aUser } from '../../test-utils/fixtures.ts';
import { Investing } from './Investing.tsx';
import { evidenceName, evidenceProblem, evidenceType } from './investing-files.ts';

const notOnboarded: InvestorDetails = {
  onboarded: false,
  kind: null,
  name: null,
  owners: [],
  accreditation: 'none',
  documents: [],
  bank: null,
  orders: [],
  card: null,
  suitability: null,
  offering: { id: 'OFF-1', name: 'Cellar Fund I', unit_price: 10_000 },
  may_invest: false,
};

type Person = InputOf<'onBoardIndividual'>;
const fullName = (person: Person) => `${person.first_name} ${person.last_name}`;

type KeptDocument = { document_id: string; title: string; file_name: string; created_at: string };
type LinkedCard = {
  brand: 'visa' | 'mastercard' | 'discover';
  last4: string;
  exp_month: number;
  exp_year: number;
};

/**
 * The investor behind the fake API, kept as the command service keeps them: every change answers the
 * whole details; KYC approves every person (and, as North Capital's sandbox, disapproves a last name
 * "Disapprove"), the file named Test_Approved_All accredits, orders open once both hold. North
 * Capital's own views (the card, the bank, its documents, the holdings) are read from the same state.
 */
function investorRegister(start: InvestorDetails = notOnboarded): Handlers & { now: () => InvestorDetails } {
  let details = start;
  let trades = 0;
  let card: LinkedCard | null = start.card
    ? { ...start.card, brand: 'visa', exp_month: 12, exp_year: 2030 }
    : null;
  const kept: Record<'accreditation' | 'party' | 'entity', KeptDocument[]> = {
    accreditation: [],
    party: [
      { document_id: '9', title: 'Passport', file_name: 'passport.pdf', created_at: '2030-01-01 10:00:00' },
    ],
    entity: [],
  };
  const cardOf = (input: InputOf<'addCreditCard'>): LinkedCard => ({
    brand: input.card_number.startsWith('5') ? 'mastercard' : 'visa',
    last4: input.card_number.slice(-4),
    exp_month: input.exp_month,
    exp_year: input.exp_year,
  });
  const answer = (next: Partial<InvestorDetails>, message: string) => {
    const merged = { ...details, ...next };
    details = {
      ...merged,
      may_invest:
        merged.onboarded &&
        merged.owners.every((o) => o.kyc === 'approved') &&
        merged.accreditation === 'accredited',
    };
    return withMessage(message, details);
  };
  return {
    now: () => details,
    getUserDetails: () => details,
    onBoardIndividual: (input) =>
      answer(
        {
          onboarded: true,
          kind: 'individual',
          name: fullName(input),
          owners: [{ name: fullName(input), kyc: 'approved' }],
        },
        'Your investor profile is complete',
      ),
    onBoardEntity: (input) =>
      answer(
        {
          onboarded: true,
          kind: 'entity',
          name: input.entity_name,
          owners: input.owners.map((o) => ({ name: fullName(o), kyc: 'approved' as const })),
        },
        'The entity’s investor profile is complete',
      ),
    linkEntityOwner: (input) =>
      answer(
        {
          owners: [
            ...details.owners,
            // As North Capital's sandbox: a last name with "Review" is left pending.
            { name: fullName(input), kyc: input.last_name.includes('Review') ? 'pending' : 'approved' },
          ],
        },
        `${fullName(input)} is added as an owner, and their identity is checked`,
      ),
    uploadPartyDocument: (input) => {
      const accreditation = input.file_name.startsWith('Test_Approved_All') ? 'accredited' : 'pending';
      return answer(
        {
          accreditation,
          documents: [...details.documents, { file_name: input.file_name, at: '2030-01-02T12:00:00.000Z' }],
        },
        `Document uploaded; accreditation: ${accreditation}`,
      );
    },
    linkExternalAccount: (input) =>
      answer(
        {
          bank: {
            holder_name: input.holder_name,
            account_last4: input.account_number.slice(-4),
            account_type: input.account_type,
          },
        },
        `Bank account ending in ${input.account_number.slice(-4)} linked`,
      ),
    createOrder: (input) => {
      if (!details.may_invest) throw new Failure('Orders open once …', 409);
      trades += 1;
      const order = {
        trade_id: `T-${trades}`,
        units: input.units,
        amount: input.units * details.offering.unit_price,
        status: 'created' as const,
        at: '2030-01-03T12:00:00.000Z',
        payment: null,
      };
      return answer({ orders: [order, ...details.orders] }, `Order placed for ${input.units} units`);
    },
    updateIndividual: (input) => {
      const place = input.owner ?? 0;
      const owners = details.owners.map((owner, i) => {
        if (i !== place || !input.last_name) return owner;
        const name = `${owner.name.split(' ')[0]} ${input.last_name}`;
        return { name, kyc: input.last_name === 'Disapprove' ? ('disapproved' as const) : owner.kyc };
      });
      const name = details.kind === 'individual' ? (owners[0]?.name ?? details.name) : details.name;
      return answer({ owners, name }, 'Your details are corrected and your identity is checked again');
    },
    calculateSuitability: (input) =>
      answer(
        {
          suitability: {
            risk_profile: input.risk_profile,
            investment_experience: input.investment_experience,
            private_offering_experience: input.private_offering_experience,
            time_horizon_years: input.time_horizon_years ?? null,
            objective: input.objective ?? null,
          },
        },
        'Your suitability answers are recorded',
      ),
    uploadEntityDocument: (input) => {
      kept.entity.push({
        document_id: String(kept.entity.length + 10),
        title: input.file_name,
        file_name: input.file_name,
        created_at: '2030-01-04 09:00:00',
      });
      return answer({}, 'Entity document uploaded');
    },
    getuploadPartyDocument: (input) => ({ records: kept[input.of], totalRecords: kept[input.of].length }),
    getExternalAccount: () => ({
      bank: details.bank
        ? {
            holder_name: details.bank.holder_name,
            nickname: 'Primary',
            account_type: details.bank.account_type,
            account_last4: details.bank.account_last4,
          }
        : null,
    }),
    updateLinkExternalAccount: (input) =>
      answer(
        {
          bank: {
            holder_name: input.holder_name,
            account_last4: input.account_number.slice(-4),
            account_type: input.account_type,
          },
        },
        `Bank account ending in ${input.account_number.slice(-4)} is the one linked now`,
      ),
    deleteExternalAccount: () => answer({ bank: null }, 'Bank account unlinked'),
    addCreditCard: (input) => {
      card = cardOf(input);
      return answer(
        { card: { brand: card.brand, last4: card.last4 } },
        `Card ending in ${card.last4} linked`,
      );
    },
    updateCreditCard: (input) => {
      card = cardOf(input);
      return answer(
        { card: { brand: card.brand, last4: card.last4 } },
        `Card ending in ${card.last4} is the one linked now`,
      );
    },
    getCreditCard: () => ({ card }),
    deleteCreditCard: () => {
      card = null;
      return answer({ card: null }, 'Card removed');
    },
    resendDocuSign: () => withMessage('The subscription documents are sent again', null),
    getStbids: () => {
      const sum = (status: string) =>
        details.orders.filter((o) => o.status === status).reduce((total, o) => total + o.amount, 0);
      return {
        bids: details.orders.map((o) => ({ ...o, offering_id: details.offering.id })),
        totals: {
          created: sum('created'),
          funded: sum('funded'),
          settled: sum('settled'),
          settled_units: details.orders
            .filter((o) => o.status === 'settled')
            .reduce((units, o) => units + o.units, 0),
        },
      };
    },
    northcapitalPayment: (input) => {
      const order = details.orders.find((o) => o.trade_id === input.trade_id);
      if (!order) throw new Failure('No order has this id', 404);
      if (order.payment) throw new Failure('This order is paid already', 409);
      const payment = {
        trade_id: order.trade_id,
        method: input.method,
        amount: order.amount,
        reference: `R-${order.trade_id}`,
        fund_status: 'Pending',
        transaction_status: 'Pending',
        paid_at: '2030-01-05T12:00:00.000Z',
      };
      details = {
        ...details,
        orders: details.orders.map((o) => (o.trade_id === order.trade_id ? { ...o, payment } : o)),
      };
      return withMessage(
        `Payment of $${(order.amount / 100).toFixed(2)} for order ${order.trade_id} sent to North Capital`,
        payment,
      );
    },
    deleteTrade: (input) => {
      if (!details.orders.some((o) => o.trade_id === input.trade_id)) throw new Failure('No order', 404);
      return answer(
        {
          orders: details.orders.map((o) =>
            o.trade_id === input.trade_id ? { ...o, status: 'canceled' as const } : o,
          ),
        },
        'Order cancelled',
      );
    },
  };
}

const approvedIndividual: InvestorDetails = {
  ...notOnboarded,
  onboarded: true,
  kind: 'individual',
  name: 'Ada Lovelace',
  owners: [{ name: 'Ada Lovelace', kyc: 'approved' }],
};

async function renderInvesting(register: Handlers) {
  return renderWithApi(<Investing />, { signedInAs: aUser(), api: register, mantineEnv: 'test' });
}

/** Fills one person's fields inside `scope` (the page, or an owner's fieldset). */
async function fillPerson(user: UserEvent, scope: HTMLElement, person: Partial<Person>) {
  const box = within(scope);
  const type = async (label: RegExp, text: string | undefined) => {
    if (text === undefined) return;
    // Pasted: typing a whole person key by key is slow in jsdom, and the form reads the same change.
    const input = box.getByLabelText(label);
    await user.clear(input);
    if (text) await user.paste(text);
  };
  await type(/^First name/, person.first_name);
  await type(/^Last name/, person.last_name);
  await type(/^E-mail/, person.email);
  await type(/^Date of birth/, person.dob);
  if (person.domicile) await user.selectOptions(box.getByLabelText(/^Domicile/), person.domicile);
  await type(/^Street address/, person.address1);
  await type(/^City/, person.city);
  if (person.state) await user.selectOptions(box.getByLabelText(/^State/), person.state);
  await type(/^ZIP code/, person.zip);
  await type(/^Social Security number/, person.ssn);
}

const grace: Person = {
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  dob: '1980-04-02',
  domicile: 'us_citizen',
  address1: '1 Main St',
  city: 'Albany',
  state: 'NY',
  zip: '12207',
};

describe('onboarding as an investor (issue 35 §3)', () => {
  it('onboards an individual: prefilled from the session, checked by the contract, the SSN only when given', async () => {
    const register = investorRegister();
    const { user, api, container, alerts } = await renderInvesting(register);
    const form = await screen.findByRole('form', { name: 'As an individual' });
    expect((within(form).getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Ada');
    expect((within(form).getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('ada@example.com');
    expect(within(form).getByText(/never kept here/)).toBeTruthy();
    await expectNoAxeViolations(container);

    // Nothing is sent until the contract's schema takes it; the words under the fields are the UI's.
    await fillPerson(user, form, { zip: '123', ssn: '123456789' });
    await user.click(within(form).getByRole('button', { name: 'Complete my profile' }));
    expect(await within(form).findByText('Enter a ZIP code: 5 digits, or 5+4 (12345-6789)')).toBeTruthy();
    expect(within(form).getByText('Enter it as 123-45-6789, or leave it empty')).toBeTruthy();
    expect(within(form).getByText('Enter the date of birth')).toBeTruthy();
    expect(within(form).getAllByText('Choose one').length).toBeGreaterThan(0);
    expect(api.to('onBoardIndividual')).toEqual([]);

    await fillPerson(user, form, { ...grace, ssn: '' });
    await user.click(within(form).getByRole('button', { name: 'Complete my profile' }));
    await screen.findByTestId('investor-dashboard');
    expect(api.to('onBoardIndividual').map((r) => r.input)).toEqual([grace]);
    expect(alerts()).toContainEqual({ msg: 'Your investor profile is complete', type: 'success' });
    const status = screen.getByTestId('investor-status');
    expect(within(status).getByTestId('investor-kind').textContent).toBe('Individual');
    expect(within(status).getByTestId('investor-owner').textContent).toBe('Grace HopperApproved');
  });

  it('onboards an entity with up to four owners, removing one, the SSN sent when given', async () => {
    const register = investorRegister();
    const { user, api, container } = await renderInvesting(register);
    await screen.findByRole('form', { name: 'As an individual' });
    await user.click(screen.getByText('As an entity'));
    const form = await screen.findByRole('form', { name: 'As an entity' });
    expect(within(form).getAllByTestId('owner-fields')).toHaveLength(1);
    const add = within(form).getByRole('button', { name: 'Add an owner' });
    for (let i = 0; i < 3; i += 1) await user.click(add);
    expect(within(form).getAllByTestId('owner-fields')).toHaveLength(4);
    expect(add).toHaveProperty('disabled', true);
    expect(within(form).getByText('Owners: 4 of 4')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Remove owner 4' }));
    await user.click(within(form).getByRole('button', { name: 'Remove owner 3' }));
    const owners = within(form).getAllByTestId('owner-fields');
    expect(owners).toHaveLength(2);
    expect(add).toHaveProperty('disabled', false);
    await expectNoAxeViolations(container);

    await user.click(within(form).getByLabelText(/^Entity name/));
    await user.paste('Hopper Family Trust');
    await user.selectOptions(within(form).getByLabelText(/^Entity type/), 'Revocable Trust');
    const entityAddress = within(form).getAllByLabelText(/^Street address/)[0] as HTMLElement;
    await user.type(entityAddress, '2 Trust Way');
    await user.type(within(form).getAllByLabelText(/^City/)[0] as HTMLElement, 'Albany');
    await user.selectOptions(within(form).getAllByLabelText(/^State/)[0] as HTMLElement, 'NY');
    await user.type(within(form).getAllByLabelText(/^ZIP code/)[0] as HTMLElement, '12207');
    await fillPerson(user, owners[0] as HTMLElement, { ...grace, ssn: '123-45-6789' });
    await user.click(within(form).getByRole('button', { name: 'Complete the entity’s profile' }));
    // The second owner is still empty: nothing is sent.
    expect(await within(owners[1] as HTMLElement).findAllByText('Fill this in')).toHaveLength(4);
    expect(api.to('onBoardEntity')).toEqual([]);

    const alan = { ...grace, first_name: 'Alan', last_name: 'Turing', email: 'alan@example.com' };
    await fillPerson(user, owners[1] as HTMLElement, alan);
    await user.click(within(form).getByRole('button', { name: 'Complete the entity’s profile' }));
    await screen.findByTestId('investor-dashboard');
    expect(api.to('onBoardEntity').map((r) => r.input)).toEqual([
      {
        entity_name: 'Hopper Family Trust',
        entity_type: 'Revocable Trust',
        email: 'ada@example.com',
        address1: '2 Trust Way',
        city: 'Albany',
        state: 'NY',
        zip: '12207',
        owners: [{ ...grace, ssn: '123-45-6789' }, alan],
      },
    ]);
    const status = screen.getByTestId('investor-status');
    expect(within(status).getByTestId('investor-kind').textContent).toBe('Entity');
    expect(within(status).getByTestId('investor-name').textContent).toBe('Hopper Family Trust');
    expect(
      within(status)
        .getAllByTestId('investor-owner')
        .map((o) => o.getAttribute('data-kyc')),
    ).toEqual(['approved', 'approved']);
  }, 30_000);

  it('tells a refusal of the investing service as a toast, and keeps the form', async () => {
    const { user, alerts } = await renderInvesting({
      getUserDetails: () => notOnboarded,
      onBoardIndividual: () => {
        throw new Failure('The investing service refused this: invalid zip', 400);
      },
    });
    const form = await screen.findByRole('form', { name: 'As an individual' });
    await fillPerson(user, form, grace);
    await user.click(within(form).getByRole('button', { name: 'Complete my profile' }));
    await waitFor(() =>
      expect(alerts()).toContainEqual({
        msg: 'The investing service refused this: invalid zip',
        type: 'error',
      }),
    );
    expect(screen.getByRole('form', { name: 'As an individual' })).toBeTruthy();
  });
});

describe('the onboarded investor (issue 35 §3)', () => {
  it('shows why orders are closed until every check is approved and the account accredited', async () => {
    const { container } = await renderInvesting(
      investorRegister({
        ...approvedIndividual,
        kind: 'entity',
        name: 'Hopper Family Trust',
        owners: [
          { name: 'Grace Hopper', kyc: 'approved' },
          { name: 'Alan Turing', kyc: 'pending' },
        ],
      }),
    );
    const status = await screen.findByTestId('investor-status');
    expect(
      within(status)
        .getAllByTestId('investor-owner')
        .map((o) => o.textContent),
    ).toEqual(['Grace HopperApproved', 'Alan TuringPending']);
    expect(within(status).getByTestId('investor-accreditation').textContent).toBe('No evidence yet');
    const closed = 'Orders open once every owner’s identity check is approved and the account is accredited';
    expect(within(status).getByTestId('investor-waiting').textContent).toBe(closed);
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place).toHaveProperty('disabled', true);
    expect(document.getElementById(place.getAttribute('aria-describedby') ?? '')?.textContent).toBe(closed);
    expect(screen.getByTestId('investor-unit-price').textContent).toBe('$100.00 a unit');
    expect(screen.getByTestId('investor-orders-empty')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('uploads accreditation evidence as base64, refusing a file of the wrong kind or size first', async () => {
    const register = investorRegister(approvedIndividual);
    const { user, api, alerts } = await renderInvesting(register);
    const card = await screen.findByTestId('investor-documents');
    const input = within(card).getByLabelText(/^Document/) as HTMLInputElement;
    const upload = within(card).getByRole('button', { name: 'Upload' });
    expect(upload).toHaveProperty('disabled', true);

    await user.upload(input, new File(['x'.repeat(600_001)], 'big.pdf', { type: 'application/pdf' }));
    expect(within(card).getByText('Choose a file of at most 600 kB')).toBeTruthy();
    await user.click(upload);
    expect(api.to('uploadPartyDocument')).toEqual([]);

    await user.upload(
      input,
      new File(['%PDF-1.4 evidence'], 'Test_Approved_All.pdf', { type: 'application/pdf' }),
    );
    expect(within(card).queryByText('Choose a file of at most 600 kB')).toBeNull();
    await user.click(upload);
    await within(card).findByTestId('investor-document');
    expect(api.to('uploadPartyDocument').map((r) => r.input)).toEqual([
      {
        file_name: 'Test_Approved_All.pdf',
        content_type: 'application/pdf',
        content_base64: btoa('%PDF-1.4 evidence'),
      },
    ]);
    expect(within(card).getByTestId('investor-document').textContent).toBe('Test_Approved_All.pdf01-02-2030');
    expect(screen.getByTestId('investor-accreditation').textContent).toBe('Accredited');
    expect(alerts()).toContainEqual({ msg: 'Document uploaded; accreditation: accredited', type: 'success' });
    expect(screen.getByTestId('investor-may-invest')).toBeTruthy();
  });

  it('links a bank account, then shows only its last four digits', async () => {
    const register = investorRegister(approvedIndividual);
    const { user, api, container } = await renderInvesting(register);
    const card = await screen.findByTestId('investor-bank');
    expect((within(card).getByLabelText(/^Account holder/) as HTMLInputElement).value).toBe('Ada Lovelace');
    await user.type(within(card).getByLabelText(/^Routing number/), '12345');
    await user.type(within(card).getByLabelText(/^Account number/), '12');
    await user.click(within(card).getByRole('button', { name: 'Link the bank account' }));
    expect(await within(card).findByText('Enter the 9 digits of the routing number')).toBeTruthy();
    expect(within(card).getByText('Enter the account number: 4 to 17 digits')).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.clear(within(card).getByLabelText(/^Routing number/));
    await user.type(within(card).getByLabelText(/^Routing number/), '021000021');
    await user.clear(within(card).getByLabelText(/^Account number/));
    await user.type(within(card).getByLabelText(/^Account number/), '0001234567');
    await user.selectOptions(within(card).getByLabelText(/^Account type/), 'savings');
    await user.click(within(card).getByRole('button', { name: 'Link the bank account' }));
    const linked = await within(card).findByTestId('investor-bank-linked');
    expect(api.to('linkExternalAccount').map((r) => r.input)).toEqual([
      {
        holder_name: 'Ada Lovelace',
        routing_number: '021000021',
        account_number: '0001234567',
        account_type: 'savings',
      },
    ]);
    expect(linked.textContent).toBe('Savings account ending in 4567In the name of Ada Lovelace');
    expect(card.textContent).not.toContain('0001234567');
  });

  it('places an order once per attempt, lists it, and cancels it once confirmed', async () => {
    const register = investorRegister({
      ...approvedIndividual,
      accreditation: 'accredited',
      may_invest: true,
    });
    const { user, api, alerts, container } = await renderInvesting(register);
    const card = await screen.findByTestId('investor-order');
    const units = within(card).getByLabelText(/^Units/);
    await user.clear(units);
    await user.type(units, '5');
    expect(within(card).getByTestId('investor-order-total').textContent).toBe('$500.00');
    await user.click(within(card).getByRole('button', { name: 'Place order' }));
    const row = await screen.findByTestId('investor-order-row');
    expect(api.to('createOrder').map((r) => r.input)).toEqual([{ units: 5 }]);
    const sent = (api.fetch as unknown as Mock).mock.calls.find(([path]) =>
      String(path).endsWith('/createOrder'),
    );
    expect((sent?.[1] as RequestInit | undefined)?.headers).toHaveProperty('x-command-id');
    expect(alerts()).toContainEqual({ msg: 'Order placed for 5 units', type: 'success' });
    expect(row.getAttribute('data-status')).toBe('created');
    expect(within(row).getByTestId('investor-order-units').textContent).toBe('Units: 5 · $500.00');
    expect(within(row).getByTestId('investor-order-status').textContent).toBe('Created');
    await expectNoAxeViolations(container);

    await user.click(within(row).getByRole('button', { name: 'Cancel order T-1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Your order of 5 units \(\$500\.00\)/)).toBeTruthy();
    await user.click(within(dialog).getByTestId('investor-cancel-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('investor-order-row').getAttribute('data-status')).toBe('canceled'),
    );
    expect(api.to('deleteTrade').map((r) => r.input)).toEqual([{ trade_id: 'T-1' }]);
    expect(within(screen.getByTestId('investor-order-row')).queryByRole('button')).toBeNull();
  });
});

describe('paying an order through North Capital (northcapital_payment)', () => {
  const placed = (over: Partial<InvestorDetails> = {}) =>
    investorRegister({
      ...approvedIndividual,
      accreditation: 'accredited',
      may_invest: true,
      bank: { holder_name: 'Ada Lovelace', account_last4: '6789', account_type: 'checking' },
      card: { brand: 'visa', last4: '4242' },
      orders: [
        {
          trade_id: 'T-1',
          units: 5,
          amount: 50_000,
          status: 'created',
          at: '2030-01-03T12:00:00.000Z',
          payment: null,
        },
      ],
      ...over,
    });

  it('pays an order by the way chosen, once per attempt, and shows the confirmation on the order', async () => {
    const { user, api, alerts, container } = await renderInvesting(placed());
    const row = await screen.findByTestId('investor-order-row');
    await user.click(within(row).getByRole('button', { name: 'Pay order T-1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/moves \$500\.00 for your order of 5 units/)).toBeTruthy();
    const bank = within(dialog).getByLabelText('Bank account ending in 6789 (ACH)') as HTMLInputElement;
    expect(bank.checked).toBe(true);
    await expectNoAxeViolations(container);
    await user.click(within(dialog).getByLabelText('Visa ending in 4242'));
    await user.click(within(dialog).getByTestId('investor-pay-confirm'));
    const paid = await screen.findByTestId('investor-order-payment');
    expect(paid.textContent).toBe('Paid $500.00 by card · reference R-T-1 · Pending');
    // North Capital's trade stays `created` until the money arrives: the badge says it is on its way.
    const badge = within(screen.getByTestId('investor-order-row')).getByTestId('investor-order-status');
    expect(badge.textContent).toBe('Awaiting funds');
    // The order's amount is the server's: the request names the order and the way only.
    expect(api.to('northcapitalPayment').map((r) => r.input)).toEqual([{ trade_id: 'T-1', method: 'card' }]);
    expect(sentHeaders(api, '/northcapital_payment')[0]).toHaveProperty('x-command-id');
    expect(alerts()).toContainEqual({
      msg: 'Payment of $500.00 for order T-1 sent to North Capital',
      type: 'success',
    });
    // Paid: neither paid again nor cancelled from here.
    const after = screen.getByTestId('investor-order-row');
    expect(within(after).queryByRole('button', { name: 'Pay order T-1' })).toBeNull();
    expect(within(after).queryByRole('button', { name: 'Cancel order T-1' })).toBeNull();
  });

  it('asks for a bank account or a card first when none is linked', async () => {
    await renderInvesting(placed({ bank: null, card: null }));
    const row = await screen.findByTestId('investor-order-row');
    expect(within(row).queryByRole('button', { name: 'Pay order T-1' })).toBeNull();
    expect(within(row).getByTestId('investor-order-no-way').textContent).toBe(
      'Link a bank account or a card to pay this order.',
    );
  });
});

const sentHeaders = (api: { fetch: unknown }, path: string) =>
  (api.fetch as unknown as Mock).mock.calls
    .filter(([sent]) => String(sent).endsWith(path))
    .map(([, init]) => (init as RequestInit | undefined)?.headers as Record<string, string> | undefined);

describe("the investor's details and answers (updateIndividual, calculateSuitability)", () => {
  it('corrects only the details typed, refusing an empty or a half address first, and shows the check again', async () => {
    const { user, api, alerts, container } = await renderInvesting(investorRegister(approvedIndividual));
    const status = await screen.findByTestId('investor-status');
    await user.click(within(status).getByRole('button', { name: 'Correct my details' }));
    const form = within(status).getByRole('form', { name: 'Correct my details' });
    await expectNoAxeViolations(container);

    await user.click(within(form).getByRole('button', { name: 'Send the correction' }));
    expect(await within(form).findByText('Change at least one detail')).toBeTruthy();
    await user.type(within(form).getByLabelText(/^City/), 'Napa');
    await user.click(within(form).getByRole('button', { name: 'Send the correction' }));
    expect(
      await within(form).findAllByText('Give the whole address: street, city, state and ZIP code'),
    ).toHaveLength(3);
    expect(api.to('updateIndividual')).toEqual([]);

    await user.clear(within(form).getByLabelText(/^City/));
    await user.type(within(form).getByLabelText(/^Last name/), 'Disapprove');
    await user.click(within(form).getByRole('button', { name: 'Send the correction' }));
    await waitFor(() =>
      expect(within(status).getByTestId('investor-owner').getAttribute('data-kyc')).toBe('disapproved'),
    );
    expect(api.to('updateIndividual').map((r) => r.input)).toEqual([{ last_name: 'Disapprove' }]);
    expect(alerts()).toContainEqual({
      msg: 'Your details are corrected and your identity is checked again',
      type: 'success',
    });
    expect(within(status).queryByRole('form')).toBeNull();
    expect(within(status).getByTestId('investor-waiting')).toBeTruthy();
  });

  it("asks an entity which owner's details are corrected", async () => {
    const register = investorRegister({
      ...approvedIndividual,
      kind: 'entity',
      name: 'Hopper Family Trust',
      owners: [
        { name: 'Grace Hopper', kyc: 'approved' },
        { name: 'Alan Turing', kyc: 'approved' },
      ],
    });
    const { user, api } = await renderInvesting(register);
    const status = await screen.findByTestId('investor-status');
    await user.click(within(status).getByRole('button', { name: 'Correct my details' }));
    const form = within(status).getByRole('form', { name: 'Correct my details' });
    await user.selectOptions(within(form).getByLabelText(/^Whose details/), 'Alan Turing');
    await user.type(within(form).getByLabelText(/^E-mail/), 'alan@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send the correction' }));
    await waitFor(() => expect(api.to('updateIndividual')).toHaveLength(1));
    expect(api.to('updateIndividual')[0]?.input).toEqual({ owner: 1, email: 'alan@example.com' });
  });

  it('records the suitability answers chosen, nothing left out sent, and shows them back to change', async () => {
    const { user, api, container } = await renderInvesting(investorRegister(approvedIndividual));
    const card = await screen.findByTestId('investor-suitability');
    const form = within(card).getByRole('form', { name: 'Suitability' });
    await user.click(within(form).getByRole('button', { name: 'Record my answers' }));
    expect(await within(form).findAllByText('Choose one')).not.toHaveLength(0);
    await user.type(within(form).getByLabelText(/^Years until/), '99');
    await user.click(within(form).getByRole('button', { name: 'Record my answers' }));
    expect(
      await within(form).findByText('Enter a whole number of years, from 0 to 50, or leave it empty'),
    ).toBeTruthy();
    expect(api.to('calculateSuitability')).toEqual([]);

    await user.clear(within(form).getByLabelText(/^Years until/));
    await user.selectOptions(within(form).getByLabelText(/^Risk you are ready/), '3');
    await user.selectOptions(within(form).getByLabelText(/^Experience of investing/), '2');
    await user.selectOptions(within(form).getByLabelText(/^Experience of private/), '1');
    await user.selectOptions(within(form).getByLabelText(/^Objective/), 'growth');
    await user.click(within(form).getByRole('button', { name: 'Record my answers' }));
    const recorded = await within(card).findByTestId('investor-suitability-recorded');
    expect(api.to('calculateSuitability').map((r) => r.input)).toEqual([
      { risk_profile: 3, investment_experience: 2, private_offering_experience: 1, objective: 'growth' },
    ]);
    expect(recorded.textContent).toContain('Moderate');
    expect(recorded.textContent).toContain('Grow the capital');
    await expectNoAxeViolations(container);

    await user.click(within(card).getByRole('button', { name: 'Change my answers' }));
    const again = within(card).getByRole('form', { name: 'Suitability' });
    expect((within(again).getByLabelText(/^Risk you are ready/) as HTMLSelectElement).value).toBe('3');
  });
});

describe("an entity's owner added after onboarding (linkEntityOwner)", () => {
  const trust = (owners: string[]): InvestorDetails => ({
    ...approvedIndividual,
    kind: 'entity',
    name: 'Hopper Family Trust',
    accreditation: 'accredited',
    may_invest: true,
    owners: owners.map((name) => ({ name, kyc: 'approved' as const })),
  });

  it('offers an entity with fewer than four owners another, sends what was typed, and hides at four', async () => {
    const { user, api, alerts, container } = await renderInvesting(
      investorRegister(trust(['Grace Hopper', 'Alan Turing', 'Ada Lovelace'])),
    );
    const card = await screen.findByTestId('investor-add-owner');
    const form = within(card).getByRole('form', { name: 'Add an owner' });
    expect(within(card).getByTestId('investor-owners-count').textContent).toBe('Owners: 3 of 4');
    await expectNoAxeViolations(container);

    // Nothing is sent until the contract's schema takes the person.
    await user.click(within(form).getByRole('button', { name: 'Add the owner' }));
    expect(await within(form).findAllByText('Fill this in')).not.toHaveLength(0);
    expect(api.to('linkEntityOwner')).toEqual([]);

    const claude = { ...grace, first_name: 'Claude', last_name: 'Shannon', email: 'claude@example.com' };
    await fillPerson(user, form, { ...claude, ssn: '123-45-6789' });
    await user.click(within(form).getByRole('button', { name: 'Add the owner' }));
    await waitFor(() => expect(screen.queryByTestId('investor-add-owner')).toBeNull());
    expect(api.to('linkEntityOwner').map((r) => r.input)).toEqual([{ ...claude, ssn: '123-45-6789' }]);
    expect(alerts()).toContainEqual({
      msg: 'Claude Shannon is added as an owner, and their identity is checked',
      type: 'success',
    });
    expect(
      within(screen.getByTestId('investor-status'))
        .getAllByTestId('investor-owner')
        .map((o) => o.textContent),
    ).toEqual([
      'Grace HopperApproved',
      'Alan TuringApproved',
      'Ada LovelaceApproved',
      'Claude ShannonApproved',
    ]);
  }, 30_000);

  it('sends no SSN left empty, and shows orders closed while the new owner is pending', async () => {
    const { user, api } = await renderInvesting(investorRegister(trust(['Grace Hopper'])));
    const form = within(await screen.findByTestId('investor-add-owner')).getByRole('form', {
      name: 'Add an owner',
    });
    const hal = { ...grace, first_name: 'Hal', last_name: 'Review', email: 'hal@example.com' };
    await fillPerson(user, form, { ...hal, ssn: '' });
    await user.click(within(form).getByRole('button', { name: 'Add the owner' }));
    const status = screen.getByTestId('investor-status');
    await waitFor(() => expect(within(status).getAllByTestId('investor-owner')).toHaveLength(2));
    expect(api.to('linkEntityOwner').map((r) => r.input)).toEqual([hal]);
    expect(within(status).getAllByTestId('investor-owner')[1]?.getAttribute('data-kyc')).toBe('pending');
    expect(within(status).getByTestId('investor-waiting')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place order' })).toHaveProperty('disabled', true);
    // Room for two more: the form stays, emptied for the next owner.
    expect(screen.getByTestId('investor-owners-count').textContent).toBe('Owners: 2 of 4');
    expect((within(form).getByLabelText(/^First name/) as HTMLInputElement).value).toBe('');
  }, 30_000);

  it('is not offered to an individual', async () => {
    await renderInvesting(investorRegister(approvedIndividual));
    await screen.findByTestId('investor-dashboard');
    expect(screen.queryByTestId('investor-add-owner')).toBeNull();
  });

  it('is not offered to an entity that has its four owners', async () => {
    await renderInvesting(investorRegister(trust(['A One', 'B Two', 'C Three', 'D Four'])));
    await screen.findByTestId('investor-dashboard');
    expect(screen.queryByTestId('investor-add-owner')).toBeNull();
  });
});

describe("the investor's money at North Capital (bank, card, holdings, documents)", () => {
  const linkedBank = {
    ...approvedIndividual,
    bank: { holder_name: 'Ada Lovelace', account_last4: '6789', account_type: 'checking' },
  };

  it('changes the linked bank account from what North Capital holds, and unlinks it once confirmed', async () => {
    const { user, api, alerts } = await renderInvesting(investorRegister(linkedBank));
    const card = await screen.findByTestId('investor-bank');
    await user.click(within(card).getByRole('button', { name: 'Change' }));
    const holder = (await within(card).findByLabelText(/^Account holder/)) as HTMLInputElement;
    expect(holder.value).toBe('Ada Lovelace');
    await user.type(within(card).getByLabelText(/^Routing number/), '021000021');
    await user.type(within(card).getByLabelText(/^Account number/), '000111222333');
    await user.click(within(card).getByRole('button', { name: 'Link this account instead' }));
    await waitFor(() =>
      expect(within(card).getByTestId('investor-bank-linked').textContent).toContain('2333'),
    );
    expect(api.to('updateLinkExternalAccount').map((r) => r.input)).toEqual([
      {
        holder_name: 'Ada Lovelace',
        routing_number: '021000021',
        account_number: '000111222333',
        account_type: 'checking',
      },
    ]);
    expect(alerts()).toContainEqual({
      msg: 'Bank account ending in 2333 is the one linked now',
      type: 'success',
    });
    expect(card.textContent).not.toContain('000111222333');

    await user.click(within(card).getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The account ending in 2333 no longer pays your orders.')).toBeTruthy();
    await user.click(within(dialog).getByTestId('investor-bank-unlink-confirm'));
    await within(card).findByRole('button', { name: 'Link the bank account' });
    expect(api.to('deleteExternalAccount')).toHaveLength(1);
  });

  it('links a card once per attempt, clears its number and code, shows brand, last four and expiry only', async () => {
    const { user, api, alerts, container } = await renderInvesting(investorRegister(approvedIndividual));
    const card = await screen.findByTestId('investor-card');
    expect((within(card).getByLabelText(/^Name on the card/) as HTMLInputElement).value).toBe('Ada Lovelace');
    await user.type(within(card).getByLabelText(/^Card number/), '4242 4242');
    await user.type(within(card).getByLabelText(/^Month/), '13');
    await user.type(within(card).getByLabelText(/^Year/), '30');
    await user.type(within(card).getByLabelText(/^Security code/), '7');
    await user.click(within(card).getByRole('button', { name: 'Link the card' }));
    expect(await within(card).findByText('Enter the card number: 13 to 19 digits')).toBeTruthy();
    expect(within(card).getByText('Enter the month: 1 to 12')).toBeTruthy();
    expect(within(card).getByText('Enter the year: 4 digits')).toBeTruthy();
    expect(within(card).getByText('Enter the 3 or 4 digits of the security code')).toBeTruthy();
    expect(api.to('addCreditCard')).toEqual([]);
    await expectNoAxeViolations(container);

    for (const [label, text] of [
      [/^Card number/, '4242 4242 4242 4242'],
      [/^Month/, '12'],
      [/^Year/, '2030'],
      [/^Security code/, '737'],
    ] as const) {
      await user.clear(within(card).getByLabelText(label));
      await user.type(within(card).getByLabelText(label), text);
    }
    await user.click(within(card).getByRole('button', { name: 'Link the card' }));
    const linked = await within(card).findByTestId('investor-card-linked');
    expect(api.to('addCreditCard').map((r) => r.input)).toEqual([
      {
        name_on_card: 'Ada Lovelace',
        card_number: '4242424242424242',
        exp_month: 12,
        exp_year: 2030,
        cvv: '737',
      },
    ]);
    expect(sentHeaders(api, '/addCreditCard')[0]).toHaveProperty('x-command-id');
    expect(alerts()).toContainEqual({ msg: 'Card ending in 4242 linked', type: 'success' });
    await waitFor(() =>
      expect(within(linked).getByTestId('investor-card-expiry').textContent).toBe('Expires 12/2030'),
    );
    expect(linked.textContent).toContain('Visa ending in 4242');
    expect(card.textContent).not.toMatch(/4242424242424242|737/);

    await user.click(within(card).getByRole('button', { name: 'Change' }));
    expect((within(card).getByLabelText(/^Card number/) as HTMLInputElement).value).toBe('');
    await user.type(within(card).getByLabelText(/^Card number/), '5555555555554444');
    await user.type(within(card).getByLabelText(/^Month/), '1');
    await user.type(within(card).getByLabelText(/^Year/), '2031');
    await user.type(within(card).getByLabelText(/^Security code/), '313');
    await user.click(within(card).getByRole('button', { name: 'Link this card instead' }));
    await waitFor(() =>
      expect(within(card).getByTestId('investor-card-linked').textContent).toContain(
        'Mastercard ending in 4444',
      ),
    );
    expect(api.to('updateCreditCard')).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByTestId('investor-card-remove-confirm'));
    await within(card).findByRole('button', { name: 'Link the card' });
    expect(api.to('deleteCreditCard')).toHaveLength(1);
  }, 30_000);

  it('shows the holdings as North Capital has them, and sends an open order’s documents again', async () => {
    const order = (
      trade_id: string,
      status: 'created' | 'funded' | 'settled' | 'canceled',
      units: number,
    ) => ({
      trade_id,
      units,
      amount: units * 10_000,
      status,
      at: `2030-01-0${units}T12:00:00.000Z`,
      payment: null,
    });
    const register = investorRegister({
      ...approvedIndividual,
      accreditation: 'accredited',
      may_invest: true,
      orders: [order('T-3', 'settled', 3), order('T-2', 'funded', 2), order('T-1', 'canceled', 1)],
    });
    const { user, api, alerts } = await renderInvesting(register);
    const holdings = await screen.findByTestId('investor-holdings');
    await within(holdings).findAllByTestId('investor-holding');
    expect(
      within(holdings)
        .getAllByTestId('investor-holding')
        .map((row) => row.getAttribute('data-status')),
    ).toEqual(['settled', 'funded', 'canceled']);
    expect(within(holdings).getByTestId('investor-holdings-totals').textContent).toBe(
      'Placed$0.00Funded$200.00Settled$300.00Units held3',
    );

    const rows = within(screen.getByTestId('investor-orders')).getAllByTestId('investor-order-row');
    expect(
      rows.map((row) => within(row).queryByRole('button', { name: 'Resend documents' }) !== null),
    ).toEqual([false, true, false]);
    await user.click(
      within(rows[1] as HTMLElement).getByRole('button', {
        name: 'Resend documents',
        description: 'Send the subscription documents of order T-2 again',
      }),
    );
    await waitFor(() => expect(api.to('resendDocuSign').map((r) => r.input)).toEqual([{ trade_id: 'T-2' }]));
    expect(sentHeaders(api, '/resendDocuSign')[0]).toHaveProperty('x-command-id');
    await waitFor(() =>
      expect(alerts()).toContainEqual({ msg: 'The subscription documents are sent again', type: 'success' }),
    );
  });

  it("lists the documents North Capital keeps, and takes an entity's own papers", async () => {
    const register = investorRegister({
      ...approvedIndividual,
      kind: 'entity',
      name: 'Hopper Family Trust',
      owners: [{ name: 'Grace Hopper', kyc: 'approved' }],
    });
    const { user, api, container } = await renderInvesting(register);
    const card = await screen.findByTestId('investor-kept-documents');
    expect(await within(card).findByTestId('investor-kept-documents-empty')).toBeTruthy();
    await user.upload(
      within(card).getByLabelText(/^Entity document/),
      new File(['%PDF-1.4 deed'], 'Trust deed.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(card).getByRole('button', { name: 'Upload the entity document' }));
    expect((await within(card).findByTestId('investor-kept-document')).textContent).toBe(
      'Trust deed.pdf01-04-2030',
    );
    expect(api.to('uploadEntityDocument').map((r) => r.input)).toEqual([
      { file_name: 'Trust deed.pdf', content_type: 'application/pdf', content_base64: btoa('%PDF-1.4 deed') },
    ]);
    await expectNoAxeViolations(container);

    await user.click(within(card).getByText('Primary owner'));
    await waitFor(() =>
      expect(within(card).getByTestId('investor-kept-document').textContent).toContain('Passport'),
    );
    expect(within(card).queryByLabelText(/^Entity document/)).toBeNull();
    expect(api.to('getuploadPartyDocument').map((r) => r.input)).toEqual(
      expect.arrayContaining([{ of: 'entity' }, { of: 'party' }]),
    );
  });
});

describe('accreditation evidence files', () => {
  it('takes a PDF, PNG or JPEG by its type or extension, up to 600 kB, under a name the contract takes', () => {
    expect(evidenceType({ name: 'a.pdf', type: 'application/pdf' })).toBe('application/pdf');
    expect(evidenceType({ name: 'scan.JPEG', type: '' })).toBe('image/jpeg');
    expect(evidenceType({ name: 'a.gif', type: 'image/gif' })).toBeNull();
    expect(evidenceProblem(null)).toBe('ui.investing.errNoFile');
    expect(evidenceProblem({ name: 'a.txt', type: 'text/plain', size: 10 })).toBe('ui.investing.errFileType');
    expect(evidenceProblem({ name: 'a.png', type: 'image/png', size: 600_000 })).toBeNull();
    expect(evidenceProblem({ name: 'a.png', type: 'image/png', size: 600_001 })).toBe(
      'ui.investing.errFileSize',
    );
    expect(evidenceName('Relevé bancaire+2030.PDF', 'application/pdf')).toBe('Relev_ bancaire_2030.pdf');
    expect(evidenceName('letter', 'image/png')).toBe('letter.png');
    expect(evidenceName('ünï.jpg', 'image/jpeg')).toBe('_n_.jpg');
    expect(evidenceName('   .pdf', 'application/pdf')).toBe('document.pdf');
  });
});
