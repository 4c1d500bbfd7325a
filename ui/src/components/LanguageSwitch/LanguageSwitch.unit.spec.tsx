import { screen, within } from '@testing-library/react';
import { i18n } from '@wine/contracts';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test-utils/axe.ts';
import { render } from '../../test-utils/render.tsx';
import { LanguageChoice, LanguageMenu } from './LanguageSwitch.tsx';

describe('LanguageMenu', () => {
  it('names the current language and offers each language in its own words', async () => {
    const { user, container } = await render(<LanguageMenu />, { mantineEnv: 'test' });
    const trigger = screen.getByRole('button', { name: 'Language: English' });
    await expectNoAxeViolations(container);
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['Español', 'es'],
    ]);
    expect(items[0]?.getAttribute('aria-current')).toBe('true');
    // (The open dropdown is not run through axe: Mantine puts its own focus sentinel in every menu.)

    await user.click(within(menu).getByRole('menuitem', { name: 'Español' }));
    expect(i18n.language).toBe('es');
    expect(await screen.findByRole('button', { name: 'Idioma: Español' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('es');
  });
});

describe('LanguageChoice', () => {
  it('switches between English and Español', async () => {
    const { user, container } = await render(<LanguageChoice />);
    const group = screen.getByRole('radiogroup', { name: 'Language' });
    expect(within(group).getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    await expectNoAxeViolations(container);

    await user.click(within(group).getByRole('radio', { name: 'Español' }));
    expect(i18n.language).toBe('es');
    const spanish = await screen.findByRole('radiogroup', { name: 'Idioma' });
    expect(within(spanish).getByRole('radio', { name: 'Español' })).toHaveProperty('checked', true);
  });
});
