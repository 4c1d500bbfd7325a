import { Badge, Button, Card, Container, Group, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { PageId, type StaffPageRow } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffPagesQuery } from '../../api/queries.ts';
import { formatDateTime } from '../../lib/format.ts';
import { AnchorLink } from '../AnchorLink.tsx';
import { QueryState } from '../QueryState/QueryState.tsx';
import { TableSkeleton } from '../Skeletons/Skeletons.tsx';
import { ContentTable } from './ContentTable.tsx';
import { ContentTabs } from './ContentTabs.tsx';

/**
 * /admin/pages (admins, issue 34 §2 "Content"): the storefront's own pages and any other published,
 * each with whether it is published and its last change; each opens its editor. A new page starts
 * from its id.
 */
export function StaffPages() {
  const { t } = useTranslation();
  const list = useQuery(staffPagesQuery());

  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="md">
        {t('ui.content.pages.title')}
      </Title>
      <ContentTabs current="pages" />
      <NewPage />
      <QueryState
        query={list}
        loader={<TableSkeleton label={t('ui.content.pages.loading')} testId="staff-pages-skeleton" />}
        error="alert"
      >
        {(data) => (
          <>
            <Text c="dimmed" size="sm" mb="sm">
              {t('ui.content.pages.count', { count: data.totalRecords })}
            </Text>
            <ContentTable
              records={data.records}
              keyOf={(row) => row.id}
              columns={[
                t('ui.content.pages.name'),
                t('ui.content.pages.id'),
                t('ui.content.pages.status'),
                t('ui.content.pages.spanish'),
                t('ui.content.pages.changed'),
                t('ui.content.pages.versions'),
              ]}
              cells={(row) => [
                <PageLink key="link" row={row} />,
                `/${row.id}`,
                <PublishedBadge key="status" row={row} />,
                <Translated key="spanish" row={row} />,
                <LastChange key="changed" row={row} />,
                row.versions,
              ]}
              card={(row) => (
                <Card withBorder padding="sm" data-testid="staff-page-card">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <PageLink row={row} />
                    <PublishedBadge row={row} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    /{row.id} · {t('ui.content.pages.changed')}: <LastChange row={row} />
                    {row.updated_at ? (
                      <>
                        {' · '}
                        <Translated row={row} />
                      </>
                    ) : null}
                  </Text>
                </Card>
              )}
              minWidth={860}
              testId="staff-pages"
              rowTestId="staff-page-row"
            />
          </>
        )}
      </QueryState>
    </Container>
  );
}

function PageLink({ row }: { row: StaffPageRow }) {
  const { t } = useTranslation();
  return (
    <AnchorLink to="/admin/pages/$id" params={{ id: row.id }} fw={600} style={{ overflowWrap: 'anywhere' }}>
      {row.title ?? t('ui.content.pages.untitled', { id: row.id })}
    </AnchorLink>
  );
}

function PublishedBadge({ row }: { row: StaffPageRow }) {
  const { t } = useTranslation();
  return row.updated_at ? (
    <Badge color="green" variant="light" data-testid="page-status">
      {t('ui.content.pages.published')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" data-testid="page-status">
      {t('ui.content.pages.notPublished')}
    </Badge>
  );
}

/** Whether the page has a Spanish version (issue 34 §2); nothing for a page never published. */
function Translated({ row }: { row: StaffPageRow }) {
  const { t } = useTranslation();
  if (!row.updated_at) return null;
  return (
    <span data-testid="page-translated">
      {row.translated ? t('ui.content.pages.translated') : t('ui.content.pages.notTranslated')}
    </span>
  );
}

function LastChange({ row }: { row: StaffPageRow }) {
  const { t } = useTranslation();
  return <>{row.updated_at ? formatDateTime(row.updated_at) : t('ui.content.never')}</>;
}

/** A page of its own: its id, checked as the server checks it, opens an empty editor. */
function NewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = () => {
    if (!PageId.safeParse(id.trim()).success) {
      setError(t('ui.content.pages.newIdInvalid'));
      return;
    }
    void navigate({ to: '/admin/pages/$id', params: { id: id.trim() } });
  };
  return (
    <Card withBorder mb="md" component="section" aria-labelledby="new-page-title">
      <Title order={2} fz={18} id="new-page-title" mb="xs">
        {t('ui.content.pages.newTitle')}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create();
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('ui.content.pages.newId')}
            description={t('ui.content.pages.newIdHint')}
            value={id}
            onChange={(event) => {
              setId(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={64}
            autoCapitalize="none"
            spellCheck={false}
            style={{ flex: '1 1 240px' }}
            data-testid="new-page-id"
          />
          <Button type="submit" mt={{ base: 0, sm: 46 }} data-testid="new-page-create">
            {t('ui.content.pages.create')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
