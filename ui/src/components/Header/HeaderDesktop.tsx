import { SearchSuggest } from '../SearchSuggest/SearchSuggest.tsx';
import classes from './Header.module.css';

/**
 * The desktop header's dropdowns (seeds 000 §2.5): loaded once the viewport is wide enough to show
 * them (Header.tsx), so a phone's first load carries neither them nor their positioning library.
 */
export { BrowseMegaMenu } from '../BrowseMenu/BrowseMenu.tsx';
export { LanguageMenu } from '../LanguageSwitch/LanguageSwitch.tsx';
export { AccountMenu } from './AccountMenu.tsx';
export { MoreMenu } from './MoreMenu.tsx';

/** Product search with suggestions: a suggestion opens its lot, Enter searches /search. */
export function DesktopSearch() {
  return <SearchSuggest className={classes.search} />;
}
