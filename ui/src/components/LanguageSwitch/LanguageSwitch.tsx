import { Menu, SegmentedControl, UnstyledButton } from '@mantine/core';
import { isLanguage, languages } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../i18n/index.ts';
import classes from './LanguageSwitch.module.css';
import { LanguageLabel, labelOf, useCurrentLanguage } from './language-label.tsx';

/**
 * The header's language switch (desktop): the current language, and a menu of the others, each
 * named in its own language (seeds 000 §1: for_english, for_spanish). The choice is remembered.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.trigger}
          aria-label={t('ui.language.current', { language: labelOf(current) })}
          data-testid="language-menu"
        >
          <LanguageLabel language={current} />
        </UnstyledButton>
      </Menu.Target>
      {/* Named by its button ('Language: English'); a label inside a menu is not a menu item. */}
      <Menu.Dropdown>
        {languages.map((language) => (
          <Menu.Item
            key={language.code}
            lang={language.code}
            aria-current={language.code === current || undefined}
            fw={language.code === current ? 600 : undefined}
            onClick={() => chooseLanguage(language.code)}
          >
            {language.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same choice in the mobile menu: both languages side by side. */
export function LanguageChoice() {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  return (
    <SegmentedControl
      fullWidth
      size="sm"
      aria-label={t('ui.language.label')}
      data-testid="language-choice"
      value={current}
      onChange={(value) => {
        if (isLanguage(value)) chooseLanguage(value);
      }}
      data={languages.map((language) => ({
        value: language.code,
        label: <span lang={language.code}>{language.label}</span>,
      }))}
    />
  );
}
