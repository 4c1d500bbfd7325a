import { Alert, Button, Card, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import type { OutboxMessage } from '@wine/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../api/client.ts';
import { ButtonLink } from '../components/ButtonLink.tsx';
import { LoadError } from '../components/LoadError/LoadError.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useDocumentMeta } from '../lib/use-document-meta.ts';

const refusedCaller = new Set<ApiError['code']>(['ROLE_REQUIRED', 'SWITCHED_SESSION', 'SESSION_INVALID']);

type Outbox =
  | { present: true; records: OutboxMessage[] }
  | { present: false; reason: 'absent' | 'admins-only' };

/**
 * The embedded mailer's outbox: the e-mails the product would have sent. It holds every code and
 * link mailed, so only an admin's session may read it.
 */
export const Route = createFileRoute('/dev/outbox')({
  loader: async (): Promise<Outbox> => {
    try {
      const { records } = await call('devOutbox', {});
      return { present: true, records: [...records].sort((a, b) => b.sentAt.localeCompare(a.sentAt)) };
    } catch (error) {
      // Outside the embedded process the action does not exist at all.
      if (error instanceof ApiError && error.code === 'NO_ACTION')
        return { present: false, reason: 'absent' };
      // Not an admin (or not signed in as one): the codes of a refused caller.
      if (error instanceof ApiError && refusedCaller.has(error.code)) {
        return { present: false, reason: 'admins-only' };
      }
      throw error;
    }
  },
  component: OutboxPage,
  errorComponent: ({ error }) => <LoadError error={error} />,
});

function OutboxPage() {
  const outbox = Route.useLoaderData();
  const router = useRouter();
  const [refreshing, setRefreshing] = useState(false);
  const { t } = useTranslation();
  useDocumentMeta({ title: t('ui.titles.outbox') });
  const refresh = async () => {
    setRefreshing(true);
    try {
      await router.invalidate();
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <Container py="xl" size="md">
      <Group justify="space-between" mb="lg">
        <Title order={1} fz={32}>
          {t('ui.outbox.title')}
        </Title>
        <Button variant="light" onClick={() => void refresh()} loading={refreshing}>
          {t('ui.outbox.refresh')}
        </Button>
      </Group>
      {!outbox.present && outbox.reason === 'admins-only' ? (
        <Alert color="gray" data-testid="outbox-admins-only">
          <Text mb="sm">{t('ui.outbox.adminsOnly')}</Text>
          <ButtonLink to="/login" search={{ referer: '/dev/outbox' }} variant="light">
            {t('ui.outbox.signInAsAdmin')}
          </ButtonLink>
        </Alert>
      ) : !outbox.present ? (
        <Alert color="gray" data-testid="outbox-absent">
          {t('ui.outbox.absent')}
        </Alert>
      ) : outbox.records.length === 0 ? (
        <Text c="dimmed" data-testid="outbox-empty">
          {t('ui.outbox.empty')}
        </Text>
      ) : (
        <Stack
          gap="md"
          component="ol"
          style={{ listStyle: 'none', padding: 0 }}
          aria-label={t('ui.outbox.sent')}
        >
          {outbox.records.map((message) => (
            <Card component="li" key={message.id} data-testid="outbox-message">
              <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
                <Text fw={600}>{message.subject}</Text>
                <Text size="sm" c="dimmed">
                  <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
                </Text>
              </Group>
              <Text size="sm" mb="xs">
                {t('ui.outbox.to', { to: message.to })}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap' }}>
                {message.text}
              </Code>
            </Card>
          ))}
        </Stack>
      )}
    </Container>
  );
}
