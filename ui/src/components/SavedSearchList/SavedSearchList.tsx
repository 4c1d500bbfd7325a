import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { SavedSearchRecord } from '@wine/contracts';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callForMessage, errorMessage, messageOr } from '../../api/client.ts';
import { invalidateAction } from '../../api/queries.ts';
import { pushAlertAtom } from '../../state/alerts.ts';
import { confirmDialog } from '../ConfirmDialog/confirm-dialog.tsx';
import { browseParamsOf, filterSummary } from './filters.ts';
import classes from './SavedSearchList.module.css';

export interface SavedSearchListProps {
  records: SavedSearchRecord[];
}

/** seeds 000 §2.1 /saved_search: each search's name, its filters, Run, the mail switch and Delete. */
export function SavedSearchList({ records }: SavedSearchListProps) {
  const { t } = useTranslation();
  if (records.length === 0) {
    return (
      <Stack gap="sm" data-testid="saved-searches-empty">
        <Text>{t('ui.savedSearch.empty')}</Text>
        <Button component={Link} to="/search" variant="light" w="fit-content">
          {t('ui.savedSearch.browse')}
        </Button>
      </Stack>
    );
  }
  return (
    <ul className={classes.list} data-testid="saved-searches">
      {records.map((record) => (
        <li key={record.id}>
          <SavedSearchRow record={record} />
        </li>
      ))}
    </ul>
  );
}

function SavedSearchRow({ record }: { record: SavedSearchRecord }) {
  const { t } = useTranslation();
  const pushAlert = useSetAtom(pushAlertAtom);
  const queryClient = useQueryClient();
  const [notify, setNotify] = useState(record.notify);
  const [switching, setSwitching] = useState(false);
  const refresh = () => void invalidateAction(queryClient, 'savedSearches');

  const switchNotify = async (next: boolean) => {
    setNotify(next);
    setSwitching(true);
    try {
      const { message } = await callForMessage('savedSearchNotify', { id: record.id, notify: next });
      pushAlert({ msg: messageOr(message, t('ui.savedSearch.notify')), type: 'success' });
      refresh();
    } catch (error) {
      setNotify(!next);
      pushAlert({ msg: errorMessage(error), type: 'error' });
    } finally {
      setSwitching(false);
    }
  };
  const askDelete = () =>
    confirmDialog({
      title: t('ui.savedSearch.deleteNamed', { name: record.name }),
      children: <Text size="sm">{t('ui.savedSearch.deleteConfirm', { name: record.name })}</Text>,
      confirmLabel: t('ui.savedSearch.delete'),
      destructive: true,
      confirmTestId: 'confirm-delete-search',
      onConfirm: async () => {
        const { message } = await callForMessage('deleteSavedSearch', { id: record.id });
        pushAlert({ msg: messageOr(message, t('ui.savedSearch.delete')), type: 'success' });
        refresh();
      },
    });

  return (
    <Card withBorder padding="md" data-testid="saved-search" aria-label={record.name} component="article">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {record.name}
        </Title>
        <Text size="sm" c="dimmed" data-testid="saved-search-summary">
          {filterSummary(record.filters, t)}
        </Text>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Switch
            checked={notify}
            disabled={switching}
            onChange={(event) => void switchNotify(event.currentTarget.checked)}
            label={t('ui.savedSearch.notify')}
            aria-label={t('ui.savedSearch.notifyNamed', { name: record.name })}
          />
          <Group gap="xs">
            <Button
              renderRoot={(props) => <Link {...props} to="/search" search={browseParamsOf(record.filters)} />}
              size="xs"
              aria-label={t('ui.savedSearch.runNamed', { name: record.name })}
            >
              {t('ui.savedSearch.run')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={askDelete}
              aria-label={t('ui.savedSearch.deleteNamed', { name: record.name })}
            >
              {t('ui.savedSearch.delete')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
