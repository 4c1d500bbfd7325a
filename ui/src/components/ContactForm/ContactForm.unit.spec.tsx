import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure, fakeApi, type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { render } from '../../test-utils/render.tsx';
import { ContactForm } from './ContactForm.tsx';

let restore: () => void = () => {};
afterEach(() => restore());
const serve = (handlers: Handlers) => {
  const api = fakeApi(handlers);
  restore = configureApi({ fetch: api.fetch });
  return api;
};

describe('ContactForm', () => {
  it('asks for the required fields and a valid e-mail before sending anything', async () => {
    const api = serve({});
    const { user, container } = await render(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findAllByText('Required!')).length).toBeGreaterThanOrEqual(3);
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ann@');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
    expect(api.requests).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it('sends the message, says thank you and empties the form', async () => {
    const api = serve({
      submitContactUs: () => withMessage('Thank you for your message. We will get back to you soon.', null),
    });
    const { user, container } = await render(<ContactForm />);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ann Collector');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ann@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Tasting');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Do you host tastings?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('status')).textContent).toContain('Thank you for your message');
    expect(api.to('submitContactUs').map((r) => r.input)).toEqual([
      {
        name: 'Ann Collector',
        email: 'ann@example.com',
        subject: 'Tasting',
        message: 'Do you host tastings?',
      },
    ]);
    expect((screen.getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value).toBe('');
    await expectNoAxeViolations(container);
  });

  it('shows the server’s complaint under its field, and other failures as an alert', async () => {
    let refusal = new Failure('email: Invalid email format', 400, { field: 'email' });
    serve({
      submitContactUs: () => {
        throw refusal;
      },
    });
    const { user } = await render(<ContactForm />);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ann');
    await user.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ann@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Hi');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('email: Invalid email format')).toBeTruthy();
    refusal = new Failure('Too many requests, please try again later', 429, null, 'RATE_LIMITED');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests');
  });
});
