import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client.ts';
import { actionKey } from '../api/queries.ts';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { SavedSearchList } from '../components/SavedSearchList/SavedSearchList.tsx';
import { pageTitle, useDocumentMeta } from '../lib/use-document-meta.ts';
import { currentUserAtom } from '../state/session.ts';

/** seeds 000 §2.1: /saved_search is public; a visitor is asked to sign in, a user sees their searches. */
export const Route = createFileRoute('/saved_search')({
  component: SavedSearchPage,
});

function SavedSearchPage() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  useDocumentMeta({ title: pageTitle(t('ui.savedSearch.title')) });
  const searches = useQuery({
    queryKey: actionKey('savedSearches', {}),
    queryFn: ({ signal }) => call('savedSearches', {}, { signal }),
    enabled: user !== null,
  });
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('ui.savedSearch.title')}</Title>
        {!user ? (
          <Stack gap="sm" data-testid="saved-searches-sign-in">
            <Text>{t('ui.savedSearch.signIn')}</Text>
            <Button component={Link} to="/login" w="fit-content">
              {t('ui.savedSearch.signInLink')}
            </Button>
          </Stack>
        ) : searches.error ? (
          <LoadError error={searches.error} />
        ) : searches.data ? (
          <SavedSearchList records={searches.data.records} />
        ) : null}
      </Stack>
    </Container>
  );
}
