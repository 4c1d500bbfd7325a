import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const controlLabels = {
  first: 'ui.search.firstPage',
  previous: 'ui.search.previousPage',
  next: 'ui.search.nextPage',
  last: 'ui.search.lastPage',
} as const;

export interface PagerProps {
  page: number;
  pageSize: number;
  totalRecords: number;
  onPage: (page: number) => void;
}

/** The pages of a list; nothing when everything fits on one. */
export function Pager({ page, pageSize, totalRecords, onPage }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(totalRecords / pageSize));
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="lg" component="nav" aria-label={t('ui.pager.label')}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        getControlProps={(control) => ({ 'aria-label': t(controlLabels[control]) })}
        data-testid="pagination"
      />
    </Group>
  );
}
