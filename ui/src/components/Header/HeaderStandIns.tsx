import { useTranslation } from 'react-i18next';
import languageClasses from '../LanguageSwitch/LanguageSwitch.module.css';
import { LanguageLabel, useCurrentLanguage } from '../LanguageSwitch/language-label.tsx';
import { OutlineIcon } from '../OutlineIcon.tsx';
import { SearchIcon } from '../SearchSuggest/SearchIcon.tsx';
import classes from './Header.module.css';

/*
 * The desktop header's parts as they look before their code has loaded (Header.tsx): the page painted
 * on the server and the app's first render show them, so the header does not move when the real ones
 * come. CSS hides them below the desktop's breakpoints, as it hides the real ones; they do nothing.
 */

export function ChevronIcon() {
  return (
    <OutlineIcon size={12} strokeWidth={2.5}>
      <path d="m6 9 6 6 6-6" />
    </OutlineIcon>
  );
}

/** The search field's outline and words. */
export function SearchStandIn() {
  const { t } = useTranslation();
  return (
    <div className={classes.searchStandIn} aria-hidden="true">
      <span className={classes.standInText}>{t('ui.header.searchPlaceholder')}</span>
      <span className={classes.standInIcon}>
        <SearchIcon />
      </span>
    </div>
  );
}

/** The More dropdown's label, on its button (MoreMenu.tsx) and on its stand-in. */
export function MoreLabel() {
  const { t } = useTranslation();
  return (
    <span className={classes.moreLabel}>
      {t('ui.siteNav.more')}
      <ChevronIcon />
    </span>
  );
}

/** The More dropdown's label. */
export function MoreStandIn() {
  return (
    <span className={classes.link} aria-hidden="true">
      <MoreLabel />
    </span>
  );
}

/** The language switch's label: the language shown now. */
export function LanguageStandIn() {
  return (
    <div className={languageClasses.trigger} aria-hidden="true">
      <LanguageLabel language={useCurrentLanguage()} />
    </div>
  );
}
