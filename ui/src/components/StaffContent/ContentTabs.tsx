import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../ButtonLink.tsx';

/** The content section's two screens, pages and banners, as links (each has its own address). */
export function ContentTabs({ current }: { current: 'pages' | 'banners' }) {
  const { t } = useTranslation();
  const tab = (key: 'pages' | 'banners') =>
    key === current
      ? ({ variant: 'filled', 'aria-current': 'page' } as const)
      : ({ variant: 'default' } as const);
  return (
    <Group component="nav" aria-label={t('ui.content.tabs')} gap="xs" mb="md">
      <ButtonLink to="/admin/pages" size="sm" {...tab('pages')} data-testid="content-tab-pages">
        {t('ui.content.pagesTab')}
      </ButtonLink>
      <ButtonLink to="/admin/banners" size="sm" {...tab('banners')} data-testid="content-tab-banners">
        {t('ui.content.bannersTab')}
      </ButtonLink>
    </Group>
  );
}
