import { Group } from '@mantine/core';
import { type Language, languages, toLanguage } from '@wine/contracts';
import { useTranslation } from 'react-i18next';
import { OutlineIcon } from '../OutlineIcon.tsx';

/** The language shown now (i18next's, which the switch and the start-up restore set). */
export function useCurrentLanguage(): Language {
  const { i18n } = useTranslation();
  return toLanguage(i18n.language);
}

/** A language named in its own words ('English', 'Español'). */
export const labelOf = (code: Language) => languages.find((l) => l.code === code)?.label ?? code;

function GlobeIcon() {
  return (
    <OutlineIcon size={16} strokeWidth={1.8}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9s1.3-6.3 3.8-9z" />
    </OutlineIcon>
  );
}

/**
 * The language switch's label: a globe and the language. In the first load (the header's stand-in
 * shows it before the switch's code has come), so it carries no menu.
 */
export function LanguageLabel({ language }: { language: Language }) {
  return (
    <Group gap={6} wrap="nowrap">
      <GlobeIcon />
      <span lang={language}>{labelOf(language)}</span>
    </Group>
  );
}
