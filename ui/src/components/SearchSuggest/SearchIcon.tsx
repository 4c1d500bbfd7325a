import { OutlineIcon } from '../OutlineIcon.tsx';

/** The magnifier of the search field, also the header's search button. */
export function SearchIcon() {
  return (
    <OutlineIcon size={18} strokeWidth={2}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </OutlineIcon>
  );
}
