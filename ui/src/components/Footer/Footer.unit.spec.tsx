import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from '../../api/client.ts';
import { company } from '../../config/company.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { Failure, fakeApi, type Handlers, withMessage } from '../../test-utils/fake-api.ts';
import { render } from '../../test-utils/render.tsx';
import { Footer } from './Footer.tsx';

let restore: () => void = () => {};
afterEach(() => restore());
const serve = (handlers: Handlers) => {
  const api = fakeApi(handlers);
  restore = configureApi({ fetch: api.fetch });
  return api;
};

describe('Footer', () => {
  it('shows the tagline, the page links, the merchant’s links and this year in the copyright line', async () => {
    const { container } = await render(<Footer />);
    expect(screen.getByText('FINE WINE WITH IMPECCABLE PROVENANCE')).toBeTruthy();
    const pages = {
      'Terms & Conditions': '/terms-conditions',
      'Delivery Collection & Storage': '/delivery',
      'Contact Us': '/contact-us',
      'Privacy & Accessibility': '/privacy-policy',
    };
    for (const [name, href] of Object.entries(pages)) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const map = screen.getByRole('link', { name: new RegExp(company.address) });
    expect(map.getAttribute('href')).toBe(company.mapUrl);
    expect(map.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: company.phone }).getAttribute('href')).toBe('tel:+13125550100');
    expect(screen.getByRole('link', { name: company.email }).getAttribute('href')).toBe(
      `mailto:${company.email}`,
    );
    expect(screen.getByRole('link', { name: /Instagram/ }).getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Monday–Friday, 9:30 AM – 5:30 PM')).toBeTruthy();
    expect(screen.getByTestId('copyright').textContent).toContain(String(new Date().getFullYear()));
    await expectNoAxeViolations(container);
  });

  it("asks for the newsletter e-mail: 'Required', then 'Invalid email format', and sends nothing", async () => {
    const api = serve({});
    const { user } = await render(<Footer />);
    const field = screen.getByRole('textbox', { name: 'E-mail for the newsletter' });
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    await user.type(field, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
    // Nothing sent but the read of the merchant's details the footer shows (issue 31).
    expect(api.requests.filter((r) => r.action !== 'getFooterLinks')).toEqual([]);
  });

  it('subscribes a valid address, says so and clears the field', async () => {
    const api = serve({
      addNewsletterContact: () => withMessage('Subscribed to newsletter successfully', null),
    });
    const { user, container } = await render(<Footer />);
    const field = screen.getByRole('textbox', { name: 'E-mail for the newsletter' }) as HTMLInputElement;
    await user.type(field, ' Collector@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('status')).textContent).toBe('Subscribed to newsletter successfully');
    await waitFor(() => expect(field.value).toBe(''));
    expect(api.to('addNewsletterContact').map((r) => r.input)).toEqual([{ email: 'collector@example.com' }]);
    await expectNoAxeViolations(container);
  });

  it("says 'Something went wrong!' when the sign-up fails without a message, and keeps the address", async () => {
    serve({
      addNewsletterContact: () => {
        throw new Failure('', 500, null, 'INTERNAL');
      },
    });
    const { user } = await render(<Footer />);
    const field = screen.getByRole('textbox', { name: 'E-mail for the newsletter' }) as HTMLInputElement;
    await user.type(field, 'collector@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong!');
    expect(field.value).toBe('collector@example.com');
  });
});
