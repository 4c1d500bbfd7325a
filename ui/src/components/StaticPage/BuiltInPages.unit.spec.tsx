import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { company } from '../../config/company.ts';
import { i18n } from '../../i18n/index.ts';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { ContactDetails, PrivacyAccessibility } from './BuiltInPages.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the built-in privacy and accessibility page', () => {
  it('covers order data, browsing data, third-party links, no selling, changes and Disabled Access', async () => {
    const { container } = await render(<PrivacyAccessibility />);
    const text = container.textContent ?? '';
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy & Accessibility' })).toBeTruthy();
    expect(text).toMatch(/name, e-mail address, postal address and card number/);
    expect(text).toMatch(/how visitors browse/);
    expect(text).toMatch(/links to other websites/);
    expect(text).toMatch(/do not sell/);
    expect(text).toMatch(/If we change this policy/);
    expect(text).toMatch(/"Disabled Access" in the subject line/);
    const mail = screen.getByRole('link', { name: /^E-mail / });
    expect(mail.getAttribute('href')).toMatch(/^mailto:.+\?subject=Disabled%20Access$/);
    expect(screen.getByRole('link', { name: `Call ${company.phone}` }).getAttribute('href')).toBe(
      company.phoneHref,
    );
    await expectNoAxeViolations(container);
  });

  it('is in Spanish when the language is Spanish', async () => {
    await i18n.changeLanguage('es');
    await render(<PrivacyAccessibility />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacidad y accesibilidad' })).toBeTruthy();
  });
});

describe('the built-in contact page', () => {
  it('lists the address, phone, e-mail addresses and the hours', async () => {
    const { container } = await render(<ContactDetails />);
    const table = screen.getByTestId('contact-details');
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr');
    expect(row('Address')?.textContent).toContain(company.address);
    expect(row('Phone')?.textContent).toContain(company.phone);
    expect(
      within(row('General enquiries') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toMatch(/^mailto:/);
    expect(
      within(row('Selling wine') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toMatch(/^mailto:/);
    expect(row('Hours')?.textContent).toContain('Monday–Friday, 9:30 AM – 5:30 PM');
    await expectNoAxeViolations(container);
  });

  it('shows the hours in Spanish on a Spanish page', async () => {
    await i18n.changeLanguage('es');
    await render(<ContactDetails />);
    const table = screen.getByTestId('contact-details');
    expect(table.textContent).toMatch(/Lunes–viernes, 9:30 a\.\s?m\. – 5:30 p\.\s?m\./);
    expect(table.textContent).not.toContain('Monday');
  });
});
