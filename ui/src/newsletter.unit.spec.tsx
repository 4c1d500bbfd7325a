import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from './i18n/index.ts';
import { renderApp } from './test-utils/app.tsx';
import { expectNoAxeViolations } from './test-utils/axe.ts';
import { Failure, withMessage } from './test-utils/fake-api.ts';

afterEach(() => localStorage.removeItem(LANGUAGE_KEY));

const c = 'ab'.repeat(32);
const e = '1798000000';
const t = 'tok_EN-abcdefghijklmnopqrstuvwxy';
const invalidLink = () => {
  throw new Failure(
    'This newsletter link is not valid or has expired; sign up again at the foot of any page',
    400,
    { field: 'token' },
    'NEWSLETTER_LINK_INVALID',
  );
};

describe('the newsletter confirmation page (issue 34, double opt-in)', () => {
  it('confirms the sign-up once on opening the link, without a sign-in, and says so', async () => {
    const { api } = await renderApp(`/newsletter/confirm?c=${c}&e=${e}&t=${t}`, {
      api: {
        confirmNewsletterContact: () =>
          withMessage('ann@example.com is subscribed to our newsletter', { email: 'ann@example.com' }),
      },
    });
    await screen.findByRole('heading', { name: 'Newsletter subscription', level: 1 });
    expect((await screen.findByTestId('newsletter-confirmed')).textContent).toBe(
      'ann@example.com is subscribed to our newsletter',
    );
    expect(api.to('confirmNewsletterContact').map((r) => [r.input, r.authorization])).toEqual([
      [{ c, e, t }, undefined],
    ]);
    await expectNoAxeViolations(screen.getByRole('main'));
  });

  it('says a refused link (an edited, expired or earlier one, by its code) is not valid', async () => {
    await renderApp(`/newsletter/confirm?c=${c}&e=${e}&t=${t}`, {
      api: { confirmNewsletterContact: invalidLink },
    });
    expect((await screen.findByTestId('newsletter-confirm-failed')).textContent).toBe(
      'This confirmation link is not valid or has expired. Sign up again with the newsletter field at the foot of any page.',
    );
  });

  it('says a link missing its parts is not valid, asking nothing', async () => {
    const { api } = await renderApp(`/newsletter/confirm?c=${c}&e=${e}`);
    expect((await screen.findByTestId('newsletter-confirm-failed')).textContent).toContain('not valid');
    expect(api.to('confirmNewsletterContact')).toEqual([]);
  });

  it('reads in Spanish', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    await renderApp(`/newsletter/confirm?c=${c}&e=${e}&t=${t}`, {
      api: {
        confirmNewsletterContact: () =>
          withMessage('ann@example.com está suscrito a nuestro boletín', { email: 'ann@example.com' }),
      },
    });
    await screen.findByRole('heading', { name: 'Suscripción al boletín', level: 1 });
    expect(await screen.findByText(/Cada correo trae un enlace para darte de baja/)).toBeTruthy();
  });
});

describe('the newsletter unsubscribe page (the link of every marketing mail)', () => {
  it('asks first, then takes the address off without a sign-in and says so', async () => {
    const { user, api } = await renderApp(`/newsletter/unsubscribe?c=${c}&t=${t}`, {
      api: {
        leaveNewsletter: () =>
          withMessage('ann@example.com is off our newsletter list', { email: 'ann@example.com' }),
      },
    });
    await screen.findByRole('heading', { name: 'Unsubscribe from the newsletter', level: 1 });
    expect(screen.getByText('Take this address off our newsletter list?')).toBeTruthy();
    expect(api.to('leaveNewsletter')).toHaveLength(0);
    await expectNoAxeViolations(screen.getByRole('main'));
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByTestId('newsletter-left')).textContent).toBe(
      'ann@example.com is off our newsletter list',
    );
    expect(api.to('leaveNewsletter').map((r) => [r.input, r.authorization])).toEqual([[{ c, t }, undefined]]);
  });

  it('says a refused link is not valid (by its code)', async () => {
    const { user } = await renderApp(`/newsletter/unsubscribe?c=${c}&t=${t}`, {
      api: { leaveNewsletter: invalidLink },
    });
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByTestId('newsletter-leave-invalid')).textContent).toBe(
      'This unsubscribe link is not valid. Use the link at the end of the newsletter e-mail.',
    );
  });

  it('says a link without its signature is not valid, asking nothing', async () => {
    await renderApp(`/newsletter/unsubscribe?c=${c}`);
    expect((await screen.findByTestId('newsletter-leave-invalid')).textContent).toContain('not valid');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('reads in Spanish', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'es');
    await renderApp(`/newsletter/unsubscribe?c=${c}&t=${t}`);
    await screen.findByRole('heading', { name: 'Darse de baja del boletín', level: 1 });
    expect(screen.getByRole('button', { name: 'Darme de baja' })).toBeTruthy();
  });
});
