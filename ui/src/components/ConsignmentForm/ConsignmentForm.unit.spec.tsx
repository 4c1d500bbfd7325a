import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { fakeApi, type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { render } from '../../test-utils/render.tsx';
import { ConsignmentForm } from './ConsignmentForm.tsx';

let restore: () => void = () => {};
afterEach(() => restore());
const serve = (handlers: Handlers) => {
  const api = fakeApi(handlers);
  restore = configureApi({ fetch: api.fetch });
  return api;
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const png = (name: string) => new File([PNG], name, { type: 'image/png' });

async function fillIn(user: Awaited<ReturnType<typeof render>>['user']) {
  await user.type(screen.getByRole('textbox', { name: /^Which wines/ }), 'Six 1990 Margaux');
  await user.type(screen.getByRole('spinbutton', { name: /^How many bottles/ }), '6');
  await user.click(screen.getByRole('radio', { name: 'Other' }));
  await user.type(
    await screen.findByRole('textbox', { name: /^Where are they stored/ }),
    'A friend’s cellar',
  );
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ann Collector');
  await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ann@example.com');
  await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '312 555 0199');
}

describe('ConsignmentForm', () => {
  it('asks for what the merchant needs before sending anything', async () => {
    const api = serve({});
    const { user, container } = await render(<ConsignmentForm />);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect((await screen.findAllByText('Required!')).length).toBeGreaterThanOrEqual(5);
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Say where the wines are stored')).toBeTruthy();
    expect(api.requests).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it('sends the enquiry with its photos in the body and empties the form', async () => {
    const api = serve({
      sellYourWine: () =>
        withMessage('Thank you. Our wine specialists will contact you about your wines soon.', null),
    });
    const { user, container } = await render(<ConsignmentForm />);
    await fillIn(user);
    await user.upload(screen.getByLabelText(/^Photos/), [png('label.png')]);
    expect(await screen.findByRole('button', { name: 'Remove label.png' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect((await screen.findByRole('status')).textContent).toContain('Our wine specialists');
    expect(api.to('sellYourWine').map((r) => r.input)).toEqual([
      {
        wines: 'Six 1990 Margaux',
        bottles: 6,
        storage: 'other',
        storage_other: 'A friend’s cellar',
        name: 'Ann Collector',
        email: 'ann@example.com',
        phone: '312 555 0199',
        photos: [{ name: 'label.png', type: 'image/png', data: btoa(String.fromCharCode(...PNG)) }],
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Remove label.png' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('refuses a file that is not an image by its bytes, and more than three photos', async () => {
    serve({});
    const { user } = await render(<ConsignmentForm />);
    const input = screen.getByLabelText(/^Photos/);
    const fake = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'fake.png', { type: 'image/png' });
    await user.upload(input, [fake]);
    expect(await screen.findByText('Photos must be JPEG, PNG or WebP images')).toBeTruthy();
    await user.upload(input, [png('1.png'), png('2.png'), png('3.png'), png('4.png')]);
    expect(await screen.findByText('At most 3 photos')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});
